import { ApiError } from './errors.js';
import type {
  AdminSession,
  AmountsMode,
  Cart,
  LoginResult,
  Product,
  TokenPair,
} from './model.js';
import {
  parseCart,
  parseErrorBody,
  parseLogin,
  parseProduct,
  parseSessions,
  parseTokenPair,
} from './schemas.js';

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

export interface LoginInput {
  username: string;
  password: string;
  twoFactorCode?: string;
  twoFactorProvider?: string;
}

export interface KeyPair {
  consumerKey: string;
  consumerSecret: string;
  /** Spec rule 5: send the pair as query parameters too, for servers that drop `Authorization`. */
  inQuery?: boolean;
}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the namespace, e.g. `v2/cart`. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  credentials?: Credentials;
  signal?: AbortSignal | undefined;
}

interface Response_ {
  json: unknown;
  headers: Headers;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/** One method per route of the service. Stateless: the store owns cart keys and sessions. */
export class CartApi {
  readonly baseUrl: string;
  readonly namespace: string;
  readonly amounts: AmountsMode;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(config: ApiConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.namespace = (config.namespace ?? 'svc').replace(/^\/+|\/+$/g, '');
    this.amounts = config.amounts ?? 'auto';
    this.timeoutMs = config.timeoutMs ?? 15_000;
    this.retries = config.retries ?? 2;
    this.backoffMs = config.backoffMs ?? 300;
  }

  /** Whether the base URL is safe for Basic credentials: https, or this machine. */
  get secure(): boolean {
    return isSecureBase(this.baseUrl);
  }

  // --- cart ---------------------------------------------------------------------------------

  async getCart(ctx: CallContext = {}, options: GetCartOptions = {}): Promise<Cart> {
    const query: Record<string, string | undefined> = {
      fields: options.fields?.join(','),
      default: options.defaults ? 'true' : undefined,
      thumb: options.featuredImage === false ? undefined : 'true',
    };
    return this.cart({ method: 'GET', path: 'v2/cart', query }, ctx);
  }

  addItem(input: AddItemInput, ctx: CallContext = {}): Promise<Cart> {
    const body: Record<string, unknown> = {
      id: String(input.id),
      quantity: String(input.quantity),
    };
    if (input.variation && Object.keys(input.variation).length) body.variation = input.variation;
    if (input.itemData && Object.keys(input.itemData).length) body.item_data = input.itemData;
    return this.cart({ method: 'POST', path: 'v2/cart/add-item', body }, ctx);
  }

  updateItem(itemKey: string, quantity: number, ctx: CallContext = {}): Promise<Cart> {
    const path = `v2/cart/item/${encodeURIComponent(itemKey)}`;
    return this.cart({ method: 'POST', path, body: { quantity: String(quantity) } }, ctx);
  }

  removeItem(itemKey: string, ctx: CallContext = {}): Promise<Cart> {
    return this.cart({ method: 'DELETE', path: `v2/cart/item/${encodeURIComponent(itemKey)}` }, ctx);
  }

  restoreItem(itemKey: string, ctx: CallContext = {}): Promise<Cart> {
    return this.cart({ method: 'PUT', path: `v2/cart/item/${encodeURIComponent(itemKey)}` }, ctx);
  }

  clear(ctx: CallContext = {}): Promise<Cart> {
    return this.cart({ method: 'POST', path: 'v2/cart/clear' }, ctx);
  }

  applyCoupon(code: string, ctx: CallContext = {}): Promise<Cart> {
    return this.cart({ method: 'POST', path: 'v2/cart/apply-coupon', body: { code } }, ctx);
  }

  removeCoupon(code: string, ctx: CallContext = {}): Promise<Cart> {
    return this.cart({ method: 'DELETE', path: `v2/cart/coupons/${encodeURIComponent(code)}` }, ctx);
  }

  setShippingMethod(packageId: string, rateId: string, ctx: CallContext = {}): Promise<Cart> {
    const body = { rate_id: rateId, package_id: packageId };
    return this.cart({ method: 'POST', path: 'v2/cart/set-shipping-method', body }, ctx);
  }

  // --- products -----------------------------------------------------------------------------

  async getProduct(id: number | string, ctx: CallContext = {}): Promise<Product> {
    const path = `v2/products/${encodeURIComponent(String(id))}`;
    const { json } = await this.send({ method: 'GET', path, ...auth(ctx) });
    return parseProduct(json, { amounts: this.amounts });
  }

