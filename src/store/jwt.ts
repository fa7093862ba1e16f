/**
 * Reads a bearer token's times. The widget never verifies tokens (the service does); it only needs
 * `exp` to refresh shortly before a token runs out, and `iat` to judge that by the shop's clock.
 */

/** When the token expires, ms since the epoch on the shop's clock; `null` when it is not a JWT with a numeric `exp`. */
export function tokenExpiry(token: string): number | null {
  return claim(token, 'exp');
}

/**
 * How far the shop's clock is ahead of this device's (ms; negative when behind), judged when `token`
 * arrived (`receivedAt`, the device's clock): its `iat` is the shop's time of issue, a moment before.
 * 0 for a token without a numeric `iat`: the device's clock is all there is.
 */
export function clockSkew(token: string, receivedAt: number): number {
  const issued = claim(token, 'iat');
  return issued === null ? 0 : issued - receivedAt;
}

function claim(token: string, name: 'exp' | 'iat'): number | null {
  try {
    // base64url without padding: `atob` takes the missing padding, not `-` and `_`.
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const value = (JSON.parse(atob(payload)) as Record<string, unknown>)[name];
    return typeof value === 'number' ? value * 1000 : null;
  } catch {
    return null;
  }
}
