import type { ApiCore } from '../api/shop-connection.js';
import type { TokenPair } from '../api/model.js';
import type { ApiError } from '../api/errors.js';
import type { Persistence } from './persistence.js';
import type { StoredSession, Tokens } from './stored-session.js';
import type { SessionEndReason } from './state.js';

/** How long a refused refresh waits for another tab's new tokens before the session ends. */
const OTHER_TAB_MS = 1_000;

/** What the exchange needs of the session it refreshes (`Session`, which loads this module when a token first needs it). */
export interface SessionSide {
  api: ApiCore;
  persistence: Persistence;
  /** The tokens the session holds now (another tab's message may change them while this waits). */
  held(): Tokens | null;
  /** Whether the session holds any credentials now. */
  signedIn(): boolean;
  readStored(): StoredSession | null;
  /** Takes another tab's newer session. */
  adopt(stored: StoredSession): void;
  /** Keeps the new tokens (for `stored`'s customer, kept where `stored` is) and tells the other tabs. */
  share(pair: TokenPair, stored: StoredSession): void;
  /** Whether stored tokens replace `held`: they differ and do not expire earlier. */
  isNewer(stored: Tokens, held: Tokens): boolean;
  end(reason: SessionEndReason, tellOthers?: boolean): void;
}

/**
 * Exchanges the refresh token for new tokens, one tab at a time (a lock across the shop's tabs).
 * Resolves `false` when the session could not be refreshed; a refusal by the shop ends it with
 * `reasonOnRefusal`, an outage keeps it.
 */
export async function exchangeTokens(reasonOnRefusal: SessionEndReason, side: SessionSide): Promise<boolean> {
  const held = side.held();
  if (!held) return false;
  return side.persistence.withLock('refresh', async () => {
    // Refresh tokens are single use: another tab may have rotated ours, or ended the session,
    // while this one waited for the lock. Then its result is ours too.
    // Heard from that tab already: what it sent is the newest. Storage may still hold the old
    // session (its write lags behind the message, or failed), so it must not win here.
    if (side.held()?.token !== held.token) return side.signedIn();
    const stored = side.readStored();
    if (!stored) {
      if (side.held()) side.end('other-tab', false);
      return false;
    }
    if (side.isNewer(stored, held)) {
      side.adopt(stored);
      return true;
    }
    if (!held.refreshToken) {
      side.end(reasonOnRefusal);
      return false;
    }
    try {
      const pair = await side.api.refreshToken(held.refreshToken);
      side.share(pair, stored);
      return true;
    } catch (error) {
      // An outage says nothing about the refresh token: keep the session and try again later. (Read
      // from the error rather than by class: this module imports nothing the page's first script
      // has, so that the one-file build, too, loads it alone.)
      if ((error as ApiError | undefined)?.transient) return false;
      // Refresh tokens are single use: another tab may have spent ours a moment ago, its
      // storage write and message not here yet. Its tokens are ours too; only without them
      // does the session end.
      if (await newerArrives(held, side)) return true;
      if (side.held()?.token === held.token) side.end(reasonOnRefusal);
      return false;
    }
  });
}

/** Waits a little for tokens newer than `held` from another tab; `true` once the session has them. */
async function newerArrives(held: Tokens, side: SessionSide): Promise<boolean> {
  for (let waited = 0; waited <= OTHER_TAB_MS; waited += 50) {
    const now = side.held();
    if (now?.token !== held.token) return now !== null;
    const stored = side.readStored();
    if (stored && side.isNewer(stored, held)) {
      side.adopt(stored);
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
