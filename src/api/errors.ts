import type { TwoFactorChallenge } from './model.js';

export type ApiErrorKind =
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'http'
  | 'auth'
  | 'invalid-response'
  | 'insecure-transport';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** For developers: what was asked and what came back. Never shown to a shopper. */
  message: string;
  status?: number;
  code?: string;
  /** The shop's own sentence for a shopper, when its answer had one meant for them. */
  shopMessage?: string;
  /** Seconds from a `Retry-After` header. */
  retryAfter?: number;
  twoFactor?: TwoFactorChallenge;
  /** The cart was read again after this failure: what is on screen is the shop's truth. */
  cartReread?: boolean;
  cause?: unknown;
}

/** Statuses worth asking again for later: rate limits and gateways in trouble. */
const BUSY = [429, 502, 503, 504];

/**
 * The one error type for everything that can go wrong between the widget and the service, and
 * the one place that says what a failure means. `message` is for developers (the console, the
 * `cart-error` event); what a shopper reads comes from `describeError` in `format/messages.ts`,
 * which uses `shopMessage` (the shop's own words for the shopper) when there is one. `code` is the
 * service's code as sent (e.g. `cocart_2fa_required`), matched by suffix through `is()`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly shopMessage: string | undefined;
  readonly retryAfter: number | undefined;
  /** Present on a two-factor challenge (`*_2fa_required`). */
  readonly twoFactor: TwoFactorChallenge | undefined;
  readonly cartReread: boolean;
  readonly #init: ApiErrorInit;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.shopMessage = init.shopMessage || undefined;
    this.retryAfter = init.retryAfter;
    this.twoFactor = init.twoFactor;
    this.cartReread = init.cartReread ?? false;
    this.#init = init;
  }

  /** The same failure, after which the cart was read again (the shopper now sees the shop's truth). */
  withCartReread(): ApiError {
    return new ApiError({ ...this.#init, cartReread: true });
  }

  /**
   * Whether the service's code ends with `suffix` after the namespace prefix:
   * `is('2fa_required')` matches `svc_2fa_required` and `cocart_2fa_required`.
   */
  is(suffix: string): boolean {
    const code = this.code;
    if (!code) return false;
    return code === suffix || code.endsWith(`_${suffix}`);
  }

  /** The shop refused the credentials the request carried (a token to refresh, a password to retype). */
  get refusedCredentials(): boolean {
    return this.kind === 'auth';
  }

  /**
   * PHP's "critical error" page (500 `internal_server_error`). With CoCart JWT 3.0.3 on core 4.3.x
   * every rejected token answers this way (real-world notes, "Login and tokens"); on a request that
   * carried a token it may be a token failure in disguise, and must be told from an outage.
   */
  get criticalError(): boolean {
    return this.status === 500 && this.is('internal_server_error');
  }

  /** The request may have reached the shop, but no answer came: a write's outcome is unknown. */
  get outcomeUnknown(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }

  /** Says nothing about the request or the shopper's session: the same request may work later. */
  get transient(): boolean {
    return this.outcomeUnknown || this.kind === 'aborted' || BUSY.includes(this.status!) || this.status! >= 500;
  }

  /** Worth repeating a read for at once (after a pause): no answer, a rate limit, a gateway. */
  get retryable(): boolean {
    return this.outcomeUnknown || (this.kind === 'http' && BUSY.includes(this.status!));
  }

  /** The shop does not have this route (WordPress's 404 `rest_no_route`): an add-on is not installed. */
  get missingRoute(): boolean {
    return this.status === 404 && this.is('rest_no_route');
  }

  /** The service no longer knows the cart key sent (spec: 404 `cart_not_found`, 400 `invalid_parameter`). */
  get lostCart(): boolean {
    return (this.status === 404 && this.is('cart_not_found')) || (this.status === 400 && this.is('invalid_parameter'));
  }

  /** The line is no longer in the cart (removed on another device or tab): the cart must be read again. */
  get lineGone(): boolean {
    return this.status === 404 && this.is('item_not_in_cart');
  }

  /** The shop will not do this for an empty cart (`*_cart_empty`: e.g. an estimate before any line). */
  get emptyCart(): boolean {
    return this.is('cart_empty');
  }

  /**
   * The shop has no shipping estimate: no route (`rest_no_route`), or an older CoCart without the
   * `update-customer` callback (404 `*_no_namespace_error`, "There is no such namespace registered").
   */
  get estimateNotOffered(): boolean {
    return this.missingRoute || (this.status === 404 && this.is('no_namespace_error'));
  }

  /**
   * A sign-in refused for its credentials. Real servers answer a wrong password with 401 or 403, and
   * an unknown username with a 500 (an empty one, or WordPress 7's critical-error JSON): the login
   * route tells that 500 from an outage by asking the shop again without credentials, and only then
   * is it `auth` (real-world notes, "Login and tokens", "WordPress 7 and WooCommerce 10").
   */
  get wrongCredentials(): boolean {
    return this.kind === 'auth' || this.status === 401 || this.status === 403;
  }

  /** The shop asks for a second factor (`*_2fa_required`); `twoFactor` says which. */
  get twoFactorRequired(): boolean {
    return this.is('2fa_required');
  }

  /** The verification code was wrong or expired (`*_2fa_invalid_code`). */
  get invalidTwoFactorCode(): boolean {
    return this.is('2fa_invalid_code');
  }

  /** The verification method chosen is not one the account has (`*_2fa_invalid_provider`). */
  get invalidTwoFactorMethod(): boolean {
    return this.is('2fa_invalid_provider');
  }

  /** Too many requests (429): the shop asks to wait. */
  get rateLimited(): boolean {
    return this.status === 429;
  }

  /** The shop did not allow the request (403). */
  get forbidden(): boolean {
    return this.status === 403;
  }

  /** The shop could not find what was asked for (404). */
  get notFound(): boolean {
    return this.status === 404;
  }

  /** The shop refused the request as asked (4xx): the shopper may change it and try again. */
  get refused(): boolean {
    return this.status! >= 400 && this.status! < 500;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Anything thrown, as an `ApiError`: an unexpected error counts as an answer that could not be read. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError({ kind: 'invalid-response', message: `Unexpected failure: ${String(error)}`, cause: error });
}
