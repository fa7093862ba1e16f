// Things happening at once (issue 20), on the fake shop in its real mode, whose writes to one cart
// race as CoCart's do (read on arrival, whole cart saved on answer, last writer wins): N quick
// clicks, N tabs, a sign-in with an add beside it, answers that are not a cart, connections that
// drop. Each test fails when two writes to one cart overlap, or a guest line is left behind.
import { afterTabsTold, expect, pause, waitUntil, withoutWebLocks } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import { CartStore } from '../../src/store/cart-store.js';
import type { Cart } from '../../src/api/model.js';
import { useShop, worker, type TestShop } from '../helpers/shop.js';
import { storedSession } from './session-fixtures.js';

const ada = { username: 'ada', password: 'analytical-engine' };

/** `[product id, quantity]` of each line, by id. */
const linesOf = (cart: Cart | null | undefined) =>
  (cart?.items ?? []).map((item) => [item.id, item.quantity.value]).sort((a, b) => a[0]! - b[0]!);

/** How many of a product a cart holds. */
const countOf = (cart: Cart | null | undefined, id: number) =>
  (cart?.items ?? []).filter((item) => item.id === id).reduce((sum, item) => sum + item.quantity.value, 0);

/**
 * The connection drops on signed-in add-item requests (`times` of them): before the request
 * reaches the shop, or after the shop acted on it (its answer never arrives). Returns the undo.
 */
function dropSignedInAdd(when: 'before the shop acted' | 'after the shop acted', times = 1): () => void {
  const fetchBefore = globalThis.fetch;
  let dropped = 0;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const signedIn = new Headers(init?.headers).has('Authorization');
    if (!signedIn || !String(input).includes('/v2/cart/add-item') || dropped >= times) return fetchBefore(input, init);
    dropped++;
    if (when === 'after the shop acted') await (await fetchBefore(input, init)).text();
    throw new TypeError('Failed to fetch');
  };
  return () => (globalThis.fetch = fetchBefore);
}

/** Settles when the shop receives a request to a URL that holds `path` (once). */
function requestArrives(path: string): Promise<void> {
  return new Promise((resolve) => {
    const arrived = ({ request }: { request: Request }) => {
      if (!request.url.includes(path)) return;
      worker.events.removeListener('request:start', arrived);
      resolve();
    };
    worker.events.on('request:start', arrived);
  });
}

/** A store whose customer (Ada) saved mug ×2 and who now, signed out, holds beans ×1 as a guest. */
async function guestWithSavedCart(test: TestShop): Promise<CartStore> {
  const store = test.store();
  await store.signIn(ada);
  await store.addItem({ id: ID.mug, quantity: 2 });
  await store.signOut();
  await store.addItem({ id: ID.ethiopiaBeans, quantity: 1 });
  return store;
}

/** Another tab of the shop: its own store, on the same storage and channel. */
const tabs: CartStore[] = [];
function tab(test: TestShop): CartStore {
  const store = new CartStore(test.config);
  tabs.push(store);
  return store;
}

/** What the shop itself holds for a shopper, read by a fresh page of the visit. */
async function shopHolds(test: TestShop): Promise<Cart> {
  const page = tab(test);
  return page.load();
}

