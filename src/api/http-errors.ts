import { ApiError } from './errors.js';
import { parseErrorBody } from './wire/auth.js';

/**
 * Codes whose message is not the shop's sentence for a shopper: WordPress and PHP's own (`rest_…`,
 * `internal_server_error`, written for developers), and those an element words itself.
 */
const UNSHOWN = /^(rest|wp|http)_|^internal_server_error$|(^|_)(authentication_error|rest_not_authorized|cart_not_found|invalid_parameter|item_not_in_cart|cart_empty)$/;

/**
 * What an error answer means: its kind, the shop's sentence for a shopper (when it has one), a
 * two-factor challenge and how long to wait before asking again. Loaded on demand, with the reader
 * of error bodies (`wire/auth.ts`), at the first answer that is not a success: most pages never get one.
 */
export function httpError(response: Response, json: unknown, request: string): ApiError {
  const { code, message, twoFactor } = parseErrorBody(json);
  const { status } = response;
  // Real servers answer token failures with 403 (the document: 401), code `*_authentication_error`.
  // A bare 403 (a firewall, a proxy) says nothing about the shopper's session.
  const authFailure = code ? (status === 401 || status === 403) && /(^|_)authentication_error$|jwt/.test(code) : status === 401;
  // The shop's own sentences (its codes: stock, coupons, variations) are written for shoppers;
  // WordPress core's (`rest_no_route`), PHP's critical-error page and bodies without a code are not.
  const ownCode = !!code && !authFailure && !UNSHOWN.test(code);
  return new ApiError({
    kind: authFailure ? 'auth' : 'http',
    status,
    message: `${request} answered ${status}${code ? ` ${code}` : ''}: ${message || '(no message)'}`,
    shopMessage: ownCode ? shopSentence(code, message) : undefined,
    code,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    twoFactor,
  });
}

/**
 * WooCommerce ends an add-to-cart refusal with its "View cart" button. Its markup is taken out
 * when it arrives (`withoutCartLink`), but CoCart strips the tags first (`wp_strip_all_tags`) and
 * leaves the button's words, in the shop's language ("Warenkorb ansehen", "Voir le panier"): the
 * words after the refusal's last full sentence.
 */
function shopSentence(code: string | undefined, message: string | undefined): string | undefined {
  return /(^|_)add_to_cart_error$/.test(code ?? '') ? message?.replace(/([.!?。！？])\s*[^.!?。！？]+$/u, '$1') : message;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  // Seconds, or an HTTP date.
  const seconds = Number(value);
  const wait = Number.isFinite(seconds) ? seconds : (Date.parse(value) - Date.now()) / 1000;
  return Number.isNaN(wait) ? undefined : Math.max(0, wait);
}

