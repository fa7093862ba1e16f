import { ApiError } from './errors.js';
import { explainBlockedRequest } from './http-errors.js';
import { base64, exchange, isSecureBase, sleep, type Method } from './transport.js';

export { isSecureBase };
export type { Method };
import type { AmountsMode, Cart, CustomerAddresses, LoginResult, Product, TokenPair } from './model.js';
import { parseCart, parseCustomerAddresses, parseErrorBody, parseLogin, parseProduct, parseRoutes, parseTokenPair } from './schemas.js';

/** How one request is authenticated. The store's `Session` decides; the client only applies it. */
export type Credentials =
  | { kind: 'none' }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string; inQuery?: boolean };

export interface ApiConfig {
  /** e.g. `https://shop.example/wp-json`; a trailing slash is ignored. */
  baseUrl: string;
  /** Route namespace: `svc` (the document) or `cocart` (a CoCart store). */
  namespace?: string;
  amounts?: AmountsMode;
  /** Per-attempt timeout for every request, ms. */
  timeoutMs?: number;
  /** Overall deadline of a read, all its tries and pauses between them included, ms. */
  readDeadlineMs?: number;
  /** Retries for reads on network errors, 429, 502, 503, 504. */
  retries?: number;
  /** Base of the exponential backoff between read retries, ms. */
  backoffMs?: number;
}

/** What a single call carries besides its own arguments. */
export interface CallContext {
  credentials?: Credentials;
  /** Sent as `?cart_key=` on cart routes (and login) when set. */
  cartKey?: string | null;
  signal?: AbortSignal;
}

export interface GetCartOptions {
  /** Parent fields to return (`fields=`). */
  fields?: string[];
  /** Return the default cart data (`default=true`). */
  defaults?: boolean;
  /** Return each item's featured image (`thumb=true`). On by default. */
  featuredImage?: boolean;
}

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

export type Query = Record<string, string | undefined>;

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

/** One method per route of the service. Stateless: the store owns cart keys and sessions. */
export class CartApi {
  readonly baseUrl: string;
  readonly namespace: string;
  readonly amounts: AmountsMode;
  /** How long a read may take in all before it fails, ms: the shopper sees the error by then. */
  readonly readDeadlineMs: number;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #backoffMs: number;

  constructor(config: ApiConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.namespace = (config.namespace ?? 'svc').replace(/^\/+|\/+$/g, '');
    this.amounts = config.amounts ?? 'auto';
    this.#timeoutMs = config.timeoutMs ?? 15_000;
    this.readDeadlineMs = config.readDeadlineMs ?? 20_000;
    this.#retries = config.retries ?? 2;
    this.#backoffMs = config.backoffMs ?? 300;
  }

  /** Whether the base URL is safe for Basic credentials: https, or this machine. */
  get secure(): boolean {
    return isSecureBase(this.baseUrl);
  }

  // --- cart ---------------------------------------------------------------------------------