describe('things happening at once, on a shop whose writes race', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });
  /** The same, with requests the shop takes 100 ms to carry out: time to overlap them. */
  const slowShop = useShop({ namespace: 'cocart', shape: 'real', writeTime: 100 });
  afterEach(() => {
    for (const store of tabs.splice(0)) store.dispose();
  });

  it('six quick clicks on "Add to cart" leave six on the shop and on screen', async () => {
    const store = shop().store();
    await store.load();

    await Promise.all(Array.from({ length: 6 }, () => store.addItem({ id: ID.mug, quantity: 1 })));

    expect(countOf(store.state.cart, ID.mug), 'on screen').to.equal(6);
    expect(countOf(await shopHolds(shop()), ID.mug), 'on the shop').to.equal(6);
  });

  it('a tab that loads the cart while another adds does not undo the add', async () => {
    const first = slowShop().store();
    await first.addItem({ id: ID.mug, quantity: 1 });
    const second = tab(slowShop());
    await second.load();

    // The shop saves the whole cart a read loaded: a read that reached it while the add was being
    // carried out (100 ms here) would save mug ×1 over the add's mug ×2.
    const arrived = requestArrives('/v2/cart/add-item');
    const added = first.addItem({ id: ID.mug, quantity: 1 });
    await arrived;
    await pause(20);
    await Promise.all([added, second.load()]);

    expect(countOf(await shopHolds(slowShop()), ID.mug), 'on the shop').to.equal(2);
    await waitUntil(() => [first, second].every((store) => countOf(store.state.cart, ID.mug) === 2), 'a tab does not show 2', { timeout: 2000 });
  });

  for (const locks of ['Web Locks', 'a storage lease (no Web Locks)']) {
    const run = <T>(task: () => Promise<T>) => (locks === 'Web Locks' ? task() : withoutWebLocks(task));

    it(`three tabs adding a Cap at the same moment leave three more on the shop, and every tab shows them, with ${locks}`, () =>
      run(async () => {
        const first = shop().store();
        await first.addItem({ id: ID.mug, quantity: 1 });
        const others = [tab(shop()), tab(shop())];
        await Promise.all(others.map((other) => other.load()));

        await Promise.all([first, ...others].map((store) => store.addItem({ id: ID.mug, quantity: 1 })));

        expect(countOf(await shopHolds(shop()), ID.mug), 'on the shop').to.equal(4);
        await waitUntil(() => [first, ...others].every((store) => countOf(store.state.cart, ID.mug) === 4), 'a tab does not show 4', { timeout: 2000 });
      }));
  }

  it("an add pressed while sign-in is working ends in the customer's cart, beside the guest's line and the saved one", async () => {
    const store = await guestWithSavedCart(shop());

    const signedIn = store.signIn(ada);
    const added = store.addItem({ id: ID.filters, quantity: 1 });
    await Promise.all([signedIn, added]);

    const expected = [[ID.ethiopiaBeans, 1], [ID.filters, 1], [ID.mug, 2]];
    expect(linesOf(store.state.cart)).to.deep.equal(expected);
    expect(linesOf(await store.load()), 'on the shop').to.deep.equal(expected);
    expect(localStorage.getItem(shop().cartKeyName), 'the guest key').to.equal(null);
  });

  it("an add in a second tab while the first signs in ends in the customer's cart, whose saved cart was empty", async () => {
    const store = shop().store();
    await store.addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const second = tab(shop());
    await second.load();

    const signedIn = store.signIn(ada);
    const added = second.addItem({ id: ID.filters, quantity: 1 });
    await Promise.all([signedIn, added]);

    const expected = [[ID.ethiopiaBeans, 1], [ID.filters, 1]];
    expect(linesOf(await store.load()), 'on the shop').to.deep.equal(expected);
    await waitUntil(() => JSON.stringify(linesOf(second.state.cart)) === JSON.stringify(expected), 'the second tab', { timeout: 2000 });
  });

  it("keeps the guest's line when the shop answers the guest cart with a page that is not a cart, and carries it later", async () => {
    const first = shop().store();
    await first.addItem({ id: ID.ethiopiaBeans, quantity: 3 });
    // What the first page tells the others has gone out before the second page opens.
    await afterTabsTold();
    // Another page of the visit, with the guest's key but not its cart on screen.
    const page = tab(shop());
    const challenge = http.get(shop().url('v2/cart'), ({ request }) =>
      request.headers.get('Authorization') ? undefined : new HttpResponse('<!doctype html><title>Just a moment…</title>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    worker.use(challenge);

    await page.signIn(ada).catch(() => undefined);

    expect(localStorage.getItem(shop().cartKeyName), 'the guest key').to.not.equal(null);
    worker.resetHandlers(...worker.listHandlers().filter((handler) => handler !== challenge));
    if (page.state.session.kind === 'guest') await page.signIn(ada);
    else await page.load();
    expect(linesOf(page.state.cart)).to.deep.equal([[ID.ethiopiaBeans, 3]]);
    expect(localStorage.getItem(shop().cartKeyName), 'the guest key, once carried').to.equal(null);
  });

  it('a line the shop added before the connection dropped shows as moved, not as lost', async () => {
    const store = await guestWithSavedCart(shop());
    // The shop adds the line, but its answer never arrives.
    const restore = dropSignedInAdd('after the shop acted');

    try {
      await store.signIn(ada);
    } finally {
      restore();
    }

    expect(store.state.notMerged, 'named as not moved').to.deep.equal([]);
    expect(linesOf(await store.load())).to.deep.equal([[ID.ethiopiaBeans, 1], [ID.mug, 2]]);
  });

  it('a line whose request dropped before the shop acted is carried at the next load, the guest key kept till then', async () => {
    const store = await guestWithSavedCart(shop());
    const restore = dropSignedInAdd('before the shop acted', Infinity);

    try {
      await store.signIn(ada);
    } finally {
      restore();
    }

    expect(store.state.notMerged, 'not named as lost').to.deep.equal([]);
    expect(localStorage.getItem(shop().cartKeyName), 'the guest key').to.not.equal(null);
    expect(linesOf(await store.load())).to.deep.equal([[ID.ethiopiaBeans, 1], [ID.mug, 2]]);
    expect(localStorage.getItem(shop().cartKeyName), 'the guest key, once carried').to.equal(null);
  });

  it("five signed-in tabs adding at once with a token the shop refuses all show the shop's five within 2 s", async () => {
    const first = shop().store();
    await first.signIn(ada);
    const others = [tab(shop()), tab(shop()), tab(shop()), tab(shop())];
    await Promise.all(others.map((other) => other.load()));
    const token = storedSession(first.scope)!.token as string;
    worker.use(
      http.post(shop().url('v2/cart/add-item'), ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${token}`
          ? HttpResponse.json({ code: 'cocart_authentication_error', message: 'Authentication failed.', data: { status: 403 } }, { status: 403 })
          : undefined,
      ),
    );

    await Promise.all([first, ...others].map((store) => store.addItem({ id: ID.mug, quantity: 1 })));

    expect(countOf(await shopHolds(shop()), ID.mug), 'on the shop').to.equal(5);
    await waitUntil(() => [first, ...others].every((store) => countOf(store.state.cart, ID.mug) === 5), 'a tab does not show 5', { timeout: 2000 });
    expect(shop().requests.filter((request) => request.url.includes('refresh-token')), 'one refresh').to.have.length(1);
  });
});
