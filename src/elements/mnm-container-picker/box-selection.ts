import type { MixAndMatch, Product } from '../../api/model.js';

/** The shopper's choice for one box: product id → quantity (only quantities above 0 are kept). */
export type Selection = ReadonlyMap<number, number>;

/** One element of the add-item request's `item_data.mnm_config`. */
export interface BoxContent {
  product_id: number;
  quantity: number;
}

export interface SelectionStatus {
  /** Items chosen in one box. */
  count: number;
  /** How many more must be chosen; 0 when the minimum is met. */
  missing: number;
  /** How many must be taken out; 0 within the maximum. */
  excess: number;
  valid: boolean;
}

export const emptySelection: Selection = new Map();

export function selectionStatus(rules: MixAndMatch, selection: Selection): SelectionStatus {
  let count = 0;
  for (const quantity of selection.values()) count += quantity;
  // An empty box is never a valid box, even when the shop sets no minimum.
  const missing = Math.max(0, Math.max(rules.min, 1) - count);
  const excess = Math.max(0, count - (rules.max ?? count));
  return { count, missing, excess, valid: !missing && !excess };
}

/** The most of one product the box still takes; `null` when the box has no upper limit. */
export function capacityFor(rules: MixAndMatch, selection: Selection, productId: number): number | null {
  const own = selection.get(productId) ?? 0;
  return rules.max === null ? null : Math.max(own, own + rules.max - selectionStatus(rules, selection).count);
}

export function withQuantity(selection: Selection, productId: number, quantity: number): Selection {
  const next = new Map(selection);
  if (quantity > 0) next.set(productId, quantity);
  else next.delete(productId);
  return next;
}

/** `item_data.mnm_config` exactly as the add-item table has it: integers, chosen products only. */
export function boxContents(selection: Selection): BoxContent[] {
  return [...selection].map(([product_id, quantity]) => ({ product_id, quantity }));
}

/**
 * What `boxes` boxes cost, minor units: the container's own price, plus each chosen product's
 * price when the box is priced per product.
 */
export function boxPrice(product: Product, selection: Selection, boxes: number): number {
  let price = product.prices.price;
  if (product.mnm?.perProductPricing) {
    for (const child of product.mnm.products) price += child.prices.price * (selection.get(child.id) ?? 0);
  }
  return price * boxes;
}
