import type { ApiCore, Credentials } from '../api/connection.js';
import { ApiError } from '../api/errors.js';
import type { Customer } from '../api/model.js';
import { tokenExpiry } from './jwt.js';
import type { LoginInput as SignInInput } from '../api/routes.js';
import type { StoreConfig } from './config.js';
import type { Persistence } from './persistence.js';
import type { SessionEndReason, SessionState } from './state.js';

/** What `signIn` takes: the login route's fields. */
export type { SignInInput };

/** A bearer session as it is kept between page loads and shared with the other tabs. */
interface StoredSession {
  token: string;
  /** `null` when the shop issued no refresh token: the session ends with its token. */
  refreshToken: string | null;
  user: Customer;
}

type Tokens = Pick<StoredSession, 'token' | 'refreshToken'>;

/** What one tab tells the others: the new bearer session, or that the session ended and why. */
interface SharedSession {
  stored: StoredSession | null;
  endedBy?: SessionEndReason;
}

export interface SessionOptions {
  /** The clock, ms since the epoch. */
  now?: () => number;
  /** How long before a token's `exp` it is refreshed, ms. */
  refreshAhead?: number;
}

const STORAGE_NAME = 'session';
/** A failed request whose token a refresh replaced this recently is simply repeated. */
const RECENT_REFRESH_MS = 10_000;
/** How long a refused refresh waits for another tab's new tokens before the session ends. */
const OTHER_TAB_MS = 1_000;

/**
 * Where a request's authentication comes from. The store asks `credentials()` before every
 * request and `recover()` after an authentication failure; everything about tokens, refresh and
 * Basic credentials lives here.
 *
 * - bearer: token + refresh token from the login response, kept in storage (never the password),
 *   checked with validate-token on page load, refreshed shortly before `exp` or after an
 *   authentication failure — once at a time across every tab of the shop.
 * - basic: the identifier and password, in this object's memory only, never over plain http.
 */
export class Session {
  #state: SessionState = { kind: 'guest' };
  readonly #listeners = new Set<(state: SessionState) => void>();
  #tokens: Tokens | null = null;
  #basic: { username: string; password: string } | null = null;
  #refreshing: Promise<boolean> | undefined;
  #refreshedAt = -Infinity;
  readonly #api: ApiCore;
  readonly #persistence: Persistence;
  readonly #config: StoreConfig;
  readonly #now: () => number;
  readonly #refreshAhead: number;

  constructor(api: ApiCore, persistence: Persistence, config: StoreConfig, options: SessionOptions = {}) {
    this.#api = api;
    this.#persistence = persistence;
    this.#config = config;
    this.#now = options.now ?? Date.now;
    this.#refreshAhead = options.refreshAhead ?? 60_000;
    const stored = config.auth === 'basic' ? null : this.#readStored();
    if (stored) this.#adopt(stored);
    persistence.listen((message) => {
      if (message.type === 'session') this.#follow(message.session);
    });
  }

  get state(): SessionState {
    return this.#state;
  }

