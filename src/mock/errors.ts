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
    } = {},
  ) {
    super(message);
  }

  /** The response body on the wire; `null` for an empty body. */
  body(namespace: string): unknown {
    if (this.options.raw) return this.options.raw.body(namespace);
    const code = this.options.core ? this.code : `${namespace}_${this.code}`;
    return { code, message: this.message, data: { status: this.status, ...this.options.data } };
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

/** WordPress's schema validation failure for request fields of the wrong type. */
export function invalidParam(param: string, reason: string): ShopError {
  return coreError(400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, { params: { [param]: reason } });
}
