/**
 * The mock network of a test file: its one msw worker, its test shops and a log of what was sent.
 *
 * Importing this module sets the network up once for the whole file, on mocha's root suite: the
 * worker starts before the first test; after each test (once every describe's own afterEach has
 * run) handlers added during the test go, stores are dropped, the `sent` log is emptied and this
 * file's localStorage and sessionStorage are cleared. Nothing here registers anything twice, however many describes
 * use it, and shops made in one file coexist: making a shop never removes another's handlers.
 *
 *   const shop = fakeShop({ shape: 'real' });   // in a test or hook: a fake shop served for this test
 *   const plain = testShop();                    // a base URL nobody answers yet: `worker.use(…)` it
 *   sentTo(plain, 'GET', 'v2/cart');            // what the page sent there
 *
 * Test files run side by side in one browser and share localStorage and tab channels: every shop's
 * base URL carries a random id per file (`https://shop.test/t{n}-{run}/wp-json`), so each shop's
 * store, storage and channel are fresh, and only this file's keys are cleared.
 */
import { setupWorker } from 'msw/browser';
import { createMockShop, type MockShop, type MockShopOptions } from '../../src/mock/index.js';
import { getCartStore, resetCartStores, type CartStore } from '../../src/store/cart-store.js';
import type { StoreConfig } from '../../src/store/config.js';

/** The file's worker: add one-off handlers with `worker.use(…)`; they are dropped after each test. */
export const worker = setupWorker();

type Handler = Parameters<typeof worker.use>[number];

/** A random id per test file: files run side by side and share localStorage and channels. */
const run = Math.random().toString(36).slice(2, 8);
let shops = 0;

// --- what the page sent ---------------------------------------------------------------------------

export interface SentRequest {
  method: string;
  url: URL;
  /** The `cart_key` query parameter, `null` when absent. */
  cartKey: string | null;
  authorization: string | null;
  headers: Headers;
  body: string;
}

/** Every request the page sent to a `shop.test` host, oldest first (emptied after each test). */
export const sent: SentRequest[] = [];

// Registered once, when the module is first evaluated: never a second listener, never a doubled log.
worker.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (!url.hostname.endsWith('shop.test')) return;
  const entry: SentRequest = {
    method: request.method,
    url,
    cartKey: url.searchParams.get('cart_key'),
    authorization: request.headers.get('Authorization'),
    headers: request.headers,
    body: '',
  };
  sent.push(entry);
  const read: Promise<void> = request
    .clone()
    .text()
    .then(
      (body) => void (entry.body = body),
      () => undefined,
    )
    .finally(() => reading.delete(read));
  reading.add(read);
});

/** The logged requests whose bodies are still being read (`request:start` reads a copy of each). */
const reading = new Set<Promise<void>>();

// The page's `fetch` hands over an answer only once every request logged so far has its body: a
// handler that answers without reading the body can answer before the copy above is read, and a
// test checking `sent[…].body` right after its request then saw '' (once in CI, on a busy machine).
const pageFetch = globalThis.fetch;
globalThis.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
  const bodiesRead = () => Promise.all(reading);
  return pageFetch.apply(this, args).then(
    async (response) => {
      await bodiesRead();
      return response;
    },
    async (error: unknown) => {
      await bodiesRead();
      throw error;
    },
  );
};

/** Requests sent to one route (method + path below the namespace, query left out), oldest first. */
export function sentTo(shop: TestShop, method: string, path: string): SentRequest[] {
  const target = shop.url(path);
  return sent.filter((request) => request.method === method && `${request.url.origin}${request.url.pathname}` === target);
}

// --- the worker's life ----------------------------------------------------------------------------

let started: Promise<unknown> | undefined;

/**
 * What becomes of a request no handler answers (besides msw's error in the console): `'error'`, it
 * is answered with msw's 500 "Request Handler Error" (store, api and mock tests); `'network'`, it
 * goes on to the network, where a test host never resolves and the page sees a network failure
 * (element tests: `useShop()` asks for this). The test page's own files and pictures always pass.
 */
let unhandled: 'error' | 'network' = 'error';

