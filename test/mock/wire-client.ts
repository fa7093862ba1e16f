// Plain-fetch helpers for the mock's tests: they talk to the fake shop on the wire, never through
// src/api, so these tests pin down exactly what the mock sends. The worker is the file's one
// (helpers/network.ts).
import type { SetupWorker } from 'msw/browser';
import { createMockShop, type MockShop } from '../../src/mock/index.js';
import { ready, serve, worker } from '../helpers/network.js';

export { worker } from '../helpers/network.js';

/**
 * Serves the given shops (each has its own base URL) until `stop()` on the returned worker, which
 * withdraws just these shops: the file's worker itself keeps running.
 */
export async function startWorker(...shops: MockShop[]): Promise<SetupWorker> {
  await ready();
  const withdraw = serve(...shops.flatMap((shop) => shop.handlers));
  return new Proxy(worker, {
    get(target, name) {
      if (name === 'stop') return withdraw;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A shop in the document's shape (`svc`) and one in the real-server shape (`cocart`), served for the
 * enclosing `describe` and reset before each of its tests.
 */
export function useBothShapes(): { documentShop: MockShop; realShop: MockShop } {
  const documentShop = createMockShop();
  const realShop = createMockShop({ baseUrl: 'https://real.test/wp-json', namespace: 'cocart', shape: 'real' });
  let withdraw: () => void;
  before(() => {
    withdraw = serve(...documentShop.handlers, ...realShop.handlers);
  });
  after(() => withdraw());
  beforeEach(() => {
    documentShop.reset();
    realShop.reset();
  });
  return { documentShop, realShop };
}

export interface WireResponse {
  status: number;
  headers: Headers;
  text: string;
  // Raw JSON: the tests assert on its exact shape.
  body: any;
}

export interface CallOptions {
  query?: Record<string, string>;
  /** Sent as JSON; a string is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(shop: MockShop, method: string, path: string, options: CallOptions = {}): Promise<WireResponse> {
  const url = new URL(shop.url(path));
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...options.headers } };
  if (options.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}

/** A shop's guest cart: remembers its key and sends it with every call, as the widget does. */
export class GuestCart {
  key: string | null = null;

  constructor(readonly shop: MockShop) {}

  async send(method: string, path: string, options: CallOptions = {}): Promise<WireResponse> {
    const query = { ...(this.key ? { cart_key: this.key } : {}), ...options.query };
    const response = await call(this.shop, method, path, { ...options, query });
    if (!this.key && typeof response.body?.cart_key === 'string') this.key = response.body.cart_key;
    return response;
  }

  get(query: Record<string, string> = {}) {
    return this.send('GET', 'v2/cart', { query });
  }

  add(id: number | string, quantity: number | string = 1, extra: Record<string, unknown> = {}) {
    return this.send('POST', 'v2/cart/add-item', { body: { id: String(id), quantity: String(quantity), ...extra } });
  }

  update(key: string, quantity: number) {
    return this.send('POST', `v2/cart/item/${key}`, { body: { quantity: String(quantity) } });
  }

  remove(key: string) {
    return this.send('DELETE', `v2/cart/item/${key}`);
  }

  restore(key: string) {
    return this.send('PUT', `v2/cart/item/${key}`);
  }

  applyCoupon(code: string) {
    return this.send('POST', 'v2/cart/apply-coupon', { body: { code } });
  }
}

/** `items` as a list, whichever shape the cart came in. */
export function itemsOf(cart: any): any[] {
  return Array.isArray(cart.items) ? cart.items : Object.values(cart.items);
}

/** An amount from the wire in minor units: decimal strings (document) or minor-unit strings (real). */
export function minor(value: string | number, shape: 'document' | 'real', decimals = 2): number {
  if (shape === 'real') return Number(value);
  return Math.round(Number(value) * 10 ** decimals);
}
