import type { CallContext, Credentials, ShopConnection } from './shop-connection.js';
import type { Cart, CustomerAddresses, LoginResult, Product } from './model.js';
import { ApiError } from './errors.js';
import { isObj, parseCustomerAddresses, parseLogin, parseProduct, parseRoutes } from './schemas.js';

/**
 * Every route but the cart read and the token checks (those are `ShopConnection`'s): functions of the
 * connection, so a page loads them only when the shopper acts (or the browser is idle), not before
 * it shows the cart. `CartApi` (`cart-api.ts`) offers each as a method.
 */

export interface AddItemInput {
  id: number | string;
  quantity: number;
  /** Chosen attributes of a variable product: `{ attribute_pa_colour: 'blue' }`. */
  variation?: Record<string, string>;
  /** Extra item data, e.g. `{ mnm_config: [{ product_id, quantity }] }` for a container. */
  itemData?: Record<string, unknown>;
}

/** Where the customer is, as far as shipping cares: `update-customer`'s fields. */
export interface CustomerAddressInput {
  /** ISO 3166-1 alpha-2, e.g. `DE`. */
  country: string;
  /** The shop's state code, e.g. `CA` (United States), where the country has states. */
  state?: string;
  postcode?: string;
  city?: string;
}

/** A cart answer together with the customer's addresses in it (`null` when it had none). */
export interface CustomerUpdate {
  cart: Cart;
  addresses: CustomerAddresses | null;
}

export interface LoginInput {
  username: string;
  password: string;
  twoFactorCode?: string;
  twoFactorProvider?: string;
}

/**
 * One path segment. The URL standard resolves a segment of only dots (`.`, `..`) — even written
 * `%2E` — so such a value would send the request to another route; its dots are encoded twice
 * (`%252E`) and stay inside the segment. Every other value is encoded once.
 */
function pathSegment(value: string | number): string {
  const encoded = encodeURIComponent(value);
  return /^\.+$/.test(encoded) ? encoded.replaceAll('.', '%252E') : encoded;
}

const itemPath = (itemKey: string) => `v2/cart/item/${pathSegment(itemKey)}`;

// --- cart ---------------------------------------------------------------------------------------

export function addItem(connection: ShopConnection, input: AddItemInput, ctx: CallContext = {}): Promise<Cart> {
  const { variation, itemData } = input;
  const body: Record<string, unknown> = { id: String(input.id), quantity: String(input.quantity) };
  if (variation && Object.keys(variation).length) body.variation = variation;
  if (itemData && Object.keys(itemData).length) body.item_data = itemData;
  return connection.sendCart('POST', 'v2/cart/add-item', ctx, body);
}

export function updateItem(connection: ShopConnection, itemKey: string, quantity: number, ctx: CallContext = {}): Promise<Cart> {
  return connection.sendCart('POST', itemPath(itemKey), ctx, { quantity: String(quantity) });
}

export function removeItem(connection: ShopConnection, itemKey: string, ctx: CallContext = {}): Promise<Cart> {
  return connection.sendCart('DELETE', itemPath(itemKey), ctx);
}

export function restoreItem(connection: ShopConnection, itemKey: string, ctx: CallContext = {}): Promise<Cart> {
  return connection.sendCart('PUT', itemPath(itemKey), ctx);
}

export function clear(connection: ShopConnection, ctx: CallContext = {}): Promise<Cart> {
  return connection.sendCart('POST', 'v2/cart/clear', ctx);
}

export function applyCoupon(connection: ShopConnection, code: string, ctx: CallContext = {}): Promise<Cart> {
  return connection.sendCart('POST', 'v2/cart/apply-coupon', ctx, { code });
}

export function removeCoupon(connection: ShopConnection, code: string, ctx: CallContext = {}): Promise<Cart> {
  return connection.sendCart('DELETE', `v2/cart/coupons/${pathSegment(code)}`, ctx);
}

export function setShippingMethod(connection: ShopConnection, packageId: string, rateId: string, ctx: CallContext = {}): Promise<Cart> {
  return connection.sendCart('POST', 'v2/cart/set-shipping-method', ctx, { rate_id: rateId, package_id: packageId });
}

/**
 * Sets the customer's address: `cart/update` with `namespace: "update-customer"`, the fields at
 * the top level of the body (inside `data` they are ignored). Real servers set the BILLING address
 * from them; on CoCart 4.3.6 the shipping destination stays where it was (`s_…` fields would be
 * wiped, so none are sent) — the answer's `addresses` say where the shop now ships. An invalid
 * value comes back as an error notice on a 200 and the old value stays.
 */
