import type { Cart } from '../api/model.js';
import type { Persistence, Place } from './persistence.js';
import { isCart } from './tab-sync.js';

// The last cart the shop confirmed on this browser, shown at once on the shop's next page while the
// cart is read again (issue 32): the count and the drawer need no round trip to show something true
// a moment ago. Only what the drawer shows (a `Cart`, its notices dropped): no token, no hash.

/** Persistence name of the last cart: `{ owner, at, cart }`. */
const LAST_CART = 'last-cart';

/** Older than this, a last cart is not shown: prices and stock may have moved on since. */
export const LAST_CART_MS = 60 * 60_000;

/**
 * Where a session's last cart lives: a guest's in the browser, beside the cart key it belongs to; a
 * customer's in this tab only (sessionStorage), so never longer than the customer's session.
 */
const placeOf = (owner: string): Place => (owner == 'guest:' ? 'browser' : 'tab');

/**
 * Keeps `cart`, which the shop confirmed at `at` (ms since the epoch) for `owner` (the session's
 * kind and customer id, `guest:` for a guest). A Basic session lives in memory: nothing is kept.
 */
export function keepLastCart(persistence: Persistence, owner: string, cart: Cart, at: number): void {
  if (!owner.startsWith('basic')) persistence.write(LAST_CART, JSON.stringify({ owner, at, cart: { ...cart, notices: [] } }), placeOf(owner));
}

/**
 * The last cart kept for `owner` — for a guest, of the cart key kept now — when it is younger than
 * `LAST_CART_MS` by this device's clock (a clock set back since tells nothing: not shown); else `null`.
 */
export function lastCart(persistence: Persistence, owner: string, guestKey: string | null, now: number): Cart | null {
  try {
    const { owner: whose, at, cart } = JSON.parse(persistence.read(LAST_CART, placeOf(owner))!) as { owner?: unknown; at?: unknown; cart?: unknown };
    const age = now - Number(at);
    return whose === owner && age >= 0 && age < LAST_CART_MS && isCart(cart) && (owner != 'guest:' || (!!guestKey && cart.key === guestKey)) ? cart : null;
  } catch {
    return null;
  }
}

/** Nothing of the last cart stays, in either place (a sign-in, a sign-out, a session that ended). */
export function forgetLastCart(persistence: Persistence): void {
  for (const place of ['browser', 'tab'] as const) persistence.write(LAST_CART, null, place);
}
