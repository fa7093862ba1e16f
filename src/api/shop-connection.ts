import type * as z from 'zod/mini';
import { ApiError } from './errors.js';
import { exchange, isSecureBase, redactUrl, sleep, type Method } from './transport.js';
import type { AmountsMode, Cart } from './model.js';
import { parseCart } from './page-load-schemas.js';
import { retryPause } from './retry-policy.js';
import { unsoundTotals } from './wire/cart.js';
import { pageUrl } from './page-url.js';

export { isSecureBase };
export type { Method };

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

export type Query = Record<string, string | undefined>;

/**
 * The connection to one shop (base URL, namespace, how it writes amounts) and the routes every page
 * load needs: the cart read, and the token checks a stored session needs before it (validate-token,
 * refresh-token). `send` is the one place a request is built and sent again (`retry-policy.ts`).
 * Every other route is a function of `routes.ts`, loaded only when the shopper acts or the browser
 * is idle (docs/architecture.md, "Loading later, and bytes"); `CartApi` (`cart-api.ts`) is this
 * with those routes as methods. Stateless: the store owns cart keys and sessions.
 */
export class ShopConnection {
  readonly baseUrl: string;
  readonly namespace: string;
  readonly amounts: AmountsMode;
  /** How long a read may take in all before it fails, ms: the shopper sees the error by then. */
  readonly readDeadlineMs: number;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #backoffMs: number;
  /**
   * Reads each cart answer: the store's actions bring one that does not read a line sent as in the
   * last answer again (`wire/line-memo.ts`). None: `cartSchema`, every line read.
   */
  declare cartReader?: z.ZodMiniType<Cart>;

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

  async getCart(ctx: CallContext = {}, options: GetCartOptions = {}): Promise<Cart> {
    return this.sendCart('GET', 'v2/cart', ctx, undefined, {
      fields: options.fields?.join(','),
      default: options.defaults ? 'true' : undefined,
      thumb: options.featuredImage === false ? undefined : 'true',
    });
  }

  /** Resolves when the token is valid; rejects with an `auth` ApiError when it is not. */
  async validateToken(token: string, signal?: AbortSignal): Promise<void> {
    await this.send('POST', 'jwt/validate-token', { credentials: { kind: 'bearer', token }, signal });
  }

  /** Builds the request URL: `{base}/{namespace}/{path}?{query}`. */
  url(path: string, query: Query = {}): string {
    const url = pageUrl(`${this.baseUrl}/${this.namespace}/${path}`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(name, value);
    }
    return url.href;
  }

  /**
   * A request to a cart route, answered with the whole cart (its key from the body or the
   * `CoCart-API-Cart-Key` header). `alsoRead` sees the answer's JSON too.
   */
  async sendCart(method: Method, path: string, ctx: CallContext, body?: unknown, query?: Query, alsoRead?: (json: unknown) => void): Promise<Cart> {
    // Every cart route answers the whole cart: ask for featured images on all of them, or lines
    // lose their pictures after the first change.
    const { json, headers } = await this.send(method, path, ctx, body, {
      thumb: 'true',
      ...query,
      cart_key: ctx.cartKey || undefined,
    });
    const cart = parseCart(json, this);
    const sent = unsoundTotals.get(cart);
    if (sent !== undefined) import('./blocked.js').then(({ explainUnsoundTotal }) => explainUnsoundTotal(`${this.baseUrl}/${this.namespace}`, sent, cart.totals.total), () => {});
    alsoRead?.(json);
    return { ...cart, key: cart.key || (headers.get('CoCart-API-Cart-Key') ?? headers.get('Cart-Key')) || null };
  }

  /**
   * One request to `path` below the namespace, answered with its JSON (`undefined` when the body is
   * not JSON) and headers; every route goes through here (and `listSessions`). Takes `ctx`'s
   * credentials and signal; a cart key is only sent where `query` has it (cart routes, login).
   */
  async send(method: Method, path: string, ctx: CallContext, body?: unknown, query: Query = {}): Promise<{ json: unknown; headers: Headers }> {
    const { credentials, signal } = ctx;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (credentials?.kind === 'bearer') {
      headers.Authorization = `Bearer ${credentials.token}`;
    } else if (credentials?.kind === 'basic') {
      // Spec rule 2: Basic credentials only over https (or this machine, for development).
      query = (await import('./basic-auth.js')).withBasicCredentials(credentials, headers, query, this.baseUrl, this.secure);
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
        const pause = retryPause(error, read, attempt, this.#retries, this.#backoffMs, deadline - performance.now());
        if (pause < 0) {
          // The explanation for the developer is loaded only when a request got no answer at all.
          if (error.kind === 'network') import('./blocked.js').then(({ explainBlockedRequest }) => explainBlockedRequest(redactUrl(url), init, this.baseUrl), () => {});
          throw error;
        }
        await sleep(pause, signal);
      }
    }
  }
}

/**
 * `ShopConnection`'s first name, kept: the npm package exports it (`index.ts`, README's admin
 * example), and `src/store` still spells it so.
 */
export { ShopConnection as ApiCore };
