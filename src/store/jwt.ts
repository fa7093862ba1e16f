/**
 * Reads a bearer token's expiry. The widget never verifies tokens (the service does); it only
 * needs `exp` to refresh shortly before a token runs out.
 */

/** When the token expires, ms since the epoch; `null` when it is not a JWT with a numeric `exp`. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}
