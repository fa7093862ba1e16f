import { isObject } from './json.js';

/**
 * A failure the fake service answers with. Thrown anywhere below a route and turned into a response
 * by the route wrapper, so rules read as plain code: `throw shopError(400, 'quantity_invalid_amount', …)`.
 */
export class ShopError extends Error {
  override readonly name = 'ShopError';

  constructor(
    readonly status: number,
    /** The code after the namespace prefix (`cart_not_found`), or a full WordPress core code. */
    readonly code: string,
    message: string,
    readonly options: {
      /** WordPress core codes (`rest_no_route`, `rest_invalid_param`) carry no namespace prefix. */
      core?: boolean;
      /** Extra members of `data` besides `status`. */
      data?: Record<string, unknown>;
      /**
       * Send exactly this body instead of `{code, message, data}`: real servers answer some failures
       * without a code. Called with the namespace; returning `null` answers an empty body.
       */
      raw?: { body: (namespace: string) => unknown };
      /** Extra members of `data` sent only in the real-server shape (WordPress 5.7+ `details`). */
      realData?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
  }

  /** The response body on the wire; `null` for an empty body. */
  body(namespace: string, shape: 'document' | 'real' = 'document'): unknown {
    if (this.options.raw) return this.options.raw.body(namespace);
    const code = this.options.core ? this.code : `${namespace}_${this.code}`;
    const real = shape === 'real' ? this.options.realData : undefined;
    return { code, message: this.message, data: { status: this.status, ...this.options.data, ...real } };
  }
}

/** A namespaced error: `shopError(404, 'cart_not_found', …)` answers `svc_cart_not_found`. */
export function shopError(status: number, code: string, message: string, data?: Record<string, unknown>): ShopError {
  return new ShopError(status, code, message, data ? { data } : {});
}

/** A WordPress core error (no namespace prefix), e.g. `rest_invalid_param`. */
export function coreError(status: number, code: string, message: string, data?: Record<string, unknown>): ShopError {
  return new ShopError(status, code, message, data ? { core: true, data } : { core: true });
}

/** What WordPress answers for a route that does not exist (e.g. a store without the coupons add-on). */
export function noRoute(): ShopError {
  return coreError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
}

/** A request field that must be a JSON object when sent: `{}` when absent, a copy otherwise. */
export function objectParam(raw: unknown, param: string): Record<string, unknown> {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw invalidParam(param, `${param} is not of type object.`);
  return { ...raw };
}

/** WordPress's answer when a required request field is absent. */
export function missingParam(param: string): ShopError {
  return coreError(400, 'rest_missing_callback_param', `Missing parameter(s): ${param}`, { params: [param] });
}

/**
 * WordPress's schema validation failure for request fields of the wrong type. Real servers add
 * `details` (the type error per field), as `fixtures/server/add-item-numbers-not-strings.json`.
 */
export function invalidParam(param: string, reason: string): ShopError {
  return new ShopError(400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, {
    core: true,
    data: { params: { [param]: reason } },
    realData: { details: { [param]: { code: 'rest_invalid_type', message: reason, data: { param } } } },
  });
}

/** The real-server body when a field fails its own validation (not its type): no details. */
export function invalidParamValue(param: string): ShopError {
  return coreError(400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, { params: { [param]: 'Invalid parameter.' }, details: [] });
}

/**
 * An error CoCart sends through `wp_send_json_error`: `{ success: false, data: [{ code, message }] }`
 * (a guest sending a customer's id as cart key, a customer sending their own id).
 */
export function jsonError(status: number, code: string, message: string): ShopError {
  return new ShopError(status, code, message, { raw: { body: (namespace) => ({ success: false, data: [{ code: `${namespace}_${code}`, message }] }) } });
}

/** PHP's fatal error page as WordPress answers it on a REST route (JWT add-on 3.0.3 on core 4.3.x). */
export const CRITICAL_ERROR_MESSAGE =
  '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>';

export function criticalError(): ShopError {
  return new ShopError(500, 'internal_server_error', CRITICAL_ERROR_MESSAGE, {
    raw: { body: () => ({ code: 'internal_server_error', message: CRITICAL_ERROR_MESSAGE, data: { status: 500 }, additional_errors: [] }) },
  });
}

/** A PHP error before any output: status 500 and an empty body (e.g. login with an unknown username on 4.3.6). */
export function emptyServerError(): ShopError {
  return new ShopError(500, 'empty', '', { raw: { body: () => null } });
}
