// Issue 30, point 4: a sign-in's carry-over that met a dropped connection resumes on its own once
// the shop answers again, without the shopper doing anything, and never adds a line twice. On the
// fake shop in its real mode (CoCart 4.3.6); the scene is in helpers/carry-over.ts.
import { expect, waitUntil } from '../helpers/testing.js';
import { CartStore } from '../../src/store/cart-store.js';
import type { Cart } from '../../src/api/model.js';
import { ada, dropOnAdd, EVERY_LINE, guestWithSavedCap, ITEMS, linesOf } from '../helpers/carry-over.js';
import { useShop } from '../helpers/shop.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('a carry-over that met a dropped connection', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });
  const pages: CartStore[] = [];
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    for (const page of pages.splice(0)) page.dispose();
  });

  /** What the shop itself holds for Ada, read by a fresh page of the visit. */
  async function shopHolds(): Promise<Cart> {
    const page = new CartStore(shop().config);
    pages.push(page);
    return page.load();
  }

  it("resumes on its own once the shop answers again: within 10 s the customer's cart holds Cap ×2, Beanie, Hoodie and T-Shirt, and the error clears", async function () {
    this.timeout(30_000);
    const store = await guestWithSavedCap(shop());
    const drop = dropOnAdd(ITEMS.hoodie, 'before the shop acted', 2500);
    restore = drop.restore;

    await store.signIn(ada);

    expect(linesOf(store.state.cart), 'right after the sign-in').to.deep.equal([
      [ITEMS.beanie, 1],
      [ITEMS.cap, 2],
    ]);
    expect(store.state.status, 'the shopper was told').to.equal('error');

    // No action of the shopper's from here on.
    await waitUntil(() => same(linesOf(store.state.cart), EVERY_LINE), 'the carry-over did not resume', { timeout: drop.up() - performance.now() + 10_000 });
    expect(performance.now() - drop.up(), 'ms after the shop answered again').to.be.below(10_000);
    await waitUntil(() => store.state.status === 'idle', 'the error stayed', { timeout: 2000 });
    expect(store.state.error).to.equal(undefined);
    expect(store.state.notMerged).to.deep.equal([]);
    expect(store.state.merging, 'nothing on its way').to.equal(undefined);
    expect(localStorage.getItem(shop().cartKeyName), 'the guest key, once carried').to.equal(null);
    expect(linesOf(await shopHolds()), 'on the shop, each line once').to.deep.equal(EVERY_LINE);
  });

  it('never adds the Hoodie twice when its add landed before the connection dropped', async function () {
    this.timeout(30_000);
    const store = await guestWithSavedCap(shop());
    const drop = dropOnAdd(ITEMS.hoodie, 'after the shop acted', 2500);
    restore = drop.restore;

    await store.signIn(ada);

    await waitUntil(() => !localStorage.getItem(shop().cartKeyName), 'the carry-over did not resume', { timeout: drop.up() - performance.now() + 10_000 });
    await waitUntil(() => same(linesOf(store.state.cart), EVERY_LINE), 'the cart does not show every line once', { timeout: 2000 });
    expect(linesOf(await shopHolds()), 'on the shop, the Hoodie once').to.deep.equal(EVERY_LINE);
    expect(store.state.status).to.equal('idle');
  });

  it('keeps trying while the shop cannot be reached, tells the shopper once, and names the lines on their way', async function () {
    this.timeout(30_000);
    const store = await guestWithSavedCap(shop());
    const drop = dropOnAdd(ITEMS.hoodie, 'before the shop acted', 60_000);
    restore = drop.restore;
    await store.signIn(ada);
    const told = store.state.error;
    const afterSignIn = drop.tried();

    // 1 s, then 2 s later: two tries of its own (a read of the guest cart, with its own retries, each).
    await waitUntil(() => drop.tried() >= afterSignIn + 4, 'no second try of its own', { timeout: 6000 });
    expect(store.state.status).to.equal('error');
    expect(store.state.error, 'told once').to.equal(told);
    expect(store.state.merging).to.deep.equal(['Colombia Huila Beans', 'Barista T-Shirt - Black, M']);
    expect(localStorage.getItem(shop().cartKeyName), 'the guest key, kept for the lines owed').to.not.equal(null);
  });
});
