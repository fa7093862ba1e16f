/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP, HMAC-SHA-1) with WebCrypto, for the
 * fake shop's authenticator-app provider. Secrets are base32, as authenticator apps take them.
 */

export const TOTP_STEP_SECONDS = 30;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(secret: string): Uint8Array<ArrayBuffer> {
  const clean = secret.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`Not a base32 character: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return new Uint8Array(bytes);
}

async function hotp(key: Uint8Array<ArrayBuffer>, counter: number, digits: number): Promise<string> {
  const message = new DataView(new ArrayBuffer(8));
  // Counters past 2^32 (RFC 6238's year-2603 vector) need both halves.
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, message.buffer));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment (ms since the epoch) falls in. */
export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code an authenticator app shows at `timeMs` for a base32 `secret`. */
export function totp(secret: string, timeMs: number, digits = 6): Promise<string> {
  return hotp(base32Decode(secret), totpStep(timeMs), digits);
}

/**
 * The time step `code` belongs to, accepting one step of clock drift either way, or `null`.
 * Steps at or before `usedStep` are refused: a code works once (replay protection).
 */
export async function matchTotp(secret: string, code: string, timeMs: number, usedStep = -1): Promise<number | null> {
  const key = base32Decode(secret);
  const now = totpStep(timeMs);
  for (const step of [now, now - 1, now + 1]) {
    if (step <= usedStep) continue;
    if ((await hotp(key, step, 6)) === code) return step;
  }
  return null;
}