export async function updateCustomer(connection: ShopConnection, address: CustomerAddressInput, ctx: CallContext = {}): Promise<CustomerUpdate> {
  const body: Record<string, string> = { namespace: 'update-customer' };
  for (const field of ['country', 'state', 'postcode', 'city'] as const) {
    const value = address[field]?.trim();
    if (value) body[field] = value;
  }
  let addresses: CustomerAddresses | null = null;
  const cart = await connection.sendCart('POST', 'v2/cart/update', ctx, body, undefined, (json) => (addresses = parseCustomerAddresses(json)));
  return { cart, addresses };
}

/**
 * The routes the shop has below this namespace's `v2` (WordPress's namespace index): what a store
 * offers, learned without a failed try. Paths come relative to the namespace, e.g. `v2/cart/apply-coupon`.
 */
export async function getRoutes(connection: ShopConnection, ctx: CallContext = {}): Promise<string[]> {
  const { json } = await connection.send('GET', 'v2', ctx);
  return parseRoutes(json, connection.namespace);
}

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

// --- products -----------------------------------------------------------------------------------

export async function getProduct(connection: ShopConnection, id: number | string, ctx: CallContext = {}): Promise<Product> {
  const { json } = await connection.send('GET', `v2/products/${pathSegment(id)}`, ctx);
  return parseProduct(json, { amounts: connection.amounts });
}

// --- authentication -----------------------------------------------------------------------------

/**
 * Signs in. Real servers read Basic authorization on this route, newer ones the JSON body too,
 * so both are sent. Like every password, it is refused over plain http (localhost excepted).
 * A two-factor challenge comes back as an `ApiError` with `is('2fa_required')` and `twoFactor`.
 */
export async function login(connection: ShopConnection, input: LoginInput, ctx: CallContext & { credentialsInQuery?: boolean } = {}): Promise<LoginResult> {
  const { username, password, twoFactorCode, twoFactorProvider } = input;
  const body: Record<string, string> = { username, password };
  if (twoFactorCode) body['2fa_code'] = twoFactorCode;
  if (twoFactorProvider) body['2fa_provider'] = twoFactorProvider;
  const credentials: Credentials = { kind: 'basic', username, password, inQuery: ctx.credentialsInQuery ?? false };
  try {
    const { json } = await connection.send('POST', 'v2/login', { credentials, signal: ctx.signal }, body, { cart_key: ctx.cartKey || undefined });
    return parseLogin(json);
  } catch (error) {
    throw await refusedCredentialsOn500(connection, 'v2/login', error, ctx.signal);
  }
}

/**
 * The same failure, known now to be the shop refusing the credentials the request carried (`why`,
 * for developers): `auth`, with no status (the message keeps the one the shop sent), so that
 * nothing reads a refusal as an outage (`transient`) or as anything else a status says.
 */
export function refusedCredentials(error: ApiError, why: string): ApiError {
  const { code, shopMessage, twoFactor } = error;
  return new ApiError({ kind: 'auth', code, shopMessage, twoFactor, message: `${error.message} (${why})`, cause: error.cause });
}

/**
 * What a 500 to a request with credentials meant. Real shops answer some refused credentials with
 * a PHP error, not a 401: an unknown username (CoCart's Basic check fails on the user it did not
 * find: an empty 500 on WordPress 6, the critical-error JSON on WordPress 7), a wrong admin key pair
 * sent as Basic. Told from an outage by what the shop does, not by the body: asked again without
 * credentials (nothing to change, nothing to read), a healthy shop refuses the request as it
 * refuses a guest (401/403), and then the 500 was about the credentials (`refusedCredentials`). A
 * shop that fails that too, or does not answer, is in trouble: the error stays as it was.
 */
export async function refusedCredentialsOn500(connection: ShopConnection, path: string, error: unknown, signal?: AbortSignal, method: 'GET' | 'POST' = 'POST'): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status !== 500) return error;
  try {
    await connection.send(method, path, { signal });
  } catch (probe) {
    if (probe instanceof ApiError && (probe.status === 401 || probe.status === 403)) return refusedCredentials(error, `${probe.status} without them: credentials refused`);
  }
  return error;
}

export async function logout(connection: ShopConnection, ctx: CallContext = {}): Promise<void> {
  await connection.send('POST', 'v2/logout', ctx);
}
