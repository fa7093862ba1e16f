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
  const lines = items.map((item) => analyticsItem(item, item.quantity.value, cart.currency));
  const value = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return { currency: cart.currency.code, value: Math.round(value * 100) / 100, items: lines };
}
