// The journeys of `npm run test:real`, each independent: a fresh browser context (a new shopper),
// the customer's saved cart set to a known state through the API before and after. Every check
// compares what the drawer shows with what the server holds, read from Node.
//
// A journey: `{ name, run(context), customer?, cleanup?(context), skip?(context) }`. `customer: true`
// runs it in the lane that takes turns with the customer's saved cart; `skip` answers why it does
// not apply to a store (a string), else nothing. `context`: `shop` (shop.mjs), `products`,
// `customer`, `site`, `store` ({ baseUrl, cocart, jwt, atLeast(version) }), `shopper()`, `tab(of)`,
// `note(text)`. More journeys live in the files listed at the end.
import { atOnceJourneys } from './journeys-at-once.mjs';
import { crossOriginJourneys } from './journeys-cross-origin.mjs';
import { httpsJourneys } from './journeys-https.mjs';
import { merchantJourneys } from './journeys-merchants.mjs';
import { shopVersionJourneys } from './journeys-versions.mjs';
import { describeLines, serverLines, serverRemoved } from './shop.mjs';
import { developerText, pause, waitFor } from './shopper.mjs';
import {
  check,
  drawerMatchesServer,
  drawerShows,
  newText,
  noDeveloperText,
  orderSummary,
  resetCustomer,
  same,
  serverHolds,
  signedIn,
  signInWithSavedCart,
} from './checks.mjs';