  // --- authentication -----------------------------------------------------------------------

  /**
   * Signs in. Real servers read Basic authorization on this route, newer ones the JSON body too,
   * so both are sent. Like every password, it is refused over plain http (localhost excepted).
   * A two-factor challenge comes back as an `ApiError` with `is('2fa_required')` and `twoFactor`.
   */
  async login(input: LoginInput, ctx: CallContext & { credentialsInQuery?: boolean } = {}): Promise<LoginResult> {
    const body: Record<string, string> = { username: input.username, password: input.password };
    if (input.twoFactorCode) body['2fa_code'] = input.twoFactorCode;
    if (input.twoFactorProvider) body['2fa_provider'] = input.twoFactorProvider;
    const credentials: Credentials = {
      kind: 'basic',
      username: input.username,
      password: input.password,
      inQuery: ctx.credentialsInQuery ?? false,
    };
    const query = ctx.cartKey ? { cart_key: ctx.cartKey } : undefined;
    const { json } = await this.send({ method: 'POST', path: 'v2/login', query, body, credentials, signal: ctx.signal });
    return parseLogin(json);
  }

  async logout(ctx: CallContext = {}): Promise<void> {
    await this.send({ method: 'POST', path: 'v2/logout', ...auth(ctx) });
  }

  /** Resolves when the token is valid; rejects with an `auth` ApiError when it is not. */
  async validateToken(token: string, signal?: AbortSignal): Promise<void> {
    await this.send({ method: 'POST', path: 'jwt/validate-token', credentials: { kind: 'bearer', token }, signal });
  }

  /** Exchanges a refresh token. Never carries `Authorization`: a stale bearer breaks this route. */
  async refreshToken(refreshToken: string, signal?: AbortSignal): Promise<TokenPair> {
    const { json } = await this.send({
      method: 'POST',
      path: 'jwt/refresh-token',
      body: { refresh_token: refreshToken },
      credentials: { kind: 'none' },
      signal,
    });
    return parseTokenPair(json);
  }

  /** Admin: the carts' sessions. The key pair is used for this call only and never kept. */
  async listSessions(keys: KeyPair, signal?: AbortSignal): Promise<AdminSession[]> {
    const credentials: Credentials = {
      kind: 'basic',
      username: keys.consumerKey,
      password: keys.consumerSecret,
      inQuery: keys.inQuery ?? false,
    };
    try {
      const { json } = await this.send({ method: 'GET', path: 'v2/sessions', credentials, signal });
      return parseSessions(json);
    } catch (error) {
      // Real servers answer 404 when there are no sessions at all.
      if (error instanceof ApiError && error.status === 404 && !error.is('rest_no_route')) return [];
      throw error;
    }
  }

  // --- transport ----------------------------------------------------------------------------

  private async cart(request: Omit<Request, 'credentials' | 'signal'>, ctx: CallContext): Promise<Cart> {
    // Every cart route answers the whole cart: ask for featured images on all of them, or lines
    // lose their pictures after the first change.
    const query = { thumb: 'true', ...request.query };
    if (ctx.cartKey) query.cart_key = ctx.cartKey;
    const { json, headers } = await this.send({ ...request, query, ...auth(ctx) });
    const cart = parseCart(json, { amounts: this.amounts });
    if (!cart.key) {
      const fromHeader = headers.get('CoCart-API-Cart-Key') ?? headers.get('Cart-Key');
      if (fromHeader) return { ...cart, key: fromHeader };
    }
    return cart;
  }

  /** Builds the request URL: `{base}/{namespace}/{path}?{query}`. */
  url(path: string, query: Record<string, string | undefined> = {}): string {
    const url = new URL(`${this.baseUrl}/${this.namespace}/${path}`, globalThis.location?.href);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(name, value);
    }
    return url.href;
  }

