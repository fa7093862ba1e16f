// Journeys of issue 21: what differs between the CoCart versions merchants run (real-world notes,
// "CoCart 4.4"). Each runs on every store; one that does not apply to a store says why in `skip`.
// Add new ones to `shopVersionJourneys` (see journeys.mjs for a journey's shape).
import { check, followCheckout, orderSummary, resetCustomer, same, signInWithSavedCart } from './checks.mjs';
import { describeLines, money, serverLines } from './shop.mjs';
import { pause, waitFor } from './shopper.mjs';

/** "$1,383.25" → 138325: the digits of an amount shown with all its decimals (minor units). */
export function shownMinor(text) {
  const digits = String(text ?? '').replace(/[^\d]/g, '');
  return digits ? Number(digits) : NaN;
}

/** What the cart's parts add up to, in minor units: subtotal + fees + shipping + tax − discounts. */
export function partsTotal(totals) {
  const n = (name) => Number(totals?.[name] ?? 0);
  return n('subtotal') + n('fee_total') + n('shipping_total') + n('total_tax') - n('discount_total');
}

/** In the page: WooCommerce's checkout totals as shown, `{ label: amount text }` (block or classic checkout). */
function checkoutTotals() {
  const rows = {};
  for (const item of document.querySelectorAll('.wc-block-components-totals-item')) {
    const label = item.querySelector('.wc-block-components-totals-item__label')?.textContent?.trim();
    const value = item.querySelector('.wc-block-components-totals-item__value')?.textContent?.trim();
    if (label && value) rows[label] = value;
  }
  for (const row of document.querySelectorAll('.woocommerce-checkout-review-order-table tfoot tr')) {
    const label = row.querySelector('th')?.textContent?.trim();
    const value = row.querySelector('td .amount, td')?.textContent?.trim();
    if (label && value) rows[label] = value;
  }
  return rows;
}

