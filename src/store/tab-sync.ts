import type { Cart } from '../api/model.js';
import { keptCartKey, takeCartKey } from './cart-key.js';
import type { Persistence } from './persistence.js';

/**
 * The same cart in every tab of a shop: each confirmed cart is posted to the others with whose it
 * is (`owner`: the session's kind and customer, `guest:` for a guest), and a cart another tab
 * posted is shown here (`show`) without a request when it is of this tab's session and of the key
 * kept. The key itself is kept as another tab says (`cart-key.ts`); the session follows in
 * `Session`. Returns the function that tells the other tabs a cart; `stop()` ends the hearing.
 */
export function syncTabs(
  persistence: Persistence,
  owner: () => string,
  show: (cart: Cart, at: number) => void,
): { share(cart: Cart, at: number): void; stop(): void } {
  const stop = persistence.listen((message) => {
    if (message.type === 'cart-key') {
      takeCartKey(persistence, message.key);
    } else if (message.type === 'cart' && isCart(message.cart)) {
      // Another session's cart (a Basic sign-in is not shared), or two tabs starting guest carts
      // at once: only the cart of this session and of the key kept is shown.
      const kept = message.owner === 'guest:' && keptCartKey(persistence);
      if (message.owner !== owner() || (kept && message.cart.key && message.cart.key !== kept)) return;
      show(message.cart, Number(message.at) || Date.now());
    }
  });
  return { share: (cart, at) => persistence.post({ type: 'cart', cart, owner: owner(), at }), stop };
}

/** A cart as another tab posted it or storage kept it (input: checked before it is shown). */
export function isCart(value: unknown): value is Cart {
  const cart = value as Partial<Cart> | null;
  return !!cart && typeof cart === 'object' && Array.isArray(cart.items) && !!cart.totals && !!cart.currency;
}