  private async send(request: Request): Promise<Response_> {
    const credentials = request.credentials ?? { kind: 'none' };
    const query = { ...request.query };
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (credentials.kind === 'bearer') {
      headers.Authorization = `Bearer ${credentials.token}`;
    } else if (credentials.kind === 'basic') {
      // Spec rule 2: Basic credentials only over https (or this machine, for development).
      if (!this.secure) {
        throw new ApiError({
          kind: 'insecure-transport',
          message: 'Signing in with a password needs a secure (https) connection to the shop.',
        });
      }
      headers.Authorization = `Basic ${base64(`${credentials.username}:${credentials.password}`)}`;
      if (credentials.inQuery) {
        const keyPair = request.path === 'v2/sessions';
        query[keyPair ? 'consumer_key' : 'username'] = credentials.username;
        query[keyPair ? 'consumer_secret' : 'password'] = credentials.password;
      }
    }
    const init: RequestInit = { method: request.method, headers, credentials: 'omit', cache: 'no-store' };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const url = this.url(request.path, query);
    const attempts = request.method === 'GET' ? this.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(url, init, request.signal);
      } catch (error) {
        const apiError = error as ApiError;
        const retryable =
          apiError.kind === 'network' ||
          apiError.kind === 'timeout' ||
          (apiError.kind === 'http' && RETRY_STATUSES.has(apiError.status ?? 0));
        if (!retryable || attempt >= attempts) throw apiError;
        const delay =
          apiError.retryAfter !== undefined
            ? Math.min(apiError.retryAfter * 1000, 10_000)
            : this.backoffMs * 2 ** (attempt - 1);
        await sleep(delay, request.signal);
      }
    }
  }

  private async attempt(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response_> {
    if (signal?.aborted) throw aborted(signal.reason);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // The timer and the caller's signal also cover reading the body, not only the headers.
    const failed = (cause: unknown): ApiError => {
      if (signal?.aborted) return aborted(cause);
      if (timedOut) return new ApiError({ kind: 'timeout', message: 'The shop took too long to answer. Please try again.', cause });
      return new ApiError({ kind: 'network', message: 'Could not reach the shop. Check your connection and try again.', cause });
    };
    try {
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, { ...init, signal: controller.signal });
        text = await response.text();
      } catch (cause) {
        throw failed(cause);
      }
      // An empty or non-JSON body (a proxy's HTML page) reads as `undefined`: error bodies then
      // fall back to a message for the status, and the parsers refuse it for routes that need one.
      let json: unknown;
      try {
        json = text.trim() ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (!response.ok) throw httpError(response, json);
      return { json, headers: response.headers };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

function auth(ctx: CallContext): { credentials?: Credentials; signal?: AbortSignal } {
  const out: { credentials?: Credentials; signal?: AbortSignal } = {};
  if (ctx.credentials) out.credentials = ctx.credentials;
  if (ctx.signal) out.signal = ctx.signal;
  return out;
}

function httpError(response: Response, json: unknown): ApiError {
  const body = parseErrorBody(json);
  const status = response.status;
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  const code = body.code;
  // Real servers answer token failures with 403 (the document: 401), code `*_authentication_error`.
  // A bare 403 (a firewall, a proxy) says nothing about the shopper's session.
  const authFailure = code
    ? (status === 401 || status === 403) && /(^|_)authentication_error$|jwt/.test(code)
    : status === 401;
  const kind = authFailure ? 'auth' : 'http';
  const init: ConstructorParameters<typeof ApiError>[0] = {
    kind,
    status,
    message: body.message || statusMessage(status),
  };
  if (code) init.code = code;
  if (retryAfter !== undefined) init.retryAfter = retryAfter;
  if (body.twoFactor) init.twoFactor = body.twoFactor;
  return new ApiError(init);
}

function statusMessage(status: number): string {
  if (status === 401) return 'Please sign in again to continue.';
  if (status === 403) return 'The shop did not allow that request.';
  if (status === 404) return 'The shop could not find what we asked for.';
  if (status === 429) return 'The shop is busy. Please wait a moment and try again.';
  if (status >= 500) return 'The shop is having trouble right now. Please try again in a moment.';
  return 'The shop could not complete that request. Please check it and try again.';
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function aborted(cause: unknown): ApiError {
  return new ApiError({ kind: 'aborted', message: 'The request was cancelled.', cause });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function base64(text: string): string {
  // btoa takes Latin-1 only; encode UTF-8 first so passwords with any character work.
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** https, or a loopback host (localhost, 127.0.0.1, [::1]) for development. */
export function isSecureBase(baseUrl: string): boolean {
  const url = new URL(baseUrl, globalThis.location?.href);
  if (url.protocol === 'https:') return true;
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}
