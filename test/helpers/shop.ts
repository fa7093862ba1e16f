/**
 * One fake shop per test, answered by one msw worker per test file.
 *
 *   const shop = useShop({ shape: 'real' });
 *   it('…', async () => {
 *     const el = await fixture(html`<cart-drawer base-url=${shop().baseUrl}></cart-drawer>`);
 *     expect(shop().requests).to.have.length(1);
 *   });
 *
 * Each test gets its own base URL (`https://shop.test/t{n}-{page}/wp-json`), so the store shared per
 * base URL + namespace is fresh too, and nothing (carts, stores, localStorage) leaks between tests.
 * Test files run side by side in one browser and share localStorage and tab channels: `{page}` is
 * random per file, and only this file's keys are cleared.
 */
import { delay, http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createMockShop, type MockShop, type MockShopOptions } from '../../src/mock/index.js';
import { itemKey } from '../../src/mock/cart-state.js';
import { getCartStore, resetCartStores, type CartStore } from '../../src/store/cart-store.js';

/** The page's worker: add one-off handlers with `worker.use(…)`; they are dropped after each test. */
export const worker = setupWorker();

let started: Promise<unknown> | undefined;
let count = 0;
const page = Math.random().toString(36).slice(2, 8);

export interface TestShop {
  shop: MockShop;
  baseUrl: string;
  namespace: string;
  /** What the shop saw, oldest first. */
  readonly requests: MockShop['requests'];
  /** The shared store elements with this base URL + namespace use. */
  store(): CartStore;
  /** Absolute URL of a route, e.g. `url('v2/cart')`. */
  url(path: string): string;
}

export function useShop(options: Omit<MockShopOptions, 'baseUrl'> = {}): () => TestShop {
  let current: TestShop | undefined;

  before(async () => {
    started ??= worker.start({
      quiet: true,
      serviceWorker: { url: '/mockServiceWorker.js' },
      onUnhandledRequest(request, print) {
        // The test page's own files pass through; product pictures are decoration. Any other
        // request must be one the fake shop answers.
        const url = new URL(request.url);
        if (url.origin !== location.origin && !/\.(avif|gif|jpe?g|png|svg|webp)$/i.test(url.pathname)) print.error();
      },
    });
    await started;
  });

  beforeEach(() => {
    for (const name of Object.keys(localStorage)) if (name.includes(`-${page}/`)) localStorage.removeItem(name);
    worker.resetHandlers();
    const baseUrl = `https://shop.test/t${++count}-${page}/wp-json`;
    const namespace = options.namespace ?? 'svc';
    const shop = createMockShop({ ...options, baseUrl });
    worker.use(...shop.handlers);
    current = {
      shop,
      baseUrl,
      namespace,
      requests: shop.requests,
      store: () => getCartStore({ baseUrl, namespace }),
      url: (path) => shop.url(path),
    };
  });

  afterEach(() => {
    worker.resetHandlers();
    resetCartStores();
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
