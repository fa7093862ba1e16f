import { findProduct } from './catalog.js';
import { emptyState, type CartRecord, type ShopState } from './cart-state.js';
import { isObject } from './json.js';

/** Where the fake shop keeps its state when `storage` is given. */
export const DEFAULT_STORAGE_KEY = 'cart-widget-mock';

/** The saved state, or a fresh one when there is none or it cannot be trusted. */
export function loadState(storage: Storage | null, key: string): ShopState {
  if (!storage) return emptyState();
  try {
    const saved: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return isShopState(saved) ? saved : emptyState();
  } catch {
    return emptyState();
  }
}

export function saveState(storage: Storage | null, key: string, state: ShopState): void {
  try {
    storage?.setItem(key, JSON.stringify(state));
  } catch {
    // A full or blocked storage only costs persistence; the shop keeps working in memory.
  }
}

function isShopState(value: unknown): value is ShopState {
  if (!isObject(value) || value.version !== 1 || !isObject(value.carts)) return false;
  return Object.entries(value.carts).every(([key, cart]) => isCart(cart) && cart.key === key);
}

function isCart(value: unknown): value is CartRecord {
  if (!isObject(value)) return false;
  const lines = value.lines;
  return (
    typeof value.key === 'string' &&
    (value.customerId === null || typeof value.customerId === 'string') &&
    Array.isArray(lines) &&
    lines.every(isLine) &&
    Array.isArray(value.removed) &&
    value.removed.every((entry) => isObject(entry) && isLine(entry.line) && Array.isArray(entry.children) && entry.children.every(isLine)) &&
    Array.isArray(value.coupons) &&
    value.coupons.every((code) => typeof code === 'string') &&
    isObject(value.chosenRates)
  );
}

function isLine(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.key === 'string' &&
    typeof value.productId === 'number' &&
    findProduct(value.productId) !== undefined &&
    Number.isInteger(value.quantity) &&
    isObject(value.data)
  );
}
