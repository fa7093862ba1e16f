/**
 * Errors on the wire: error answers and the two-factor challenge one may carry. Read only at an
 * answer that is not a success (`../http-errors.ts`, loaded then); the token pair of the refresh
 * route is `tokens.ts`, the login answer `login.ts`.
 */
import * as z from 'zod/mini';
import type { TwoFactorChallenge } from '../model.js';
import { Any, block, Bool, isObj, run, Str, then } from './fields.js';
import { plain, str, withoutCartLink } from './text.js';

export { tokenPairSchema } from './tokens.js';

/**
 * The `data` of a two-factor error: `2fa_required`, and `available_providers` as a list of
 * aliases or an object keyed by alias (values are labels). `undefined` for other errors.
 */
export const twoFactorSchema = then(
  block({ '2fa_required': Any, available_providers: Any, default_provider: Str, email_sent: Bool }),
  (d): TwoFactorChallenge | undefined => {
    const given = d.available_providers;
    if (d['2fa_required'] == null && given == null) return undefined;
    const providers = (
      Array.isArray(given) ? given : isObj(given) ? Object.entries(given).map(([k, v]) => (/^\d+$/.test(k) ? v : k)) : []
    )
      .map(str)
      .filter(Boolean);
    return { providers, defaultProvider: d.default_provider || providers[0] || '', emailSent: d.email_sent };
  },
);

/** What an error answer says: the service's code, its message as text, and a two-factor challenge. */
export interface ErrorBody {
  code?: string;
  message?: string;
  twoFactor?: TwoFactorChallenge;
}

// Codes are the service's words (`svc_cart_not_found`); a number there is noise, not a code.
const Code = z.transform((v: unknown) => (typeof v == 'string' ? v : ''));

/**
 * An error answer, which never fails to read. The document and WordPress send `{code, message,
 * data}`; WordPress's JSON helpers `{success: false, data: [{code, message}]}` or
 * `{success: false, data: {message}}`; some answers are a list of those, or a bare string (an HTML
 * page read as text is a string too). `data` carries the two-factor challenge.
 */
const ErrorBodyFields = block({ code: Code, message: Any, data: Any });
export const ErrorBodyWire = z.transform((raw: unknown, payload) =>
  run(ErrorBodyFields, typeof raw == 'string' ? { message: raw } : Array.isArray(raw) ? raw[0] : raw, payload),
);

export const errorBodySchema = then(
  ErrorBodyWire,
  (body): ErrorBody => {
    const out: ErrorBody = {};
    let { code, message } = body;
    const data = body.data;
    const inner: unknown = Array.isArray(data) ? data[0] : data;
    if (!code && message == null) {
      if (isObj(inner)) {
        code = Code.parse(inner.code);
        message = inner.message;
      } else message = inner;
    }
    const readable = plain(withoutCartLink(message));
    if (code) out.code = code;
    if (readable) out.message = readable;
    const challenge = twoFactorSchema.parse(data);
    if (challenge) out.twoFactor = challenge;
    return out;
  },
);

/** Never throws: whatever an error answer holds (or nothing, for an empty or HTML body) is read. */
export const parseErrorBody = (raw: unknown): ErrorBody => errorBodySchema.parse(raw);