  async getCart(ctx: CallContext = {}, options: GetCartOptions = {}): Promise<Cart> {
    return this.#cart('GET', 'v2/cart', ctx, undefined, {
      fields: options.fields?.join(','),
      default: options.defaults ? 'true' : undefined,
      thumb: options.featuredImage === false ? undefined : 'true',
    });
  }

  addItem(input: AddItemInput, ctx: CallContext = {}): Promise<Cart> {
    const { variation, itemData } = input;
    const body: Record<string, unknown> = { id: String(input.id), quantity: String(input.quantity) };
    if (variation && Object.keys(variation).length) body.variation = variation;
    if (itemData && Object.keys(itemData).length) body.item_data = itemData;
    return this.#cart('POST', 'v2/cart/add-item', ctx, body);
  }

  updateItem(itemKey: string, quantity: number, ctx: CallContext = {}): Promise<Cart> {
    return this.#cart('POST', itemPath(itemKey), ctx, { quantity: String(quantity) });
  }

  removeItem(itemKey: string, ctx: CallContext = {}): Promise<Cart> {
    return this.#cart('DELETE', itemPath(itemKey), ctx);
  }

  restoreItem(itemKey: string, ctx: CallContext = {}): Promise<Cart> {
    return this.#cart('PUT', itemPath(itemKey), ctx);
  }

  clear(ctx: CallContext = {}): Promise<Cart> {
    return this.#cart('POST', 'v2/cart/clear', ctx);
  }

  applyCoupon(code: string, ctx: CallContext = {}): Promise<Cart> {
    return this.#cart('POST', 'v2/cart/apply-coupon', ctx, { code });
  }

  removeCoupon(code: string, ctx: CallContext = {}): Promise<Cart> {
    return this.#cart('DELETE', `v2/cart/coupons/${pathSegment(code)}`, ctx);
  }

  setShippingMethod(packageId: string, rateId: string, ctx: CallContext = {}): Promise<Cart> {
    return this.#cart('POST', 'v2/cart/set-shipping-method', ctx, { rate_id: rateId, package_id: packageId });
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
    const cart = await this.#cart('POST', 'v2/cart/update', ctx, body, undefined, (json) => (addresses = parseCustomerAddresses(json)));
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

  // --- products -----------------------------------------------------------------------------

  async getProduct(id: number | string, ctx: CallContext = {}): Promise<Product> {
    const { json } = await this.send('GET', `v2/products/${pathSegment(id)}`, ctx);
    return parseProduct(json, { amounts: this.amounts });
  }

  // --- authentication -----------------------------------------------------------------------

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
    const { json } = await this.send('POST', 'v2/login', { credentials, signal: ctx.signal }, body, { cart_key: ctx.cartKey || undefined });
    return parseLogin(json);
  }

  async logout(ctx: CallContext = {}): Promise<void> {
    await this.send('POST', 'v2/logout', ctx);
  }

  /** Resolves when the token is valid; rejects with an `auth` ApiError when it is not. */
  async validateToken(token: string, signal?: AbortSignal): Promise<void> {
    await this.send('POST', 'jwt/validate-token', { credentials: { kind: 'bearer', token }, signal });
  }

  /** Exchanges a refresh token. Never carries `Authorization`: a stale bearer breaks this route. */
  async refreshToken(refreshToken: string, signal?: AbortSignal): Promise<TokenPair> {
    const { json } = await this.send('POST', 'jwt/refresh-token', { signal }, { refresh_token: refreshToken });
    return parseTokenPair(json);
  }

  // --- transport ----------------------------------------------------------------------------

  /** Builds the request URL: `{base}/{namespace}/{path}?{query}`. */
  url(path: string, query: Query = {}): string {
    const url = new URL(`${this.baseUrl}/${this.namespace}/${path}`, globalThis.location?.href);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(name, value);
    }
    return url.href;
  }

  async #cart(method: Method, path: string, ctx: CallContext, body?: unknown, query?: Query, alsoRead?: (json: unknown) => void): Promise<Cart> {
    // Every cart route answers the whole cart: ask for featured images on all of them, or lines
    // lose their pictures after the first change.
    const { json, headers } = await this.send(method, path, ctx, body, {
      thumb: 'true',
      ...query,
      cart_key: ctx.cartKey || undefined,
    });
    const cart = parseCart(json, { amounts: this.amounts });
    alsoRead?.(json);
    return { ...cart, key: cart.key || (headers.get('CoCart-API-Cart-Key') ?? headers.get('Cart-Key')) || null };
  }

  /**
   * One request to `path` below the namespace, answered with its JSON (`undefined` when the body is
   * not JSON) and headers; the routes above and `listSessions` go through here. Takes `ctx`'s
   * credentials and signal; a cart key is only sent where `query` has it (cart routes, login).
   */
  async send(method: Method, path: string, ctx: CallContext, body?: unknown, query: Query = {}): Promise<{ json: unknown; headers: Headers }> {
    const { credentials, signal } = ctx;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (credentials?.kind === 'bearer') {
      headers.Authorization = `Bearer ${credentials.token}`;
    } else if (credentials?.kind === 'basic') {
      // Spec rule 2: Basic credentials only over https (or this machine, for development).
      if (!this.secure) {
        throw new ApiError({
          kind: 'insecure-transport',
          message: `Refused to send a password to ${this.baseUrl}: Basic credentials need https (or localhost).`,
        });
      }
      const { username, password } = credentials;
      headers.Authorization = `Basic ${base64(`${username}:${password}`)}`;
      if (credentials.inQuery) query = { ...query, username, password };
    }
    const init: RequestInit = { method, headers, credentials: 'omit', cache: 'no-store' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const url = this.url(path, query);
    const read = method === 'GET';
    // A read, tries and pauses together, ends by its deadline: a shop that never answers shows
    // the shopper an error (and "Try again") in time, not after every try has timed out.
    const deadline = read ? performance.now() + this.readDeadlineMs : Infinity;
    for (let attempt = 1; ; attempt++) {
      try {
        return await exchange(method, url, init, signal, Math.min(this.#timeoutMs, deadline - performance.now()));
      } catch (caught) {
        const error = caught as ApiError;
        const { retryAfter } = error;
        // Only reads are repeated: a write may have reached the shop.
        const pause = retryAfter === undefined ? this.#backoffMs * 2 ** (attempt - 1) : Math.min(retryAfter * 1000, 10_000);
        // No time left for another try after the pause: this failure is the answer.
        if (!error.retryable || !read || attempt > this.#retries || performance.now() + pause >= deadline) {
          if (error.kind === 'network') void explainBlockedRequest(url, init, this.baseUrl);
          throw error;
        }
        await sleep(pause, signal);
      }
    }
  }
}
