/**
 * Reads a bearer token's expiry. The widget never verifies tokens (the service does); it only
 * needs `exp` to refresh shortly before a token runs out.
 */

/** When the token expires, ms since the epoch; `null` when it is not a JWT with a numeric `exp`. */
export function tokenExpiry(token: string): number | null {
  try {
    // base64url without padding: `atob` takes the missing padding, not `-` and `_`.
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
