// Test helpers for the store: a wire-shaped cart builder (the interface document's shape: items
// keyed by item key, money as decimal strings), over the file's mock network (helpers/network.ts)
// with its log of what went over the wire.
import { HttpResponse } from 'msw';
import { testShop, type TestShop } from '../helpers/network.js';

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

// --- the network: helpers/network.ts (one worker, one log, one TestShop for every test file) ------

export { sent, sentTo, worker, type SentRequest, type TestShop } from '../helpers/network.js';

/** A shop nobody has talked to yet: its own base URL, so its store, storage and channel are fresh. */
export function newShop(namespace = 'svc'): TestShop {
  return testShop({ namespace });
}
