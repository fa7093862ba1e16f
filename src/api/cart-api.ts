import { ShopConnection, type CallContext, type Credentials } from './shop-connection.js';
import type { Cart, CustomerAddresses, LoginResult, Product, TokenPair } from './model.js';
import { refusedCredentialsOn500 } from './refused-credentials.js';
import { parseCustomerAddresses, parseLogin, parseProduct, parseRoutes } from './schemas.js';

export { ApiCore, ShopConnection, isSecureBase } from './shop-connection.js';
export type { ApiConfig, CallContext, Credentials, GetCartOptions, Method, Query } from './shop-connection.js';

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

/**
 * One method per route of the service: `ShopConnection` (the connection, the cart read, the token
 * checks) with every other route. Stateless: the store owns cart keys and sessions.
 *
 * Each route is written here, once. The store holds a plain `ShopConnection` and runs these
 * methods on it (`routes.ts`, loaded when the shopper acts or the browser is idle: docs/architecture.md,
 * "Loading later, and bytes"), so a method here uses only what `ShopConnection` has (`send`,
 * `sendCart`, `namespace`, `amounts`), never another route's method.
 */
export class CartApi extends ShopConnection {
  /**
   * Exchanges a refresh token. Never carries `Authorization`: a stale bearer breaks this route.
   * Written in `token-refresh.ts`, which the store loads with its token exchange, on demand.
   */
  refreshToken(token: string, signal?: AbortSignal): Promise<TokenPair> {
    return import('./token-refresh.js').then(({ refreshToken }) => refreshToken(this, token, signal));
  }

  addItem(input: AddItemInput, ctx: CallContext = {}): Promise<Cart> {
    const { variation, itemData } = input;
    const body: Record<string, unknown> = { id: String(input.id), quantity: String(input.quantity) };
    if (variation && Object.keys(variation).length) body.variation = variation;
    if (itemData && Object.keys(itemData).length) body.item_data = itemData;
    return this.sendCart('POST', 'v2/cart/add-item', ctx, body);
  }

  updateItem(itemKey: string, quantity: number, ctx: CallContext = {}): Promise<Cart> {
    return this.sendCart('POST', itemPath(itemKey), ctx, { quantity: String(quantity) });
  }

  removeItem(itemKey: string, ctx: CallContext = {}): Promise<Cart> {
    return this.sendCart('DELETE', itemPath(itemKey), ctx);
  }

  restoreItem(itemKey: string, ctx: CallContext = {}): Promise<Cart> {
    return this.sendCart('PUT', itemPath(itemKey), ctx);
  }

  clear(ctx: CallContext = {}): Promise<Cart> {
    return this.sendCart('POST', 'v2/cart/clear', ctx);
  }

  applyCoupon(code: string, ctx: CallContext = {}): Promise<Cart> {
    return this.sendCart('POST', 'v2/cart/apply-coupon', ctx, { code });
  }

  removeCoupon(code: string, ctx: CallContext = {}): Promise<Cart> {
    return this.sendCart('DELETE', `v2/cart/coupons/${pathSegment(code)}`, ctx);
  }

  setShippingMethod(packageId: string, rateId: string, ctx: CallContext = {}): Promise<Cart> {
    return this.sendCart('POST', 'v2/cart/set-shipping-method', ctx, { rate_id: rateId, package_id: packageId });
  }

  /**
   * Sets the customer's address: `cart/update` with `namespace: "update-customer"`, the fields at
   * the top level of the body (inside `data` they are ignored). Real servers set the BILLING address
   * from them; on CoCart 4.3.6 the shipping destination stays where it was (`s_…` fields would be
   * wiped, so none are sent) — the answer's `addresses` say where the shop now ships. An invalid
   * value comes back as an error notice on a 200 and the old value stays.
   */
  async updateCustomer(address: CustomerAddressInput, ctx: CallContext = {}): Promise<CustomerUpdate> {
    const body: Record<string, string> = { namespace: 'update-customer' };
    for (const field of ['country', 'state', 'postcode', 'city'] as const) {
      const value = address[field]?.trim();
      if (value) body[field] = value;
    }
    let addresses: CustomerAddresses | null = null;
    const cart = await this.sendCart('POST', 'v2/cart/update', ctx, body, undefined, (json) => (addresses = parseCustomerAddresses(json)));
    return { cart, addresses };
  }

  /**
   * The routes the shop has below this namespace's `v2` (WordPress's namespace index): what a store
   * offers, learned without a failed try. Paths come relative to the namespace, e.g. `v2/cart/apply-coupon`.
   */
  async getRoutes(ctx: CallContext = {}): Promise<string[]> {
    const { json } = await this.send('GET', 'v2', ctx);
    return parseRoutes(json, this.namespace);
  }

  async getProduct(id: number | string, ctx: CallContext = {}): Promise<Product> {
    const { json } = await this.send('GET', `v2/products/${pathSegment(id)}`, ctx);
    return parseProduct(json, { amounts: this.amounts });
  }

  /**
   * Signs in. Real servers read Basic authorization on this route, newer ones the JSON body too,
   * so both are sent. Like every password, it is refused over plain http (localhost excepted).
   * A two-factor challenge comes back as an `ApiError` with `is('2fa_required')` and `twoFactor`.
   */
  async login(input: LoginInput, ctx: CallContext & { credentialsInQuery?: boolean } = {}): Promise<LoginResult> {
    const { username, password, twoFactorCode, twoFactorProvider } = input;
    const body: Record<string, string> = { username, password };
    if (twoFactorCode) body['2fa_code'] = twoFactorCode;
    if (twoFactorProvider) body['2fa_provider'] = twoFactorProvider;
    const credentials: Credentials = { kind: 'basic', username, password, inQuery: ctx.credentialsInQuery ?? false };
    try {
      const { json } = await this.send('POST', 'v2/login', { credentials, signal: ctx.signal }, body, { cart_key: ctx.cartKey || undefined });
      return parseLogin(json);
    } catch (error) {
      throw await refusedCredentialsOn500(this, 'v2/login', error, ctx.signal);
    }
  }

  async logout(ctx: CallContext = {}): Promise<void> {
    await this.send('POST', 'v2/logout', ctx);
  }
}