  /** Hears every change of the session (sign-in, sign-out, another tab's change). */
  subscribe(listener: (state: SessionState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A guest tab takes the bearer session another tab keeps: that tab signed in a moment ago and its
   * message is not here yet (the store asks before each write). Tokens this tab holds are left to
   * `recover` (storage may lag behind a refresh another tab told this one about).
   */
  followStored(): void {
    const stored = this.#tokens || this.#config.auth === 'basic' ? null : this.#readStored();
    if (stored) this.#adopt(stored);
  }

  /** Credentials for the next request; a token about to expire is refreshed first. */
  async credentials(): Promise<Credentials> {
    if (this.#tokens && this.#expiresSoon(this.#tokens.token)) await this.refresh();
    return this.#held();
  }

  /**
   * Called once when a request failed with an authentication error. Resolves `true` when the
   * request should be repeated (once) with fresh `credentials()`. `failed`, when given, is what
   * the failed request carried: a token another refresh already replaced is not refreshed again.
   * A Basic session the shop refuses ends (`endedBy: 'expired'`): there is nothing to refresh.
   */
  async recover(error: ApiError, failed?: Credentials): Promise<boolean> {
    if (!isAuthFailure(error, failed)) return false;
    const current = this.#held();
    if (current.kind === 'none') return false;
    // The session changed since that request was sent (a refresh, a new sign-in): repeat it.
    if (failed && !sameCredentials(failed, current)) return true;
    if (current.kind === 'basic') {
      this.#end('expired');
      return false;
    }
    if (!failed && !this.#refreshing && this.#now() - this.#refreshedAt < RECENT_REFRESH_MS) return true;
    return this.refresh();
  }

  /**
   * Exchanges the refresh token for new tokens: one exchange at a time in this tab (callers share
   * it) and across tabs (a lock). Resolves `false` when the session could not be refreshed; after a
   * refusal by the shop the shopper is signed out (`endedBy: 'refresh-failed'`).
   */
  refresh(): Promise<boolean> {
    return this.#exchange('refresh-failed');
  }

  /** Checks a stored session with the shop on page load (validate-token). */
  async restore(): Promise<void> {
    const held = this.#tokens;
    if (!held) return;
    if (this.#expiresSoon(held.token)) {
      await this.#exchange('expired');
      return;
    }
    try {
      await this.#api.validateToken(held.token);
    } catch (error) {
      // Offline or a shop in trouble proves nothing: keep the session and let requests decide.
      if (isAuthFailure(error, { kind: 'bearer', token: held.token }) && this.#tokens === held) await this.#exchange('expired');
    }
  }

  /**
   * Signs in. The login carries no guest cart key: on a real server a signed-in request with one
   * replaces the customer's saved cart (the store carries guest lines over itself). A two-factor
   * challenge rejects with an `ApiError` whose `is('2fa_required')` is true and `twoFactor` set.
   * Over plain http the api refuses before the password leaves the page. The login and logout
   * routes load with the first sign-in or sign-out (`api/routes.ts`, in the store's actions chunk,
   * which a sign-in has loaded already): the page's first script carries neither.
   */
  async signIn(input: SignInInput): Promise<void> {
    const { username, password } = input;
    const result = await import('../api/routes.js').then(({ login }) => login(this.#api, input, { credentialsInQuery: this.#inQuery() }));
    if (this.#config.auth !== 'basic' && result.token) {
      this.#share({ token: result.token, refreshToken: result.refreshToken, user: result.user });
      return;
    }
    // Basic, or a shop without bearer tokens: the credentials stay in this page's memory.
    this.#persistence.write(STORAGE_NAME, null);
    this.#tokens = null;
    this.#basic = { username, password };
    this.#set({ kind: 'basic', user: result.user });
  }

  /** Ends the session here and in every tab, and tells the shop (where it has a logout route). */
  async signOut(): Promise<void> {
    const credentials = this.#held();
    // Nothing to end: another tab's Basic session (not shared) stays.
    if (credentials.kind === 'none') return;
    this.#end('user');
    try {
      await import('../api/routes.js').then(({ logout }) => logout(this.#api, { credentials }));
    } catch {
      // A shop without the route, or offline: the session has ended on this side regardless.
    }
  }

  #inQuery(): boolean {
    return this.#config.credentialsInQuery ?? false;
  }

  /** The credentials held now, without refreshing. */
  #held(): Credentials {
    if (this.#basic) return { kind: 'basic', ...this.#basic, inQuery: this.#inQuery() };
    return this.#tokens ? { kind: 'bearer', token: this.#tokens.token } : { kind: 'none' };
  }

  #set(state: SessionState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
  }

  #exchange(reasonOnRefusal: SessionEndReason): Promise<boolean> {
    return (this.#refreshing ??= this.#exchangeAcrossTabs(reasonOnRefusal).finally(() => {
      this.#refreshing = undefined;
    }));
  }

  async #exchangeAcrossTabs(reasonOnRefusal: SessionEndReason): Promise<boolean> {
    const held = this.#tokens;
    if (!held) return false;
    return this.#persistence.withLock('refresh', async () => {
      // Refresh tokens are single use: another tab may have rotated ours, or ended the session,
      // while this one waited for the lock. Then its result is ours too.
      // Heard from that tab already: what it sent is the newest. Storage may still hold the old
      // session (its write lags behind the message, or failed), so it must not win here.
      if (this.#tokens?.token !== held.token) return this.#held().kind !== 'none';
      const stored = this.#readStored();
      if (!stored) {
        if (this.#tokens) this.#end('other-tab', false);
        return false;
      }
      if (isNewer(stored, held)) {
        this.#adopt(stored);
        return true;
      }
      if (!held.refreshToken) {
        this.#end(reasonOnRefusal);
        return false;
      }
      try {
        const pair = await this.#api.refreshToken(held.refreshToken);
        this.#share({ ...pair, user: stored.user });
        this.#refreshedAt = this.#now();
        return true;
      } catch (error) {
        if (isTransient(error)) return false;
        // Refresh tokens are single use: another tab may have spent ours a moment ago, its
        // storage write and message not here yet. Its tokens are ours too; only without them
        // does the session end.
        if (await this.#newerArrives(held)) return true;
        if (this.#tokens?.token === held.token) this.#end(reasonOnRefusal);
        return false;
      }
    });
  }

  /** Waits a little for tokens newer than `held` from another tab; `true` once this tab has them. */
  async #newerArrives(held: Tokens): Promise<boolean> {
    for (let waited = 0; waited <= OTHER_TAB_MS; waited += 50) {
      if (this.#tokens?.token !== held.token) return this.#tokens !== null;
      const stored = this.#readStored();
      if (stored && isNewer(stored, held)) {
        this.#adopt(stored);
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  /** Keeps a new bearer session, tells the other tabs and (when it changed) the listeners. */
  #share(stored: StoredSession): void {
    this.#persistence.write(STORAGE_NAME, JSON.stringify(stored));
    this.#post({ stored });
    this.#adopt(stored);
  }

  #adopt(stored: StoredSession): void {
    this.#tokens = { token: stored.token, refreshToken: stored.refreshToken };
    this.#basic = null;
    const { kind, user } = this.#state;
    if (kind !== 'bearer' || !user || !sameUser(user, stored.user)) this.#set({ kind: 'bearer', user: stored.user });
  }

  #end(reason: SessionEndReason, tellOthers = true): void {
    this.#persistence.write(STORAGE_NAME, null);
    if (tellOthers) this.#post({ stored: null, endedBy: reason });
    this.#forget(reason);
  }

  /** Drops the credentials; a signed-in shopper becomes a guest, `endedBy` says why. */
  #forget(endedBy: SessionEndReason): void {
    this.#tokens = null;
    this.#basic = null;
    if (this.#state.kind !== 'guest') this.#set({ kind: 'guest', endedBy });
  }

  /** Another tab signed in, refreshed or ended the session. */
  #follow(message: unknown): void {
    const shared = message as Partial<SharedSession> | null;
    if (!shared || typeof shared !== 'object') return;
    const stored = readStoredSession(shared.stored);
    if (stored) {
      if (this.#config.auth !== 'basic') this.#adopt(stored);
    } else if (shared.stored === null) {
      const { endedBy } = shared;
      this.#forget(endedBy === 'expired' || endedBy === 'refresh-failed' ? endedBy : 'other-tab');
    }
  }

  #post(session: SharedSession): void {
    this.#persistence.post({ type: 'session', session });
  }

  #readStored(): StoredSession | null {
    try {
      return readStoredSession(JSON.parse(this.#persistence.read(STORAGE_NAME)!));
    } catch {
      return null;
    }
  }

  #expiresSoon(token: string): boolean {
    const expiry = tokenExpiry(token);
    return expiry !== null && expiry - this.#now() < this.#refreshAhead;
  }
}

/** A stored or shared bearer session, checked field by field (storage and other tabs are input). */
function readStoredSession(value: unknown): StoredSession | null {
  if (!value || typeof value !== 'object') return null;
  const { token, refreshToken, user } = value as Record<string, unknown>;
  if (typeof token !== 'string' || !token) return null;
  if (refreshToken !== null && typeof refreshToken !== 'string') return null;
  if (!user || typeof user !== 'object') return null;
  const profile = user as Record<string, unknown>;
  const text = (name: keyof Customer) => (typeof profile[name] === 'string' ? (profile[name] as string) : '');
  const id = text('id');
  if (!id) return null;
  const customer: Customer = {
    id,
    username: text('username'),
    displayName: text('displayName'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
  };
  return { token, refreshToken, user: customer };
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

function sameUser(a: Customer, b: Customer): boolean {
  return (Object.keys(a) as Array<keyof Customer>).every((name) => a[name] === b[name]);
}

/**
 * The token, not the request, is at fault: the shop refused the credentials, or — a request that
 * carried a bearer token answered with PHP's critical-error page, as every rejected token is with
 * CoCart JWT 3.0.3 on core 4.3.x. The latter is told from an outage by the refresh it leads to: in
 * an outage that fails too (transient) and the session stays.
 */
function isAuthFailure(error: unknown, carried?: Credentials): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.refusedCredentials || (error.criticalError && carried?.kind === 'bearer');
}

/** Failures that say nothing about the refresh token: keep the session and try again later. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && error.transient;
}
