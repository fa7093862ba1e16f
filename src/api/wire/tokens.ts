/** The refresh route's answer on the wire. Read on a page whose token runs out (`token-exchange.ts`). */
import type { TokenPair } from '../model.js';
import { block, need, Str, then } from './fields.js';

/** The refresh route's answer, `{token, refresh_token}`: both must be there. */
export const tokenPairSchema = then(
  block({ token: Str, refresh_token: Str }),
  (t, payload): TokenPair => ({ token: need(t.token, payload), refreshToken: need(t.refresh_token, payload) }),
);
