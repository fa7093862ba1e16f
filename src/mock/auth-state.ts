import { base64url } from './jwt.js';
import { isObject } from './json.js';

/** A refresh token's owner and expiry (ms since the epoch). */
export interface RefreshRecord {
  userId: string;
  expiresAt: number;
}

/**
 * What the sign-in side must keep to honour the tokens it issued. Saved with the carts, so a
 * reload or a second tab of a persisted shop still accepts them: tokens live as long as the carts
 * they open. The secret is the fake shop's own made-up signing key, never a shopper's secret, and
 * lives only in the shop's state (never in the widget's storage).
 */
export interface AuthRecords {
  /** HS256 signing key of the shop's JWTs. */
  secret: string;
  /** Live single-use refresh tokens. */
  refreshTokens: Record<string, RefreshRecord>;
  /** Per user id, bumped by logout: tokens of older generations are revoked. */
  generations: Record<string, number>;
}

/** The sign-in side's records inside the shop's state; a signing secret is made on first use. */
export class TokenBook {
  constructor(
    /** The shop's state (`cart-state.ts`), whose `auth` these records are. */
    private readonly state: { auth?: AuthRecords },
    private readonly changed: () => void,
  ) {}

  get secret(): string {
    return this.records().secret;
  }

  generation(userId: string): number {
    return this.state.auth?.generations[userId] ?? 0;
  }

  /** Remembers a new refresh token; expired ones are dropped on the way. */
  addRefreshToken(token: string, record: RefreshRecord, now: number): void {
    const tokens = this.records().refreshTokens;
    for (const [old, { expiresAt }] of Object.entries(tokens)) if (expiresAt <= now) delete tokens[old];
    tokens[token] = record;
    this.changed();
  }

  /** Uses up a refresh token: its record, once, or `undefined`. */
  takeRefreshToken(token: string): RefreshRecord | undefined {
    const tokens = this.state.auth?.refreshTokens;
    if (!tokens || !Object.hasOwn(tokens, token)) return undefined;
    const record = tokens[token];
    delete tokens[token];
    this.changed();
    return record;
  }

  /** Logout: every token the user holds, on every device, stops working. */
  revokeAll(userId: string): void {
    const records = this.records();
    records.generations[userId] = this.generation(userId) + 1;
    for (const [token, record] of Object.entries(records.refreshTokens)) if (record.userId === userId) delete records.refreshTokens[token];
    this.changed();
  }

  /** Forgets everything, the secret too: no token issued before is accepted. */
  clear(): void {
    delete this.state.auth;
    this.changed();
  }

  private records(): AuthRecords {
    if (!this.state.auth) {
      this.state.auth = { secret: randomSecret(), refreshTokens: {}, generations: {} };
      this.changed();
    }
    return this.state.auth;
  }
}

export function isAuthRecords(value: unknown): value is AuthRecords {
  return (
    isObject(value) &&
    typeof value.secret === 'string' &&
    value.secret.length > 0 &&
    isObject(value.refreshTokens) &&
    Object.values(value.refreshTokens).every(
      (record) => isObject(record) && typeof record.userId === 'string' && typeof record.expiresAt === 'number',
    ) &&
    isObject(value.generations) &&
    Object.values(value.generations).every((generation) => Number.isInteger(generation))
  );
}

function randomSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}
