import { expect } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { getCartStore } from '../../src/store/cart-store.js';
import * as later from '../../src/store/load-store-actions.js';
import { newShop, wireCart, worker } from './fixtures.js';

// The store's actions come as a module of their own (`src/store/load-store-actions.ts`). This file's page has
// not loaded it yet when its test starts: it shows what a shopper's first actions do meanwhile.

describe('CartStore actions called before their code has loaded', () => {
  /** The writes the page sends, in the order it calls `fetch` (the worker may see bodies later). */
  const writes: string[] = [];
  const fetchBefore = globalThis.fetch;
  beforeEach(() => {
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push(`${method} ${new URL(String(input)).pathname.split('/svc/')[1]}`);
      return fetchBefore(input, init);
    };
  });
  afterEach(() => {
    globalThis.fetch = fetchBefore;
  });

  it('shows the cart without them, then runs each action in the order it was called', async () => {
    const shop = newShop();
    const cart = (lines: Array<{ key: string; quantity: number }>) => () => HttpResponse.json(wireCart({ key: 't_a', lines }));
    worker.use(
      http.get(shop.url('v2/cart'), cart([{ key: 'a', quantity: 1 }])),
      http.delete(shop.url('v2/cart/item/:key'), cart([])),
      http.post(shop.url('v2/cart/add-item'), cart([{ key: 'b', quantity: 2 }])),
      http.post(shop.url('v2/cart/clear'), cart([])),
    );
    const store = getCartStore(shop.config);
    await store.load();
    // The cart is in without the actions' code (it comes when the browser is idle).
    expect(later.actions).to.equal(undefined);

    const removed = store.removeItem('a');
    const added = store.addItem({ id: 7, quantity: 2 });
    const cleared = store.clear();
    // A quantity change shows at once, even before the code that sends it is here.
    expect(store.state.pending).to.deep.equal(['a']);
    expect(store.state.cart?.items).to.deep.equal([]);
    await Promise.all([removed, added, cleared]);

    expect(later.actions).to.not.equal(undefined);
    expect(writes).to.deep.equal(['DELETE v2/cart/item/a', 'POST v2/cart/add-item', 'POST v2/cart/clear']);
    expect(store.state.pending).to.deep.equal([]);
  });
});
