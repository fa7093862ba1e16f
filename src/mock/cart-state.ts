import type { AuthRecords } from './auth-state.js';
import type { MnmChoice } from './purchase-rules.js';

/** One line of a cart as the fake service keeps it. Plain data, so it can be saved as JSON. */
export interface CartLine {
  key: string;
  /** The product in the cart: for a variable product, the variation's id. */
  productId: number;
  quantity: number;
  /** `item_data` sent with add-item, echoed back as `cart_item_data`. */
  data: Record<string, unknown>;
  /** Mix-and-match container: the chosen contents and its children's item keys. */
  mnm?: { config: MnmChoice[]; contents: string[] };
  /** Mix-and-match child: its container's key and how many go in each container. */
  container?: { key: string; perContainer: number };
}

/** A removed line and, for a container, its children: restored together. */
export interface RemovedEntry {
  line: CartLine;
  children: CartLine[];
}

export interface CartRecord {
  key: string;
  /** The signed-in customer owning this cart; `null` for a guest cart. */
  customerId: string | null;
  lines: CartLine[];
  removed: RemovedEntry[];
  /** Applied coupon codes, lower case, in the order applied. */
  coupons: string[];
  /** Chosen rate key per package id, when the shopper picked one. */
  chosenRates: Record<string, string>;
  /**
   * The customer's addresses as `POST cart/update` (`update-customer`) left them, without their
   * `billing_` / `shipping_` prefix. Absent: the shop's defaults (its own country).
   */
  customer?: CustomerAddresses;
}

/** Address fields by name (`country`, `postcode`, …). */
export interface CustomerAddresses {
  billing: Record<string, string>;
  shipping: Record<string, string>;
}

/** The whole fake shop's state: what `storage` persists. */
export interface ShopState {
  version: 1;
  carts: Record<string, CartRecord>;
  /** The sign-in side's records (`auth-state.ts`); absent until it first signs someone in. */
  auth?: AuthRecords;
}

/** 1–64 letters, digits, `_` or `-`: guest keys (`t_…`) and customer ids both fit. */
const CART_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function isCartKey(value: string): boolean {
  return CART_KEY.test(value);
}

/**
 * A requested cart key as CoCart 4.3.6 reads it: WordPress's `sanitize_key` (lower case, then
 * everything but `a-z0-9_-` dropped), so `bad key!<>` becomes `badkey` and `T_ABC` becomes `t_abc`.
 */
export function sanitizeCartKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, '').trim();
}

export function emptyState(): ShopState {
  return { version: 1, carts: {} };
}

/** All carts of the fake shop: guest carts keyed by their cart key, customer carts by user id. */
export class CartBook {
  constructor(
    private state: ShopState,
    private readonly changed: () => void,
  ) {}

  /** A cart by key, or `undefined`. */
  get(key: string): CartRecord | undefined {
    return this.state.carts[key];
  }

  /** Every cart key the shop knows. */
  keys(): string[] {
    return Object.keys(this.state.carts);
  }

  /** Starts a guest cart with a fresh key like a real server's (`t_` + 30 characters). */
  create(): CartRecord {
    let key: string;
    do key = `t_${randomToken(30)}`;
    while (this.state.carts[key]);
    return this.put({ key, customerId: null, lines: [], removed: [], coupons: [], chosenRates: {} });
  }

  /** The customer's cart, keyed by their user id; created on first use. */
  forCustomer(customerId: string): CartRecord {
    return this.get(customerId) ?? this.put({ key: customerId, customerId, lines: [], removed: [], coupons: [], chosenRates: {} });
  }

  /**
   * The guest cart under `key`, or a new empty one under that very key (what real servers answer
   * for an unknown or expired key). A new one is only kept once `keep` finds something in it.
   */
  open(key: string): CartRecord {
    return this.get(key) ?? { key, customerId: null, lines: [], removed: [], coupons: [], chosenRates: {} };
  }

  /** Keeps a cart `open` made, once it holds anything; known carts are only persisted. */
  keep(cart: CartRecord): void {
    if (this.get(cart.key) === cart) return this.changed();
    if (isUsed(cart) && !this.get(cart.key)) this.put(cart);
  }

  /**
   * Saves a whole cart under its key, as one CoCart write does when it answers: whatever was saved
   * under that key since this copy was read is replaced (last writer wins), and a guest cart
   * deleted meanwhile (carried over at sign-in) comes back. An unused cart nobody saved stays unsaved.
   */
  save(cart: CartRecord): void {
    if (this.get(cart.key) || isUsed(cart)) this.put(cart);
  }

  /**
   * What CoCart 4.3.6 does when a signed-in request carries a guest `cart_key`: the customer's
   * saved cart is REPLACED by the guest cart (an unknown key replaces it with an empty one) and the
   * guest cart is deleted. See `fixtures/server/merge-*`.
   */
  replaceWithGuest(guestKey: string, customerId: string): CartRecord {
    const target = this.forCustomer(customerId);
    const guest = this.get(guestKey);
    const source = guest && guest.customerId === null ? guest : undefined;
    target.lines = source?.lines ?? [];
    target.removed = source?.removed ?? [];
    target.coupons = source?.coupons ?? [];
    target.chosenRates = source?.chosenRates ?? {};
    if (source?.customer) target.customer = source.customer;
    if (source) delete this.state.carts[guestKey];
    this.changed();
    return target;
  }

  /**
   * Carries a guest cart into the customer's cart (what happens when the guest key is sent with the
   * first authenticated request): lines are added (same key → quantities add), coupons joined,
   * removed items kept; the guest cart is then gone. Unknown or customer keys are ignored.
   */
  adopt(guestKey: string, customerId: string): CartRecord {
    const target = this.forCustomer(customerId);
    const guest = this.get(guestKey);
    if (!guest || guest.customerId !== null || guest === target) return target;
    for (const line of guest.lines.filter((l) => !l.container)) {
      const children = guest.lines.filter((l) => l.container?.key === line.key);
      const existing = target.lines.find((l) => l.key === line.key);
      if (existing) setLineQuantity(target, existing, existing.quantity + line.quantity);
      else target.lines.push(line, ...children);
    }
    for (const code of guest.coupons) if (!target.coupons.includes(code)) target.coupons.push(code);
    target.removed.push(...guest.removed);
    delete this.state.carts[guestKey];
    this.changed();
    return target;
  }

  /** Call after changing a cart in place, so the state is persisted. */
  touch(): void {
    this.changed();
  }

  /** Forgets every cart. */
  clearAll(): void {
    this.state.carts = {};
    this.changed();
  }

  private put(cart: CartRecord): CartRecord {
    this.state.carts[cart.key] = cart;
    this.changed();
    return cart;
  }
}

function isUsed(cart: CartRecord): boolean {
  return Boolean(cart.lines.length || cart.removed.length || cart.coupons.length || cart.customer);
}

/** Sets a line's quantity; a container carries its children along (each child × container). */
export function setLineQuantity(cart: CartRecord, line: CartLine, quantity: number): void {
  line.quantity = quantity;
  for (const child of childrenOf(cart, line)) child.quantity = (child.container?.perContainer ?? 1) * quantity;
}

export function childrenOf(cart: CartRecord, line: CartLine): CartLine[] {
  return cart.lines.filter((l) => l.container?.key === line.key);
}

/**
 * A stable 32-hex-digit item key from what identifies a line (product + item data), like
 * WooCommerce's md5 cart id: adding the same thing twice lands on the same line.
 */
export function itemKey(...parts: unknown[]): string {
  const text = JSON.stringify(parts);
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x050c5d1f, 0x2166136b]) {
    let hash = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}

function randomToken(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