export const shopVersionJourneys = [
  {
    name: "a cart over 1,000: the drawer's Total is what the shop's checkout asks (subtotal + fees + shipping + tax − discounts)",
    async run({ shopper, products: { expensive, beanie }, shop, note }) {
      const s = await shopper();
      await s.addToCart(expensive.id);
      await s.addToCart(beanie.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      const expected = { [expensive.name]: 1, [beanie.name]: 1 };
      const cart = await waitFor(() => shop.guestCart(key), (c) => same(serverLines(c), expected), `the server should hold ${describeLines(expected)}`, {
        show: (c) => describeLines(serverLines(c)),
      });
      const parts = partsTotal(cart.totals);
      const sent = Number(cart.totals?.total);
      if (sent !== parts) note(`the shop sent totals.total "${cart.totals?.total}" for parts that add up to ${money(parts, cart.currency)}`);

      await s.openDrawer();
      const drawer = await waitFor(() => s.drawerTotals(), (rows) => Boolean(rows.Total), 'the drawer should show a Total', { show: JSON.stringify });
      const link = await s.page.$(`::-p-aria([name="Checkout"][role="link"])`);
      check(link, 'the drawer should offer a "Checkout" link');
      await Promise.all([s.page.waitForNavigation({ waitUntil: 'load' }), link.click()]);
      const summary = await waitFor(() => s.page.evaluate(orderSummary), (found) => same(found.lines, expected), `the checkout page should list ${describeLines(expected)}`, {
        timeout: 20_000,
        show: (found) => (found.empty ? `"${found.empty}"` : describeLines(found.lines)),
      });
      check(summary, 'checkout listed the cart');
      const checkout = await waitFor(() => s.page.evaluate(checkoutTotals), (rows) => Object.keys(rows).some((l) => /^Total$/i.test(l)), "the checkout page should show the order's total", {
        timeout: 20_000,
        show: JSON.stringify,
      });
      const checkoutTotal = checkout[Object.keys(checkout).find((l) => /^Total$/i.test(l))];
      const shownDrawer = shownMinor(drawer.Total);
      check(
        shownMinor(checkoutTotal) === parts,
        `the checkout page's Total ${checkoutTotal} should be the parts' sum ${money(parts, cart.currency)} (${JSON.stringify(checkout)})`,
      );
      check(
        shownDrawer === parts,
        `the drawer shows Total ${drawer.Total}; the shop's checkout asks ${checkoutTotal} (drawer: ${JSON.stringify(drawer)}; shop's totals.total "${cart.totals?.total}")`,
      );
    },
  },

  {
    name: "signed-in customer's checkout lands on WooCommerce's checkout, signed in, listing the saved lines, and the saved cart is still there afterwards",
    customer: true,
    cleanup: resetCustomer,
    async run(context) {
      const { shopper, products: { cap }, shop, store, site } = context;
      const handOver = store.atLeast('4.4');
      await resetCustomer(context);
      const s = await shopper();
      await signInWithSavedCart(context, s);
      const saved = { [cap.name]: 2 };
      await s.openDrawer();
      const link = await s.page.$(`::-p-aria([name="Checkout"][role="link"])`);
      check(link, 'the drawer should offer a "Checkout" link');
      const href = await link.evaluate((a) => a.href);
      check(!new URL(href).search, `the Checkout link on screen should carry no key or hash (${new URL(href).search ? 'it carries a query' : ''})`);
      const { landed, loggedIn, summary } = await followCheckout(s, link);
      const after = serverLines(await shop.customerCart());
      check(same(after, saved), `the customer's saved cart should still hold ${describeLines(saved)} after checkout; it holds ${describeLines(after)}`);
      // What the widget keeps (its `cart-widget:` storage) never holds a cart hash.
      const hash = (await shop.request('GET', 'cart', { auth: true })).json?.cart_hash ?? '';
      const kept = JSON.stringify(await s.page.evaluate(() => [...Object.entries(localStorage), ...Object.entries(sessionStorage)].filter(([k]) => k.startsWith('cart-widget:'))));
      const keepsHash = kept.includes('c_hash') || (/^[0-9a-f]{32}$/.test(hash) && kept.includes(hash));
      if (handOver) {
        check(
          landed.pathname === site.checkoutPath && loggedIn && same(summary.lines, saved),
          `on ${store.cocart} Checkout should land on ${site.checkoutPath} signed in, listing ${describeLines(saved)}; it landed on ${landed.pathname} ` +
            `(${loggedIn ? 'signed in' : 'not signed in'}), ` + (summary.empty ? `saying "${summary.empty}"` : `listing ${describeLines(summary.lines)}`),
        );
      } else {
        // 4.3.6: today's link (no key), WooCommerce's own sign-in at checkout.
        // (WooCommerce sends a checkout with an empty session cart on to /cart/.)
        check(!loggedIn && !new URL(href).search, `on ${store.cocart} Checkout should follow the plain link and not sign in; it landed on ${landed.pathname}${loggedIn ? ' signed in' : ''}`);
      }
      check(!keepsHash, "the widget's storage should hold no cart hash");
    },
  },

  {
    // docs/findings-handover-wc10.md: the drawer reads the shop's route index when it first opens
    // and learns there whether the shop hands a customer's cart over. A Checkout pressed before that
    // answer followed the plain link: on a 4.4 shop WooCommerce sent the customer, not signed in to
    // WordPress, from /checkout/ on to an empty /cart/ (seen on a busy machine in full runs).
    name: "signed-in customer's Checkout pressed while the route index is still on its way waits for it: 4.4 lands on checkout signed in with the saved lines, 4.3.6 follows the plain link",
    customer: true,
    cleanup: resetCustomer,
    async run(context) {
      const { shopper, products: { cap }, shop, store, site } = context;
      await resetCustomer(context);
      const s = await shopper();
      await signInWithSavedCart(context, s);
      const saved = { [cap.name]: 2 };
      // The route index (GET {ns}/v2) answers 3 s late, as a busy shop may.
      const index = new URL(`${site.baseUrl}/cocart/v2`).pathname;
      const held = { asked: 0, answered: 0, answeredWhenLeaving: null };
      await s.page.setRequestInterception(true);
      s.page.on('request', (request) => {
        if (request.isInterceptResolutionHandled()) return;
        if (request.isNavigationRequest() && request.frame() === s.page.mainFrame()) held.answeredWhenLeaving ??= held.answered;
        if (new URL(request.url()).pathname !== index) return void request.continue();
        held.asked++;
        void pause(3000).then(() => {
          held.answered++;
          return request.continue();
        });
      });
      await s.click('button', 'Cart');
      const link = await waitFor(
        () => s.page.$(`::-p-aria([name="Checkout"][role="link"])`),
        Boolean,
        'the drawer should offer a "Checkout" link',
        { show: () => 'no link' },
      );
      check(held.asked === 1 && held.answered === 0, `the route index should be on its way when Checkout is pressed (asked ${held.asked}, answered ${held.answered})`);
      const { landed, loggedIn, summary } = await followCheckout(s, link);
      const where = `it landed on ${landed.pathname} (${loggedIn ? 'signed in' : 'not signed in'}), ${summary.empty ? `saying "${summary.empty}"` : `listing ${describeLines(summary.lines)}`}`;
      if (store.atLeast('4.4')) {
        check(landed.pathname === site.checkoutPath && loggedIn && same(summary.lines, saved), `on ${store.cocart} Checkout should land on ${site.checkoutPath} signed in, listing ${describeLines(saved)}; ${where}`);
      } else {
        // 4.3.6: the plain link (WooCommerce sends its empty checkout on to /cart/), never signed in.
        check(!loggedIn && !landed.search, `on ${store.cocart} Checkout should follow the plain link and not sign in; ${where}`);
      }
      check(held.answeredWhenLeaving === 1, `Checkout should wait for the route index; the page was left before it answered (${where})`);
      const after = serverLines(await shop.customerCart());
      check(same(after, saved), `the customer's saved cart should still hold ${describeLines(saved)} after checkout; it holds ${describeLines(after)}`);
    },
  },
];
