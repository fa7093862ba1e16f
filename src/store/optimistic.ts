import type { Cart, CartItem } from '../api/model.js';
import { boxOf } from './boxes.js';

/**
 * The optimistic cart: what the shopper expects to see while quantity changes are in flight.
 * Pure arithmetic on a confirmed cart, nothing else.
 */

/** A line's quantity changes in flight: the newest value asked for. */
export interface PendingQuantity {
  wanted: number;
}

export function quantityOf(cart: Cart, itemKey: string): number {
  return cart.items.find((item) => item.key === itemKey)?.quantity.value ?? 0;
}

/**
 * The cart as the shopper expects it while quantity changes are in flight: each pending line (and a
 * mix-and-match container's children) at its wanted quantity, totals pro rata, lines at 0 gone.
 */
export function withQuantities(cart: Cart, lines: ReadonlyMap<string, PendingQuantity>): Cart {
  const factors = new Map<string, number>();
  for (const { key, quantity } of cart.items) {
    const wanted = lines.get(key)?.wanted;
    if (wanted !== undefined && wanted !== quantity.value && quantity.value > 0) factors.set(key, wanted / quantity.value);
  }
  if (!factors.size) return cart;
  let { itemCount } = cart;
  const items = cart.items.flatMap((item): CartItem[] => {
    const factor = factors.get(item.key) ?? factors.get(boxOf(item) ?? '');
    if (factor === undefined) return [item];
    const { quantity, totals } = item;
    const value = Math.round(quantity.value * factor);
    itemCount += value - quantity.value;
    const scale = (amount: number) => Math.round(amount * factor);
    const { subtotal, subtotalTax, total, tax } = totals;
    return value > 0
      ? [{ ...item, quantity: { ...quantity, value }, totals: { subtotal: scale(subtotal), subtotalTax: scale(subtotalTax), total: scale(total), tax: scale(tax) } }]
      : [];
  });
  return { ...cart, items, itemCount };
}
