import type { Credentials, ShopConnection } from '../api/shop-connection.js';
import type { TokenPair } from '../api/model.js';
import type { ApiError } from '../api/errors.js';
import type { Persistence } from './persistence.js';
import type { StoredSession, Tokens } from './stored-session.js';
import type { SessionEndReason } from './state.js';
import { tokenExpiry } from './jwt.js';
import { refreshToken } from '../api/token-refresh.js';

/** How long a refused refresh waits for another tab's new tokens before the session ends. */
const OTHER_TAB_MS = 1_000;

/** What the exchange needs of the session it refreshes (`Session`, which loads this module when a token first needs it). */
export interface SessionSide {
  api: ShopConnection;
  persistence: Persistence;
  /** The tokens the session holds now (another tab's message may change them while this waits). */
  tokens(): Tokens | null;
  /** Whether the session holds any credentials now. */
  signedIn(): boolean;
  readStored(): StoredSession | null;
  /** Takes another tab's newer session. */
  adopt(stored: StoredSession): void;
  /** Keeps the new tokens (for `stored`'s customer, kept where `stored` is) and tells the other tabs. */
  share(pair: TokenPair, stored: StoredSession): void;
  end(reason: SessionEndReason, tellOthers?: boolean): void;
}

/**
 * What `Session.recover` does once a request's credentials (`failed`; unknown when not given) were
 * refused and the session holds `current`: send the request `again` when the session changed since
 * it was sent (a refresh, a new sign-in) or, with `failed` unknown, refreshed a moment ago
 * (`recent`); `end` a Basic session (there is nothing to refresh); else `refresh` the tokens.
 */
export function recovery(failed: Credentials | undefined, current: Credentials, recent: boolean): 'again' | 'end' | 'refresh' {
  if (failed && !sameCredentials(failed, current)) return 'again';
  if (current.kind === 'basic') return 'end';
  return !failed && recent ? 'again' : 'refresh';
}

/**
 * Exchanges the refresh token for new tokens, one tab at a time (a lock across the shop's tabs).
 * Resolves `false` when the session could not be refreshed; a refusal by the shop ends it with
 * `reasonOnRefusal`, an outage keeps it.
 */
export async function exchangeTokens(reasonOnRefusal: SessionEndReason, side: SessionSide): Promise<boolean> {
  const held = side.tokens();
  if (!held) return false;
  return side.persistence.withLock('refresh', async () => {
    // Refresh tokens are single use: another tab may have rotated ours, or ended the session,
    // while this one waited for the lock. Then its result is ours too.
    // Heard from that tab already: what it sent is the newest. Storage may still hold the old
    // session (its write lags behind the message, or failed), so it must not win here.
    if (side.tokens()?.token !== held.token) return side.signedIn();
    const stored = side.readStored();
    if (!stored) {
      if (side.tokens()) side.end('other-tab', false);
      return false;
    }
    if (isNewer(stored, held)) {
      side.adopt(stored);
      return true;
    }
    if (!held.refreshToken) {
      side.end(reasonOnRefusal);
      return false;
    }
    try {
      const pair = await refreshToken(side.api, held.refreshToken);
      side.share(pair, stored);
      return true;
    } catch (error) {
      // An outage says nothing about the refresh token: keep the session and try again later.
      if ((error as ApiError | undefined)?.transient) return false;
      // Refresh tokens are single use: another tab may have spent ours a moment ago, its
      // storage write and message not here yet. Its tokens are ours too; only without them
      // does the session end.
      if (await newerArrives(held, side)) return true;
      if (side.tokens()?.token === held.token) side.end(reasonOnRefusal);
      return false;
    }
  });
}

/** Waits a little for tokens newer than `held` from another tab; `true` once the session has them. */
async function newerArrives(held: Tokens, side: SessionSide): Promise<boolean> {
  for (let waited = 0; waited <= OTHER_TAB_MS; waited += 50) {
    const now = side.tokens();
    if (now?.token !== held.token) return now !== null;
    const stored = side.readStored();
    if (stored && isNewer(stored, held)) {
      side.adopt(stored);
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * Whether stored tokens replace `held`: they differ and do not expire earlier. Storage a tab could
 * not write (full) or that lags behind another tab's message may still hold older ones.
 */
function isNewer(stored: Tokens, held: Tokens): boolean {
  if (stored.token === held.token && stored.refreshToken === held.refreshToken) return false;
  const [expires, heldExpires] = [tokenExpiry(stored.token), tokenExpiry(held.token)];
  return expires === null || heldExpires === null || expires >= heldExpires;
}

function sameCredentials(a: Credentials, b: Credentials): boolean {
  if (a.kind === 'bearer' && b.kind === 'bearer') return a.token === b.token;
  if (a.kind === 'basic' && b.kind === 'basic') return a.username === b.username && a.password === b.password;
  return a.kind === b.kind;
}