/** Sets what becomes of unanswered requests for this file (see `unhandled`). */
export function unansweredRequests(mode: 'error' | 'network'): void {
  unhandled = mode;
}

/** Starts the worker (once; later calls wait for the same start). */
export function ready(): Promise<unknown> {
  started ??= worker.start({
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest(request, print) {
      const url = new URL(request.url);
      if (url.origin === location.origin || /\.(avif|gif|jpe?g|png|svg|webp)$/i.test(url.pathname)) return;
      print.error();
      // msw only prints for a callback; a rejection makes it answer as its 'error' strategy does.
      if (unhandled === 'error') return Promise.reject(new Error(`[MSW] no handler for ${request.method} ${request.url}`));
    },
  });
  return started;
}

/** Handlers that outlive a test (see `serve`): what the worker goes back to after each test. */
const served: Handler[] = [];

/**
 * Answers with `handlers` until the returned function is called, across tests (for shops made once
 * per describe or file). Handlers added with `worker.use(…)` still go after each test.
 */
export function serve(...handlers: Handler[]): () => void {
  served.unshift(...handlers);
  worker.use(...handlers);
  return () => {
    for (const handler of handlers) {
      const at = served.indexOf(handler);
      if (at >= 0) served.splice(at, 1);
    }
    worker.resetHandlers(...worker.listHandlers().filter((handler) => !handlers.includes(handler)));
  };
}

/** Removes what this file's shops kept, and nothing of the files running beside it. */
function clearOwnStorage(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const name of Object.keys(storage)) if (name.includes(run)) storage.removeItem(name);
  }
}

// Mocha's root suite: these hooks wrap every test of the file, once, outside every describe.
before(() => ready());
beforeEach(() => clearOwnStorage());
afterEach(() => {
  resetCartStores();
  worker.resetHandlers(...served);
  sent.length = 0;
  clearOwnStorage();
});

// --- test shops -----------------------------------------------------------------------------------

export interface TestShop {
  baseUrl: string;
  namespace: string;
  /** The store config for this shop (a session shop may add `auth` and friends). */
  config: StoreConfig;
  /** Absolute URL of a route: `url('v2/cart')`. */
  url(path: string): string;
  /** localStorage name of the kept guest cart key. */
  cartKeyName: string;
  /** The shared store elements with this config use. */
  store(): CartStore;
}

/** A test shop answered by the fake shop (src/mock). */
export interface FakeTestShop extends TestShop {
  shop: MockShop;
  /** What the fake shop saw, oldest first. */
  readonly requests: MockShop['requests'];
}

export interface TestShopOptions {
  namespace?: string;
  /** Default `https://shop.test`; the log `sent` only sees `shop.test` hosts. */
  origin?: string;
}

/** A shop nobody has talked to yet and nothing answers: add its handlers with `worker.use(…)`. */
export function testShop(options: TestShopOptions = {}): TestShop {
  const baseUrl = `${options.origin ?? 'https://shop.test'}/t${++shops}-${run}/wp-json`;
  const namespace = options.namespace ?? 'svc';
  const config: StoreConfig = { baseUrl, namespace };
  return {
    baseUrl,
    namespace,
    config,
    url: (path) => `${baseUrl}/${namespace}/${path.replace(/^\/+/, '')}`,
    cartKeyName: `cart-widget:${baseUrl}/${namespace}:cart-key`,
    store: () => getCartStore(config),
  };
}

/**
 * A fresh fake shop served for the running test (its handlers go after it). Call it inside a test
 * or a hook; `useShop()` (helpers/shop.ts) makes one per test for you.
 */
export function fakeShop(options: Omit<MockShopOptions, 'baseUrl'> & { origin?: string } = {}): FakeTestShop {
  const { origin, ...mock } = options;
  const test = testShop({ namespace: options.namespace ?? 'svc', ...(origin ? { origin } : {}) });
  const shop = createMockShop({ ...mock, baseUrl: test.baseUrl, namespace: test.namespace });
  worker.use(...shop.handlers);
  return { ...test, shop, requests: shop.requests };
}
