import type { Persistence } from './persistence.js';

// The guest's cart key (architecture §3): kept in storage, its value exactly the service's
// `cart_key`, the same in every tab of the shop. The first answer that brings one wins; it is
// forgotten in every tab at once. (Functions over the store's persistence, not a class: the
// script tag's entry carries them, and a minifier shortens a function's name, not a method's.)

/** Persistence name of the guest cart key. */
const CART_KEY = 'cart-key';

/**
 * Persistence name of a sign-in's carry-over still owed: the guest key whose lines go into the
 * customer's cart, and which of them are done (`carry-over.ts`). While it is kept, so is the key.
 */
export const CARRY_OVER = 'carry-over';

/**
 * A key as the service issued it: any non-empty text of bounded length (the service chooses its
 * characters; the api encodes it). Anything else in storage is corruption and is ignored.
 */
export function isCartKey(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 256;
}

/** The key kept, or `null`. */
export function keptCartKey(persistence: Persistence): string | null {
  const key = persistence.read(CART_KEY);
  return isCartKey(key) ? key : null;
}

/** Keeps the service's key unless one is kept already (the first response's key wins). */
export function keepCartKey(persistence: Persistence, key: string | null | undefined): void {
  if (isCartKey(key) && !keptCartKey(persistence)) shareCartKey(persistence, key);
}

/** Forgets the key here and in every tab. */
export function forgetCartKey(persistence: Persistence): void {
  if (persistence.read(CART_KEY) !== null) shareCartKey(persistence, null);
}

/** What another tab said of the key: kept (or forgotten) here too, without telling anyone. */
export function takeCartKey(persistence: Persistence, key: string | null): void {
  if (key === null || isCartKey(key)) persistence.write(CART_KEY, key);
}

function shareCartKey(persistence: Persistence, key: string | null): void {
  persistence.write(CART_KEY, key);
  persistence.post({ type: 'cart-key', key });
}
