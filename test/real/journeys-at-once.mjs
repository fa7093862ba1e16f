// Journeys of issue 20: things a shopper does at once. CoCart saves a whole cart per write, last
// writer wins (real-world notes, "Writes to one cart race"), so these pass only when the widget sends
// one write at a time per cart, across the tabs of one browser too, and keeps every line at sign-in.
import { check, drawerShows, noDeveloperText, resetCustomer, same, serverHolds, signedIn } from './checks.mjs';
import { describeLines, serverLines } from './shop.mjs';
import { JourneyError, pause, waitFor } from './shopper.mjs';

/** Every tab's "Cart" button shows `count` within `ms` (whether the tab is in front or not). */
async function everyTabCounts(tabs, count, when, ms = 2000) {
  const started = Date.now();
  const seen = await Promise.all(
    tabs.map((tab, n) =>
      waitFor(() => tab.cartCount(), (shown) => shown === count, `${when}: tab ${n + 1} should show ${count} on its "Cart" button`, {
        timeout: ms,
      }).then(() => Date.now() - started),
    ),
  );
  return Math.max(...seen);
}

/** Until no product's `<add-to-cart>` in these tabs is busy (every add answered). */
async function addsAnswered(tabs, productId) {
  await waitFor(
    async () => (await Promise.all(tabs.map((tab) => tab.addToCartBusy(productId)))).some(Boolean),
    (busy) => !busy,
    'every "Add to cart" should be answered',
    { timeout: 30_000 },
  );
}

export const atOnceJourneys = [
  {
    name: 'three tabs add at once: the shop holds every add, every tab shows it within 2 s',
    async run({ shopper, tab, products: { cap }, shop, note }) {
      const first = await shopper();
      await first.addToCart(cap.id);
      const key = await waitFor(() => first.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      const server = () => shop.guestCart(key);
      const before = serverLines(await serverHolds(server, { [cap.name]: 1 }, 'after the first Cap', first))[cap.name];
      const tabs = [first, await tab(first), await tab(first)];
      for (const [n, t] of tabs.entries()) {
        check((await t.stored('cart-key')) === key, `tab ${n + 1} should use the guest's one cart key`);
      }
      await everyTabCounts(tabs, before, 'before the clicks', 15_000);

      // Each tab presses "Add to cart" for a Cap at the same moment (the newest tab is in front, the
      // other two in the background, as the browser has them).
      await Promise.all(tabs.map((t) => t.pressAddToCart(cap.id)));
      await addsAnswered(tabs, cap.id);
      const expected = { [cap.name]: before + 3 };
      // From the moment every add is answered: the shop's cart, and each tab's count within 2 s.
      const [held, shown] = await Promise.allSettled([
        serverHolds(server, expected, 'after three tabs each added a Cap at once'),
        everyTabCounts(tabs, before + 3, 'within 2 s of the last answer'),
      ]);
      if (held.status === 'rejected') {
        const counts = await Promise.all(tabs.map((t) => t.cartCount().catch(() => '?')));
        throw new JourneyError(`${held.reason.message}; the tabs' "Cart" buttons show ${counts.join(', ')}`);
      }
      if (shown.status === 'rejected') throw shown.reason;
      const took = shown.value;
      note(`every tab showed ${before + 3} within ${took} ms of the last answer`);
      for (const t of tabs) await noDeveloperText(t, 'three tabs');
    },
  },

  {
    name: 'six quick clicks (Add to cart, then + five times) end with Cap ×6 on the shop and on screen',
    async run({ shopper, products: { cap }, shop }) {
      const s = await shopper();
      const add = await s.addToCartButton(cap.id);
      await add.click();
      await s.openDrawer();
      // The line appears once the add is answered; the next five clicks come as fast as a shopper's.
      const plus = await waitFor(() => s.page.$(`::-p-aria([name=${JSON.stringify(`Increase quantity of ${cap.name}`)}][role="button"])`), Boolean, `the drawer should offer "Increase quantity of ${cap.name}"`);
      for (let i = 0; i < 5; i++) {
        await plus.click();
        await pause(60);
      }
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      const expected = { [cap.name]: 6 };
      await serverHolds(() => shop.guestCart(key), expected, 'after six quick clicks', s);
      await drawerShows(s, expected, 'after six quick clicks');
      await waitFor(() => s.cartCount(), (n) => n === 6, 'the "Cart" button should show 6', { timeout: 2000 });
      await s.reload();
      await s.openDrawer();
      await drawerShows(s, serverLines(await shop.guestCart(key)), 'after a reload');
      await noDeveloperText(s, 'six quick clicks');
    },
  },

  {
    name: "a sign-in while a second tab adds: the added line ends in the customer's cart, nothing orphaned",
    customer: true,
    cleanup: resetCustomer,
    async run(context) {
      const { shopper, tab, products: { beanie, cap, belt }, shop, customer } = context;
      await resetCustomer(context);
      const signing = await shopper();
      await signing.addToCart(beanie.id);
      const guestKey = await waitFor(() => signing.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      await serverHolds(() => shop.guestCart(guestKey), { [beanie.name]: 1 }, 'guest cart before sign-in', signing);
      const adding = await tab(signing);

      // The second tab presses "Add to cart" the moment the shop has accepted the password: sign-in
      // is then carrying the guest's lines over.
      await signing.front();
      const loggedIn = signing.page
        .waitForResponse((response) => response.url().includes('/login'), { timeout: 30_000 })
        .then((response) => response.status(), (error) => `no answer (${error.message})`);
      await signing.locate('textbox', 'Username, email or phone').fill(customer.username);
      await signing.locate('textbox', 'Password').fill(customer.password);
      await signing.click('button', 'Sign in');
      const login = await loggedIn;
      check(login === 200, `the shop should accept the customer's password (login answered ${login})`);
      await adding.pressAddToCart(belt.id);
      await addsAnswered([adding], belt.id);
      await signedIn(signing, 'after "Sign in"');
      await Promise.all([signing.settle(800), adding.settle(800)]);

      const expected = { [cap.name]: 2, [beanie.name]: 1, [belt.name]: 1 };
      await serverHolds(() => shop.customerCart(), expected, "the customer's cart after sign-in and the second tab's add");
      // The old guest cart may keep a copy of what was carried over (4.4 leaves it); a line that is
      // there and not in the customer's cart is orphaned: nobody reaches that cart any more.
      const held = serverLines(await shop.customerCart());
      const left = serverLines(await shop.guestCart(guestKey));
      const orphaned = Object.fromEntries(Object.entries(left).filter(([name, quantity]) => !(held[name] >= quantity)));
      check(same(orphaned, {}), `lines left in the old guest cart only: ${describeLines(orphaned)} (it holds ${describeLines(left)})`);
      for (const [n, t] of [signing, adding].entries()) {
        await t.front();
        await signedIn(t, `tab ${n + 1}`);
        await waitFor(() => t.cartCount(), (count) => count === 4, `tab ${n + 1} should show 4 on its "Cart" button`, { timeout: 5000 });
        await t.openDrawer();
        await drawerShows(t, expected, `tab ${n + 1} after sign-in`);
        await noDeveloperText(t, `tab ${n + 1}`);
      }
    },
  },
];
