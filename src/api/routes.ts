import { CartApi } from './cart-api.js';
import { ApiError } from './errors.js';
import { isObj, parseRoutes } from './schemas.js';
import type { CallContext, ShopConnection } from './shop-connection.js';

export type { AddItemInput, CustomerAddressInput, CustomerUpdate, LoginInput } from './cart-api.js';

/**
 * The routes as the store calls them: functions of the plain `ShopConnection` it holds, loaded
 * when the shopper acts or the browser is idle, not before a page shows its cart
 * (docs/architecture.md, "Loading later, and bytes"). Each is `CartApi`'s method of the same name,
 * written there once; the two at the end are the store's alone.
 */

/** A method of `CartApi` as a function whose first argument is the connection it runs on. */
type AsFunction<Method> = Method extends (...rest: infer Rest) => infer Result ? (connection: ShopConnection, ...rest: Rest) => Result : never;

/** The names of `CartApi`'s routes: what it has beyond `ShopConnection`. */
type RouteName = Exclude<keyof CartApi, keyof ShopConnection>;

/** `CartApi`'s method `name`, run on a plain `ShopConnection`: a route method uses nothing else. */
function route<Name extends RouteName>(name: Name): AsFunction<CartApi[Name]> {
  const method = CartApi.prototype[name] as (this: ShopConnection, ...rest: unknown[]) => unknown;
  return ((connection: ShopConnection, ...rest: unknown[]) => method.apply(connection, rest)) as AsFunction<CartApi[Name]>;
}

export const addItem = route('addItem');
export const updateItem = route('updateItem');
export const removeItem = route('removeItem');
export const restoreItem = route('restoreItem');
export const clear = route('clear');
export const applyCoupon = route('applyCoupon');
export const removeCoupon = route('removeCoupon');
export const setShippingMethod = route('setShippingMethod');
export const updateCustomer = route('updateCustomer');
export const getRoutes = route('getRoutes');
export const getProduct = route('getProduct');
export const login = route('login');
export const logout = route('logout');

/**
 * The route index with what it says beyond paths: `handOver` when the shop offers a signed-in
 * customer's hand-over to its checkout. CoCart 4.4 brought that hand-over (`c_hash`) together with
 * `POST {ns}/v2/cart` (create a cart); 4.3.6 lists `GET` only there.
 */
export async function getShopRoutes(connection: ShopConnection, ctx: CallContext = {}): Promise<{ routes: string[]; handOver: boolean }> {
  const { json } = await connection.send('GET', 'v2', ctx);
  const cart = isObj(json) && isObj(json.routes) ? json.routes[`/${connection.namespace}/v2/cart`] : null;
  return { routes: parseRoutes(json, connection.namespace), handOver: isObj(cart) && Array.isArray(cart.methods) && cart.methods.includes('POST') };
}

/**
 * What hands a signed-in customer's cart to the shop's checkout (CoCart 4.4+): their id (the cart
 * key of a signed-in cart) and the `cart_hash` of the cart as it is now, read with the request's
 * credentials and no cart key. The hash works like a password: callers never log or keep it.
 * Fails (`invalid-response`) unless both are there: an empty cart has no hash.
 */
export async function readHandOver(connection: ShopConnection, ctx: CallContext = {}): Promise<{ id: string; hash: string }> {
  const { json } = await connection.send('GET', 'v2/cart', { credentials: ctx.credentials, signal: ctx.signal }, undefined, { fields: 'cart_key,cart_hash' });
  const id = isObj(json) ? String(json.cart_key ?? '') : '';
  const hash = isObj(json) ? String(json.cart_hash ?? '') : '';
  if (!/^\d+$/.test(id) || !/^[\da-f]{32}$/i.test(hash)) {
    throw new ApiError({ kind: 'invalid-response', message: 'No customer id and cart hash in the answer.' });
  }
  return { id, hash };
}
