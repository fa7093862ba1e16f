import type { ShopConnection } from './shop-connection.js';
import type { TokenPair } from './model.js';
import { readOrThrow } from './page-load-schemas.js';
import { tokenPairSchema } from './wire/tokens.js';

// The token refresh's request and reader: loaded with the token exchange (`store/token-exchange.ts`)
// when a signed-in customer's token first runs out (once in days), not with the page.

/** The refresh route's answer: a new token pair, or an `invalid-response` ApiError. */
export const parseTokenPair = (raw: unknown): TokenPair => readOrThrow(() => tokenPairSchema.parse(raw));

/** Exchanges a refresh token. Never carries `Authorization`: a stale bearer breaks this route. */
export async function refreshToken(api: ShopConnection, refreshToken: string, signal?: AbortSignal): Promise<TokenPair> {
  const { json } = await api.send('POST', 'jwt/refresh-token', { signal }, { refresh_token: refreshToken });
  return parseTokenPair(json);
}
