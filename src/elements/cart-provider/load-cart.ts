import type { CartStore } from '../../store/cart-store.js';

const asked = new WeakSet<CartStore>();

/**
 * Loads a store's cart the first time any element needs it. A provider and a standalone drawer on
 * one page may both ask; the shop sees one request. A failed load is retried by the shopper
 * ("Try again"), not here.
 */
export function loadCartOnce(store: CartStore): void {
  if (asked.has(store)) return;
  asked.add(store);
  const { cart, status } = store.state;
  if (cart === null && status !== 'loading') store.load().catch(() => undefined);
}