export const journeys = [
  {
    name: 'guest: add, quantity, remove and undo match the server',
    async run({ shopper, products: { beanie, cap }, shop }) {
      const s = await shopper();
      await s.addToCart(beanie.id);
      await s.addToCart(cap.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      const server = () => shop.guestCart(key);
      await serverHolds(server, { [beanie.name]: 1, [cap.name]: 1 }, 'after adding two products', s);

      await s.openDrawer();
      await drawerMatchesServer(s, server, 'drawer opened');

      await s.setQuantity(beanie.name, 3);
      await serverHolds(server, { [beanie.name]: 3, [cap.name]: 1 }, `after typing 3 in "Quantity for ${beanie.name}"`, s);
      await drawerMatchesServer(s, server, 'after the quantity change');

      await s.click('button', `Remove ${cap.name}`);
      const afterRemove = await serverHolds(server, { [beanie.name]: 3 }, `after "Remove ${cap.name}"`, s);
      check(serverRemoved(afterRemove).includes(cap.name), `the server should keep ${cap.name} among removed items`);
      await drawerMatchesServer(s, server, 'after the removal');
      await waitFor(() => s.has('button', `Undo removal of ${cap.name}`), Boolean, `the drawer should offer "Undo" for ${cap.name}`);

      await s.click('button', `Undo removal of ${cap.name}`);
      await serverHolds(server, { [beanie.name]: 3, [cap.name]: 1 }, 'after "Undo"', s);
      await drawerMatchesServer(s, server, 'after the undo');

      await s.reload();
      await s.openDrawer();
      await drawerMatchesServer(s, server, 'after a reload');
      check((await s.stored('cart-key')) === key, 'the reloaded page should keep the same cart key');
      await noDeveloperText(s, 'guest cart');
    },
  },

  {
    name: 'stock errors: clear messages, the drawer keeps what the server holds',
    async run({ shopper, products: { belt, outOfStock }, shop }) {
      const s = await shopper();
      await s.addToCart(belt.id);
      await s.addToCart(belt.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      const server = () => shop.guestCart(key);
      await serverHolds(server, { [belt.name]: 2 }, `after adding ${belt.name} twice`, s);

      // A third: the shop has only 2.
      await s.addToCart(belt.id);
      const overStock = await s.addToCartText(belt.id);
      check(overStock.replace(/Add to cart|Adding…/g, '').trim().length > 0, `adding a third ${belt.name} (2 in stock) should say why it failed; the button shows "${overStock}"`);
      check(!developerText(overStock), `adding a third ${belt.name}: developer text ${developerText(overStock)}`);
      await serverHolds(server, { [belt.name]: 2 }, `after a third ${belt.name}`, s);

      // Out of stock.
      await s.addToCart(outOfStock.id);
      const soldOut = await s.addToCartText(outOfStock.id);
      check(soldOut.replace(/Add to cart|Adding…/g, '').trim().length > 0, `adding ${outOfStock.name} (out of stock) should say why it failed; the button shows "${soldOut}"`);
      check(!developerText(soldOut), `adding ${outOfStock.name}: developer text ${developerText(soldOut)}`);
      await serverHolds(server, { [belt.name]: 2 }, `after trying ${outOfStock.name}`, s);

      // More than the stock typed into the drawer.
      await s.openDrawer();
      await drawerMatchesServer(s, server, 'drawer opened');
      const before = await s.visibleText();
      await s.setQuantity(belt.name, 5);
      await pause(500);
      await s.settle();
      const said = await newText(s, before);
      await drawerMatchesServer(s, server, `after typing 5 for ${belt.name} (2 in stock)`);
      check(
        said.some((line) => /\b2\b/.test(line) && !line.includes(belt.name)),
        `typing 5 for ${belt.name} should tell the shopper only 2 are available; new text: ${JSON.stringify(said)}`,
      );
      await noDeveloperText(s, 'stock errors');
    },
  },

  {
    name: 'sign-in keeps both carts (saved Cap ×2 + guest Beanie ×1)',
    customer: true,
    cleanup: resetCustomer,
    async run(context) {
      const { shopper, products: { beanie, cap }, shop, customer } = context;
      await resetCustomer(context);
      const s = await shopper();
      await s.addToCart(beanie.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      await serverHolds(() => shop.guestCart(key), { [beanie.name]: 1 }, 'guest cart before sign-in', s);

      await s.signIn(customer.username, customer.password);
      await signedIn(s, 'after "Sign in"');
      await s.settle(800);
      const both = { [beanie.name]: 1, [cap.name]: 2 };
      await s.openDrawer();
      await serverHolds(() => shop.customerCart(), both, "the customer's saved cart after sign-in", s);
      await drawerShows(s, both, 'after sign-in');
      await drawerMatchesServer(s, () => shop.customerCart(), 'after sign-in');
      check(!(await s.stored('cart-key')), `the guest cart key should be forgotten after sign-in (still "${await s.stored('cart-key')}")`);
      // The saved cart was not empty: no signed-in request may carry the guest key (it would replace it).
      const risky = s.log.filter((e) => e.auth && !e.url.includes('/login') && e.url.includes(`cart_key=${key}`));
      check(!risky.length, `signed-in requests carry the guest key: ${risky.map((e) => `${e.method} ${e.url} [${e.auth}]`).join('; ')}`);
      await noDeveloperText(s, 'sign-in');
    },
  },

  {
    name: "guest checkout lands on WooCommerce's checkout page listing the items",
    async run({ shopper, products: { beanie, cap }, site }) {
      const s = await shopper();
      await s.addToCart(beanie.id);
      await s.addToCart(cap.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      await s.openDrawer();
      await drawerShows(s, { [beanie.name]: 1, [cap.name]: 1 }, 'before checkout');
      const link = await s.page.$(`::-p-aria([name="Checkout"][role="link"])`);
      check(link, 'the drawer should offer a "Checkout" link');
      const href = await link.evaluate((a) => a.href);
      await Promise.all([s.page.waitForNavigation({ waitUntil: 'load' }), link.click()]);
      const landed = new URL(s.page.url());
      const hands = new URL(href).searchParams.get('cocart-load-cart') === key;
      // WooCommerce's order summary: the checkout block (rendered in the browser), or the classic table.
      const summary = await waitFor(
        () => s.page.evaluate(orderSummary),
        (found) => found.empty || Object.keys(found.lines).length > 0,
        'the checkout page should show its order summary or say the cart is empty',
        { timeout: 20_000 },
      ).catch(() => ({ lines: {}, empty: null }));
      const expected = { [beanie.name]: 1, [cap.name]: 1 };
      const where = `${landed.pathname}${landed.search}`;
      check(
        landed.pathname === site.checkoutPath && same(summary.lines, expected),
        `the Checkout link ${href} (hands the cart over: ${hands ? 'yes' : 'no'}) landed on ${where}, ` +
          (summary.empty ? `which says "${summary.empty}"` : `whose order summary lists ${describeLines(summary.lines)}`),
      );
    },
  },

  {
    name: 'core-only store: applied coupon and rates shown, no coupon/shipping controls, no developer text',
    async run({ shopper, products: { beanie }, shop, note }) {
      const s = await shopper();
      await s.addToCart(beanie.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      // A coupon applied outside the widget (the test store's own cart/update callback, as the
      // shop's theme might): the drawer shows it even without coupon routes.
      const applied = await shop.request('POST', 'cart/update', { cartKey: key, body: { namespace: 'rw-test', data: { apply_coupon: 'rw10' } } });
      const hasCoupon = applied.status === 200 && JSON.stringify(applied.json?.coupons ?? []).includes('rw10');
      await s.reload();
      await s.openDrawer();
      await s.settle(1000);
      const server = () => shop.guestCart(key);
      await drawerMatchesServer(s, server, 'drawer opened');
      const problems = [];
      const text = await s.visibleText();
      if (hasCoupon && !/rw10/i.test(text)) problems.push('the applied coupon rw10 is not shown');

      // Coupon entry: only where the shop has the routes (CoCart core has none).
      if (await s.has('textbox', 'Coupon code')) {
        problems.push('a "Coupon code" field is offered on a store without coupon routes');
        const before = await s.visibleText();
        await s.locate('textbox', 'Coupon code').fill('rwfixed5');
        await s.click('button', 'Apply');
        await s.settle(800);
        const said = await newText(s, before);
        const dev = developerText(said.join('\n'));
        if (dev) problems.push(`applying a coupon shows developer text ${dev}`);
        else if (said.length) problems.push(`applying a coupon says ${JSON.stringify(said)}`);
      }

      // Shipping: rates are shown; a choice is offered only where the shop can change it.
      const radios = (await s.accessibleNodes()).filter((n) => n.role === 'radio');
      const cart = await server();
      const pkg = Object.values(cart.shipping?.packages ?? {})[0];
      const rateCount = pkg ? Object.keys(pkg.rates ?? {}).length : 0;
      if (!rateCount) note(`the store offers no shipping rates for this cart (needs_shipping: ${cart.needs_shipping}): shipping choice not exercised`);
      if (!hasCoupon) note(`the store's rw-test cart/update callback did not apply rw10 (${applied.status}): applied-coupon display not exercised`);
      if (rateCount && !radios.length && !/Flat rate|Local pickup/.test(text)) problems.push("the shop's shipping rates are not shown");
      const choosable = radios.filter((r) => !r.disabled && !r.checked);
      if (choosable.length) {
        const target = choosable[0];
        problems.push(`shipping rate "${target.name}" can be chosen on a store without the set-shipping-method route`);
        const before = await s.visibleText();
        await s.click('radio', target.name);
        await s.settle(800);
        const said = await newText(s, before);
        const dev = developerText(said.join('\n'));
        if (dev) problems.push(`choosing a rate shows developer text ${dev}`);
        const chosen = Object.values((await server()).shipping?.packages ?? {})[0]?.chosen_method;
        const checked = (await s.accessibleNodes()).find((n) => n.role === 'radio' && n.checked);
        if (checked && pkg?.rates?.[chosen] && !checked.name.includes(pkg.rates[chosen].label)) {
          problems.push(`the drawer shows "${checked.name}" chosen while the server keeps ${chosen}`);
        }
      }
      const dev = developerText(await s.visibleText());
      if (dev) problems.push(`developer text on screen ${dev}`);
      check(!problems.length, problems.join('; '));
    },
  },

  {
    name: "shipping estimate: 4.3.6 keeps the shop's region, and the drawer says so instead of claiming rates",
    async run({ shopper, products: { beanie }, shop }) {
      const s = await shopper();
      await s.addToCart(beanie.id);
      await s.openDrawer();
      await s.settle(1000);
      if (!(await s.has('button', 'Calculate shipping'))) {
        // The estimate is offered for a cart the shop ships: say which of the two is missing.
        const key = await s.stored('cart-key');
        const ships = key ? (await shop.guestCart(key)).needs_shipping : 'unknown';
        check(
          ships !== false,
          `the store does not ship ${beanie.name} (needs_shipping: false), so there is nothing to estimate: a store ` +
            'fresh from start-real-cocart.sh ships from its second start (README, "Testing against a real store")',
        );
        check(false, 'the drawer should offer "Calculate shipping" for a cart the shop ships, on a store with cart/update');
      }
      await s.click('button', 'Calculate shipping');
      await s.page.locator('::-p-aria([name="Country"][role="combobox"])').fill('DE');
      await s.locate('textbox', 'Postcode').fill('10115');
      await s.click('button', 'Update');
      await s.settle(1500);
      const text = await s.visibleText();
      check(/Rates are for the shop's region/.test(text), `the drawer should say the rates are for the shop's region; it says ${JSON.stringify(text.slice(0, 400))}`);
      check(!/Shipping to Germany/.test(text), 'the drawer claims rates for Germany, which the shop did not use');
      check(!(await s.has('button', 'Calculate shipping')) && !(await s.has('button', 'Change address')), 'the estimate is still offered after the shop kept its region');
      const dev = developerText(text);
      check(!dev, `developer text on screen ${dev}`);
    },
  },

  {
    name: 'token refresh after a corrupted token keeps the customer signed in with their cart',
    customer: true,
    cleanup: resetCustomer,
    async run(context) {
      const { shopper, products: { cap }, shop } = context;
      await resetCustomer(context);
      const s = await shopper();
      await signInWithSavedCart(context, s);
      const raw = await waitFor(() => s.stored('session'), Boolean, 'the bearer session should be kept (this tab\'s sessionStorage without "Keep me signed in")');
      const session = JSON.parse(raw);
      check(typeof session.token === 'string' && session.token.split('.').length === 3, `the stored session should hold a JWT (has ${Object.keys(session)})`);
      // Break the signature, keep the payload (and its `exp`) readable: only the shop can tell.
      const original = session.token;
      const tail = original.slice(-6);
      const corrupted = original.slice(0, -6) + (tail === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
      await s.store('session', JSON.stringify({ ...session, token: corrupted }));
      const mark = s.log.length;
      await s.reload();
      await s.openDrawer();
      await signedIn(s, 'after a reload with a corrupted token');
      const fresh = await waitFor(
        async () => JSON.parse((await s.stored('session')) ?? 'null')?.token,
        (token) => token && token !== corrupted && token !== original,
        'a new token should be stored after the refresh',
        { show: (t) => (t === corrupted ? 'the corrupted token' : t === original ? 'the original token' : String(t)) },
      );
      check(fresh, 'refreshed');
      const refreshes = s.log.slice(mark).filter((e) => e.url.includes('refresh-token'));
      check(refreshes.length >= 1, 'the widget should exchange the refresh token');
      check(refreshes.every((e) => !e.auth), 'the refresh-token request must carry no Authorization header');
      await drawerShows(s, { [cap.name]: 2 }, 'after the refresh');
      await drawerMatchesServer(s, () => shop.customerCart(), 'after the refresh');
      await noDeveloperText(s, 'token refresh');
    },
  },

  {
    name: 'unknown user is told the same as a wrong password, stays a guest',
    async run({ shopper, customer }) {
      // Two shoppers, so neither message can be left over from the other attempt.
      const unknown = await shopper();
      const initial = await unknown.elementText('login-form');
      await unknown.signIn(`nobody-${Date.now().toString(36)}`, 'not-a-password');
      const unknownSays = await waitFor(() => unknown.elementText('login-form'), (t) => t !== initial && !/Signing in/.test(t), 'unknown user: the form should say what went wrong', {
        show: (t) => JSON.stringify(t),
      });
      const wrong = await shopper();
      await wrong.signIn(customer.username, `${customer.password}-wrong`);
      const wrongSays = await waitFor(() => wrong.elementText('login-form'), (t) => t !== initial && !/Signing in/.test(t), 'wrong password: the form should say what went wrong', {
        show: (t) => JSON.stringify(t),
      });
      const dev = developerText(await unknown.visibleText());
      check(!dev, `unknown user: developer text ${dev}`);
      check(unknownSays === wrongSays, `unknown user should read what a wrong password reads ("${wrongSays}"), reads "${unknownSays}"`);
      check(await unknown.has('button', 'Sign in'), 'unknown user: the "Sign in" form should stay');
      check(!(await unknown.stored('session')), 'unknown user: no session should be stored');
    },
  },

  {
    name: "sign-out leaves the customer's cart intact on the server and off the screen",
    customer: true,
    cleanup: resetCustomer,
    async run(context) {
      const { shopper, products: { cap }, shop } = context;
      await resetCustomer(context);
      const saved = { [cap.name]: 2 };
      const s = await shopper();
      await signInWithSavedCart(context, s);
      await s.openDrawer();
      await drawerShows(s, saved, 'signed in');
      await s.closeDrawer();
      await s.click('button', 'Sign out');
      await waitFor(() => s.has('button', 'Sign in'), Boolean, 'after "Sign out" the form should offer "Sign in"');
      await s.settle(800);
      await serverHolds(() => shop.customerCart(), saved, "the customer's saved cart after sign-out", s);
      check(!(await s.stored('session')), 'after sign-out no session should be stored');
      await s.openDrawer();
      await drawerShows(s, {}, "after sign-out (the customer's lines must not stay on screen)");
      await waitFor(() => s.visibleText(), (t) => t.includes('Your cart is empty.'), 'after sign-out the drawer should say "Your cart is empty."', {
        show: () => 'no such text',
      });
      await s.reload();
      await s.settle(800);
      await serverHolds(() => shop.customerCart(), saved, "the customer's saved cart after sign-out and a reload", s);
      await noDeveloperText(s, 'sign-out');
    },
  },
  {
    name: "guest: the next page shows the last cart at once, before the shop answers, then the shop's",
    async run({ shopper, products: { beanie }, shop }) {
      const s = await shopper();
      await s.addToCart(beanie.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      await serverHolds(() => shop.guestCart(key), { [beanie.name]: 1 }, 'after adding', s);
      // The next page on a slow network: the shop's answer to the cart read is held until the count shows.
      let held = 0;
      let release = () => {};
      const gate = new Promise((resolve) => (release = resolve));
      const hold = async (request) => {
        if (request.method() === 'GET' && /\/v2\/cart(\?|$)/.test(request.url())) {
          held++;
          await gate;
        }
        await request.continue().catch(() => undefined);
      };
      await s.page.setRequestInterception(true);
      s.page.on('request', hold);
      try {
        await s.page.reload({ waitUntil: 'load' });
        await waitFor(() => s.cartCount(), (count) => count === 1, 'the next page should show the last cart (1 item) before the shop answers');
        check(held === 1, `the next page should read the cart again all the same (held ${held} reads)`);
      } finally {
        release();
        s.page.off('request', hold);
        await s.page.setRequestInterception(false);
      }
      await s.settle();
      await s.openDrawer();
      await drawerShows(s, { [beanie.name]: 1 }, "the shop's answer");
      check(!(await s.page.evaluate(() => Object.values(localStorage).some((value) => /token|cart_hash/.test(value)))), 'no token or hash in localStorage');
    },
  },
  ...atOnceJourneys,
  ...shopVersionJourneys,
  ...merchantJourneys,
  ...crossOriginJourneys,
  ...httpsJourneys,
];
