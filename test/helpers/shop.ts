/**
 * One fake shop per test, on the file's mock network (helpers/network.ts).
 *
 *   const shop = useShop({ shape: 'real' });
 *   it('…', async () => {
 *     const el = await fixture(html`<cart-drawer base-url=${shop().baseUrl}></cart-drawer>`);
 *     expect(shop().requests).to.have.length(1);
 *   });
 *
 * Each test gets its own base URL, so the store shared per base URL + namespace is fresh too, and
 * nothing (carts, stores, localStorage) leaks between tests. Several `useShop()` in one file
 * coexist: each test has all of their shops.
 */
import { delay, http } from 'msw';
import type { MockShop, MockShopOptions } from '../../src/mock/index.js';
import { itemKey } from '../../src/mock/cart-state.js';
import { fakeShop, unansweredRequests, worker, type FakeTestShop } from './network.js';

export { worker } from './network.js';
export type { FakeTestShop as TestShop } from './network.js';
type TestShop = FakeTestShop;

export function useShop(options: Omit<MockShopOptions, 'baseUrl'> = {}): () => TestShop {
  let current: TestShop | undefined;
  // As element tests always had it: an unanswered request is printed, then fails on the network.
  unansweredRequests('network');

  beforeEach(() => {
    current = fakeShop(options);
  });

  return () => {
    if (!current) throw new Error('useShop(): the shop exists inside tests and hooks only');
    return current;
  };
}

/**
 * Requests to one route, e.g. `requestsTo(shop(), 'POST', 'v2/cart/item/:key')`; `:name` matches
 * one path segment.
 */
export function requestsTo(test: TestShop, method: string, path: string): MockShop['requests'] {
  const escaped = test.url(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const route = new RegExp(`^${escaped.replace(/:\w+/g, '[^/]+')}$`);
  return test.requests.filter((request) => request.method === method && route.test(request.url.split('?')[0]!));
}

/**
 * Puts `count` distinct lines straight into the shopper's cart at the shop (as if added in an
 * earlier visit), then loads the cart. Far faster than `count` add-item requests.
 */
export async function seedLines(test: TestShop, count: number, productId = 11): Promise<void> {
  const store = test.store();
  if (!store.state.cart) await store.load();
  const key = store.state.cart?.key;
  const cart = key ? test.shop.carts.get(key) : undefined;
  if (!cart) throw new Error('seedLines(): the shop has no cart for this shopper yet');
  for (let line = 0; line < count; line++) {
    const data = { line };
    cart.lines.push({ key: itemKey(productId, data, null), productId, quantity: 1, data });
  }
  test.shop.carts.touch();
}

/**
 * Holds the shop's answers to `method path` until `release()`: the request waits, then the shop
 * answers it as usual. Shows what the shopper sees while a request is in flight.
 */
export function holdRequests(shop: TestShop, method: 'get' | 'post' | 'put' | 'delete', path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  worker.use(
    http[method](shop.url(path), async () => {
      held++;
      await gate;
      // Nothing returned: msw hands the request on to the shop.
      await delay(0);
    }),
  );
  return { release, held: () => held };
}
