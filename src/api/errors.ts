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
  message: string;
  status?: number;
  code?: string;
  /** Seconds from a `Retry-After` header. */
  retryAfter?: number;
  twoFactor?: TwoFactorChallenge;
  cause?: unknown;
}

/**
 * The one error type for everything that can go wrong between the widget and the service.
 * `message` is written for a shopper; `code` is the service's code as sent (e.g.
 * `cocart_2fa_required`), matched by suffix through `is()`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly retryAfter: number | undefined;
  /** Present on a two-factor challenge (`*_2fa_required`). */
  readonly twoFactor: TwoFactorChallenge | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter;
    this.twoFactor = init.twoFactor;
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
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
