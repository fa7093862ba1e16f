import { isAuthRecords } from './auth-state.js';
import { findProduct } from './catalog.js';
import { emptyState, type CartRecord, type ShopState } from './cart-state.js';
import { isObject } from './json.js';

/** Where the fake shop keeps its state when `storage` is given. */
export const DEFAULT_STORAGE_KEY = 'cart-widget-mock';

/**
 * The shop's state and the storage it is saved in. Every copy of the shop on the same storage
 * (the tabs of one origin, each running its own copy in its page) acts as one server: a request
 * first takes in what another copy saved since (`catchUp`), and every change is saved (`save`).
 */
export class SavedState {
  readonly state: ShopState;
  /** The saved text this copy last wrote or read: anything else was written by another copy. */
  private seen: string | null;

  constructor(
    private readonly storage: Storage | null,
    private readonly key: string,
  ) {
    this.seen = this.read();
    this.state = parseState(this.seen);
  }

  /** Takes in another copy's changes. In place: the cart and token books keep this object. */
  catchUp(): void {
    if (!this.storage) return;
    const text = this.read();
    if (text === this.seen) return;
    const fresh = parseState(text);
    this.state.carts = fresh.carts;
    if (fresh.auth) this.state.auth = fresh.auth;
    else delete this.state.auth;
    this.seen = text;
  }

  save(): void {
    if (!this.storage) return;
    const text = JSON.stringify(this.state);
    // Unchanged: writing would only risk putting back what another copy changed meanwhile.
    if (text === this.seen) return;
    try {
      this.storage.setItem(this.key, text);
      this.seen = text;
    } catch {
      // A full or blocked storage only costs persistence; the shop keeps working in memory (and
      // does not mistake the older saved text for another copy's change).
      this.seen = this.read();
    }
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
  }
}

/** The saved state, or a fresh one when there is none or it cannot be trusted. */
function parseState(text: string | null): ShopState {
  try {
    const saved: unknown = JSON.parse(text ?? 'null');
    if (!isShopState(saved)) return emptyState();
    // Unusable sign-in records cost the sessions, not the carts.
    return isAuthRecords(saved.auth) ? { version: 1, carts: saved.carts, auth: saved.auth } : { version: 1, carts: saved.carts };
  } catch {
    return emptyState();
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
    isObject(value.chosenRates) &&
    (value.customer === undefined || isAddresses(value.customer))
  );
}

function isAddresses(value: unknown): boolean {
  const isFields = (fields: unknown) => isObject(fields) && Object.values(fields).every((field) => typeof field === 'string');
  return isObject(value) && isFields(value.billing) && isFields(value.shipping);
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
