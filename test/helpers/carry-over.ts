/**
 * Issue 30's carry-over at sign-in, and a connection that drops in the middle of it.
 *
 * The issue's Cap, Beanie, Hoodie and T-Shirt are the fake shop's mug, Ethiopia beans, Colombia
 * beans and black T-shirt in M (`ITEMS`); `guestWithSavedCap` sets the scene: Ada saved Cap ×2 in
 * an earlier visit and, signed out, holds Beanie, Hoodie and T-Shirt as a guest.
 */
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import type { Cart } from '../../src/api/model.js';
import type { CartStore } from '../../src/store/cart-store.js';
import type { TestShop } from './shop.js';

export const ada = { username: 'ada', password: 'analytical-engine' };
export const ITEMS = { cap: ID.mug, beanie: ID.ethiopiaBeans, hoodie: ID.colombiaBeans, tShirt: ID.shirtBlackM } as const;

/** `[product id, quantity]` of each line, by id. */
export const linesOf = (cart: Cart | null | undefined) =>
  (cart?.items ?? []).map((item) => [item.id, item.quantity.value]).sort((a, b) => a[0]! - b[0]!);

/** The customer's cart once every guest line joined it: Cap ×2, Beanie, Hoodie, T-Shirt (by id). */
export const EVERY_LINE = [
  [ITEMS.beanie, 1],
  [ITEMS.hoodie, 1],
  [ITEMS.cap, 2],
  [ITEMS.tShirt, 1],
];

/** Ada saved Cap ×2 in an earlier visit; signed out, she holds Beanie, Hoodie and T-Shirt as a guest. */
export async function guestWithSavedCap(test: TestShop): Promise<CartStore> {
  const store = test.store();
  await store.signIn(ada);
  await store.addItem({ id: ITEMS.cap, quantity: 2 });
  await store.signOut();
  for (const id of [ITEMS.beanie, ITEMS.hoodie, ITEMS.tShirt]) await store.addItem({ id, quantity: 1 });
  return store;
}

/**
 * A connection that drops: on the signed-in add of one product (once), before the shop acted on it
 * or after it did (its answer lost); from then on the shop cannot be reached at all (every request
 * to a `shop.test` host fails as a lost connection does) for `downMs`, or until `answerAgain()`.
 *
 *   const outage = dropOnAdd(ID.colombiaBeans, 'before the shop acted', 2500);
 *   await store.signIn(ada);           // the add drops; the shop is away for 2.5 s
 *   outage.up();                       // when it answers again (performance.now() ms)
 *   outage.restore();                  // the page's own fetch again (after each test)
 */
export function dropOnAdd(product: number, when: 'before the shop acted' | 'after the shop acted', downMs = Infinity) {
  const fetchBefore = globalThis.fetch;
  let dropped = false;
  let downUntil = 0;
  let tried = 0;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!new URL(url, location.href).hostname.endsWith('shop.test')) return fetchBefore(input, init);
    if (dropped && performance.now() < downUntil) {
      tried++;
      throw new TypeError('Failed to fetch');
    }
    const signedIn = new Headers(init?.headers).has('Authorization');
    if (dropped || !signedIn || !url.includes('/v2/cart/add-item') || JSON.parse(String(init?.body)).id !== String(product)) return fetchBefore(input, init);
    dropped = true;
    if (when === 'after the shop acted') await (await fetchBefore(input, init)).text();
    downUntil = performance.now() + downMs;
    throw new TypeError('Failed to fetch');
  };
  return {
    /** When the shop answers again (`performance.now()` ms); 0 before the drop. */
    up: () => downUntil,
    /** How many requests failed while the shop could not be reached. */
    tried: () => tried,
    /** The shop answers again from now on. */
    answerAgain: () => void (downUntil = performance.now()),
    restore: () => void (globalThis.fetch = fetchBefore),
  };
}
