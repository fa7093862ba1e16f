/**
 * Real HS256 JSON Web Tokens for the fake shop (WebCrypto, so it runs in the msw worker's page).
 * The widget only ever reads `exp` from them; the mock signs and verifies them like a server would.
 */

export interface JwtClaims {
  iss: string;
  /** Issued at, seconds. */
  iat: number;
  nbf: number;
  /** Expiry, seconds. */
  exp: number;
  /** Unique per token: two tokens issued in the same second still differ. */
  jti: string;
  data: { user: { id: string; username: string; generation: number } };
}

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  const head = base64url(encoder.encode(JSON.stringify({ typ: 'JWT', alg: 'HS256' })));
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${head}.${body}`));
  return `${head}.${body}.${base64url(new Uint8Array(signature))}`;
}

/** The claims of a token signed with `secret` that is in force at `nowSeconds`; otherwise `null`. */
export async function verifyJwt(token: string, secret: string, nowSeconds: number): Promise<JwtClaims | null> {
  const [head, body, signature, ...rest] = token.split('.');
  if (!head || !body || !signature || rest.length) return null;
  try {
    const header = JSON.parse(new TextDecoder().decode(fromBase64url(head))) as { alg?: string };
    if (header.alg !== 'HS256') return null;
    const valid = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      fromBase64url(signature) as Uint8Array<ArrayBuffer>,
      encoder.encode(`${head}.${body}`),
    );
    if (!valid) return null;
    const claims = JSON.parse(new TextDecoder().decode(fromBase64url(body))) as JwtClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.nbf > nowSeconds) return null;
    return claims;
  } catch {
    return null;
  }
}
