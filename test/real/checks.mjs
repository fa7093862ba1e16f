// What the journeys check, shared by every journey file: the drawer against the server, read from Node.
import { describeLines, money, serverLines } from './shop.mjs';
import { JourneyError, developerText, waitFor } from './shopper.mjs';

export const same = (a, b) => describeLines(a) === describeLines(b);

export function check(condition, message) {
  if (!condition) throw new JourneyError(message);
}

/** Once the page's requests are answered, the server's cart (from `read`) holds exactly `expected` lines. */
export async function serverHolds(read, expected, when, shopper) {
  await shopper?.settle();
  const cart = await waitFor(
    read,
    (c) => same(serverLines(c), expected),
    `${when}: the server should hold ${describeLines(expected)}`,
    { show: (c) => (c ? describeLines(serverLines(c)) : 'nothing') },
  );
  return cart;
}

/** The drawer comes to list exactly `expected` lines (names and quantities, as a screen reader finds them). */
export async function drawerShows(shopper, expected, when) {
  return waitFor(() => shopper.drawerLines(), (lines) => same(lines, expected), `${when}: the drawer should list ${describeLines(expected)}`, {
    show: describeLines,
  });
}

/** Once the page's requests are answered, the drawer lists the server's lines and shows its total. */
export async function drawerMatchesServer(shopper, read, when) {
  await shopper.settle();
  const cart = await read();
  const lines = serverLines(cart);
  await drawerShows(shopper, lines, `${when} (server holds ${describeLines(lines)})`);
  const total = money(cart.totals?.total, cart.currency);
  const text = await shopper.visibleText();
  check(text.includes(total), `${when}: the drawer should show the server's total ${total}`);
  return cart;
}

export async function noDeveloperText(shopper, when) {
  const found = developerText(await shopper.visibleText());
  check(!found, `${when}: a shopper reads developer text ${found}`);
}

export async function signedIn(shopper, when) {
  await waitFor(() => shopper.visibleText(), (text) => /Signed in as /.test(text), `${when}: the login form should say "Signed in as …"`, {
    show: (text) => JSON.stringify(text.split('\n').filter((l) => /sign|password|username|not|wrong|error/i.test(l)).slice(0, 6)),
  });
}

/** Lines of visible text that were not there before. */
export async function newText(shopper, before) {
  const seen = new Set(before.split('\n'));
  return (await shopper.visibleText()).split('\n').filter((line) => !seen.has(line));
}

export const resetCustomer = ({ shop, products }) => shop.setCustomerCart([{ id: products.cap.id, quantity: 2 }]);

/**
 * Signs the customer in (saved cart: Cap ×2). Where sign-in itself lost the saved cart (what the
 * sign-in journey checks), says so in a note and restores it through the API, so that this
 * journey still tests its own subject.
 */
export async function signInWithSavedCart(context, s) {
  const { shop, customer, products: { cap } } = context;
  await s.signIn(customer.username, customer.password);
  await signedIn(s, 'after "Sign in"');
  await s.settle(800);
  const held = serverLines(await shop.customerCart());
  if (!same(held, { [cap.name]: 2 })) {
    const calls = s.log.filter((e) => e.auth).map((e) => `${e.method} ${e.url} [${e.auth}] → ${e.status}`);
    context.note(`sign-in turned the saved ${cap.name} ×2 into ${describeLines(held)} (${calls.join('; ')}); restored through the API`);
    await resetCustomer(context);
    await s.reload();
  }
}

/**
 * Follows the drawer's Checkout link: where it landed, whether WordPress shows the customer signed in
 * there, and the order summary it lists (or that it says the cart is empty).
 */
export async function followCheckout(s, link) {
  await Promise.all([s.page.waitForNavigation({ waitUntil: 'load', timeout: 30_000 }), link.click()]);
  const landed = new URL(s.page.url());
  const loggedIn = await s.page.evaluate(() => document.body.classList.contains('logged-in'));
  const summary = await waitFor(() => s.page.evaluate(orderSummary), (found) => found.empty || Object.keys(found.lines).length > 0, 'the checkout page should show its order summary or say the cart is empty', {
    timeout: 20_000,
  }).catch(() => ({ lines: {}, empty: null }));
  return { landed, loggedIn, summary };
}

/** In the page: WooCommerce's order summary as `{ lines: { name: quantity }, empty }`. */
export function orderSummary() {
  const lines = {};
  for (const item of document.querySelectorAll('.wc-block-components-order-summary-item')) {
    const name = item.querySelector('.wc-block-components-product-name')?.textContent?.trim();
    // The badge: a visible number, then the same again for screen readers ("3 items").
    const badge = item.querySelector('.wc-block-components-order-summary-item__quantity');
    const quantity = Number((badge?.querySelector('[aria-hidden="true"]') ?? badge)?.textContent?.match(/\d+/)?.[0] ?? 1);
    if (name) lines[name] = quantity;
  }
  for (const row of document.querySelectorAll('.woocommerce-checkout-review-order-table .cart_item')) {
    const cell = row.querySelector('.product-name');
    const quantity = Number(cell?.querySelector('.product-quantity')?.textContent?.match(/\d+/)?.[0] ?? 1);
    const name = [...(cell?.childNodes ?? [])].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim();
    if (name) lines[name] = quantity;
  }
  const empty = document.body.innerText.match(/[^\n]*currently empty[^\n]*/i)?.[0]?.trim() ?? null;
  return { lines, empty };
}
