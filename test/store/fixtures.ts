// Test helpers for the store: a wire-shaped cart builder (the interface document's shape: items
// keyed by item key, money as decimal strings) and one msw worker per test file with a log of what
// went over the wire.
import { HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { resetCartStores } from '../../src/store/cart-store.js';

export interface WireLine {
  key: string;
  quantity: number;
  /** Unit price, minor units. Default 1000 (10.00). */
  price?: number;
  id?: number;
  name?: string;
  /** `cart_item_data`, e.g. `{ mnm_container: 'box' }` on a mix-and-match child. */
  data?: Record<string, unknown>;
}

export interface WireCartInit {
  /** `cart_key` in the body; `''` leaves it out (the header may carry it). */
  key?: string;
  lines?: WireLine[];
}

const decimal = (minor: number) => (minor / 100).toFixed(2);

/** A cart as the service sends it (document shape). */
export function wireCart({ key = '', lines = [] }: WireCartInit = {}): Record<string, unknown> {
  const items: Record<string, unknown> = {};
  let total = 0;
  for (const line of lines) {
    const price = line.price ?? 1000;
    const lineTotal = price * line.quantity;
    total += lineTotal;
    const name = line.name ?? `Product ${line.key}`;
    items[line.key] = {
      item_key: line.key,
      id: line.id ?? 100,
      name,
      title: name,
      price: decimal(price),
      quantity: { value: line.quantity, min_purchase: 1, max_purchase: -1 },
      // The document sends item totals as numbers in major units.
      totals: { subtotal: lineTotal / 100, subtotal_tax: 0, total: lineTotal / 100, tax: 0 },
      slug: `product-${line.key}`,
      meta: { product_type: 'simple', sku: '', variation: {} },
      cart_item_data: line.data ?? {},
    };
  }
  return {
    cart_hash: `hash-${total}`,
    cart_key: key,
    currency: {
      currency_code: 'EUR',
      currency_symbol: '€',
      currency_symbol_pos: 'left',
      currency_minor_unit: 2,
      currency_decimal_separator: '.',
      currency_thousand_separator: ',',
      currency_prefix: '€',
      currency_suffix: '',
    },
    items,
    item_count: lines.reduce((count, line) => count + line.quantity, 0),
    coupons: [],
    needs_payment: total > 0,
    needs_shipping: false,
    shipping: [],
    fees: [],
    taxes: [],
    totals: { subtotal: decimal(total), total: decimal(total), total_tax: '0.00' },
    removed_items: [],
    cross_sells: [],
    notices: [],
  };
}

/** The service's error body (cart routes): `{ code, message, data: { status } }`. */
export function wireError(status: number, code: string): Response {
  return HttpResponse.json({ code, message: `The shop said ${code}.`, data: { status } }, { status });
}

// --- the network ----------------------------------------------------------------------------------

export interface SentRequest {
  method: string;
  url: URL;
  /** The `cart_key` query parameter, `null` when absent. */
  cartKey: string | null;
  authorization: string | null;
  headers: Headers;
  body: string;
}

/** Every request the page sent to a test shop, oldest first (cleared after each test). */
export const sent: SentRequest[] = [];

export const worker = setupWorker();

/** A random prefix per test file: files run side by side and share localStorage and channels. */
const run = Math.random().toString(36).slice(2, 8);
let shops = 0;

/** Starts msw for this file and resets the page between tests. Call once at the top of a file. */
export function useNetwork(): void {
  before(async () => {
    await worker.start({ quiet: true, onUnhandledRequest: 'error', serviceWorker: { url: '/mockServiceWorker.js' } });
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
      void request
        .clone()
        .text()
        .then((body) => (entry.body = body));
    });
  });
  afterEach(() => {
    resetCartStores();
    worker.resetHandlers();
    sent.length = 0;
    clearOwnStorage();
  });
  after(() => worker.stop());
}

/** Removes what this file's shops kept, and nothing of the files running beside it. */
function clearOwnStorage(): void {
  for (const name of Object.keys(localStorage)) if (name.includes(run)) localStorage.removeItem(name);
}

export interface TestShop {
  baseUrl: string;
  namespace: string;
  config: { baseUrl: string; namespace: string };
  /** Absolute URL of a route: `url('v2/cart')`. */
  url(path: string): string;
  /** localStorage name of the kept guest cart key. */
  cartKeyName: string;
}

/** A shop nobody has talked to yet: its own base URL, so its store, storage and channel are fresh. */
export function newShop(namespace = 'svc'): TestShop {
  const baseUrl = `https://shop.test/${run}-${++shops}/wp-json`;
  return {
    baseUrl,
    namespace,
    config: { baseUrl, namespace },
    url: (path) => `${baseUrl}/${namespace}/${path}`,
    cartKeyName: `cart-widget:${baseUrl}/${namespace}:cart-key`,
  };
}

/** Requests to one route (method + path below the namespace), oldest first. */
export function sentTo(shop: TestShop, method: string, path: string): SentRequest[] {
  const target = shop.url(path);
  return sent.filter((request) => request.method === method && `${request.url.origin}${request.url.pathname}` === target);
}
