import type { Cart, CartItem, Currency } from '../api/model.js';
import { toMajor } from '../format/money.js';

/** One line in GA4's e-commerce shape. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  /** Unit price, in major units (e.g. 19.99). */
  price: number;
  quantity: number;
}

/** GA4-shaped payload (`currency`, `value`, `items[]`) carried by the cart events. */
export interface AnalyticsDetail {
  currency: string;
  value: number;
  items: AnalyticsItem[];
}

export function analyticsItem(item: Pick<CartItem, 'id' | 'name' | 'price'>, quantity: number, currency: Currency): AnalyticsItem {
  return { item_id: String(item.id), item_name: item.name, price: toMajor(item.price, currency), quantity };
}

/** The detail for some lines of a cart (all of them by default). */
export function analyticsDetail(cart: Cart, items: readonly CartItem[] = cart.items): AnalyticsDetail {
  return detailOf(cart.currency, items.map((item) => analyticsItem(item, item.quantity.value, cart.currency)));
}

/**
 * The detail for what an add put in the cart: new lines and lines whose quantity grew, each with
 * the quantity added. Without the cart from before (never loaded), the lines `added` picks, with
 * `quantity` each.
 */
export function addedDetail(before: Cart | null, after: Cart, added: (item: CartItem) => boolean, quantity: number): AnalyticsDetail {
  const previous = new Map(before?.items.map((item) => [item.key, item.quantity.value]));
  const lines = after.items.flatMap((item) => {
    const grown = before ? item.quantity.value - (previous.get(item.key) ?? 0) : added(item) ? quantity : 0;
    return grown > 0 ? [analyticsItem(item, grown, after.currency)] : [];
  });
  return detailOf(after.currency, lines);
}

function detailOf(currency: Currency, lines: AnalyticsItem[]): AnalyticsDetail {
  const value = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return { currency: currency.code, value: Math.round(value * 100) / 100, items: lines };
}
