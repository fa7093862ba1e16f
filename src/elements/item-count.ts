import type { Cart } from '../api/model.js';
import { boxOf } from '../store/boxes.js';

/**
 * How many items the cart holds as a shopper counts them: a mix-and-match box is one item (its
 * contents are not counted again), on the drawer's trigger and in `<cart-count>`.
 */
export function itemCount(cart: Cart): number {
  const keys = new Set(cart.items.map((item) => item.key));
  return cart.items.reduce((sum, item) => (boxOf(item, keys) ? sum : sum + item.quantity.value), 0);
}
