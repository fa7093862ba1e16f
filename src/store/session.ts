import type { ShopConnection, Credentials } from '../api/shop-connection.js';
import { ApiError } from '../api/errors.js';
import type { Customer } from '../api/model.js';
import { clockSkew, tokenExpiry } from './jwt.js';
import type { LoginInput } from '../api/routes.js';
import type { StoreConfig } from './config.js';
import type { Persistence, Place } from './persistence.js';
import type { SessionEndReason, SessionState } from './state.js';
import type { StoredSession, Tokens } from './stored-session.js';
import type * as TokenExchange from './token-exchange.js';

/** What `signIn` takes: the login route's fields, and whether to keep the session across browser restarts. */
export interface SignInInput extends LoginInput {
  /**
   * "Keep me signed in": the tokens live in localStorage until sign-out or expiry. Without it (the
   * default) they live in the open tabs only (sessionStorage and memory): a new tab gets them from
   * an open one, and closing the last tab ends the session.
   */
  remember?: boolean;
}

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
  readonly #api: ShopConnection;
  readonly #persistence: Persistence;
  readonly #config: StoreConfig;
  readonly #now: () => number;
  readonly #refreshAhead: number;

  constructor(api: ShopConnection, persistence: Persistence, config: StoreConfig, options: SessionOptions = {}) {
    this.#api = api;
    this.#persistence = persistence;
    this.#config = config;
    this.#now = options.now ?? Date.now;
    this.#refreshAhead = options.refreshAhead ?? 60_000;
    const stored = config.auth === 'basic' ? null : this.#readStored();
    if (stored) this.#adopt(stored);
    persistence.listen((message) => {
      if (message.type === 'session') this.#follow(message.session);
      // A new tab asks for a session kept in the open tabs only: one that has it tells.
      else if (message.type === 'session-ask' && this.#tokens && this.#state.user) this.#post({ stored: { ...this.#tokens, user: this.#state.user } });
    });
    if (!stored && config.auth !== 'basic') persistence.post({ type: 'session-ask' });
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
    if (this.#tokens && this.#expiresSoon(this.#tokens)) await this.refresh();
    return this.#held();
  }

  /**
   * Called once when a request failed with an authentication error. Resolves `true` when the
   * request should be repeated (once) with fresh `credentials()`. `failed`, when given, is what
   * the failed request carried: a token another refresh already replaced is not refreshed again.
   * A Basic session the shop refuses ends (`endedBy: 'expired'`): there is nothing to refresh.
   */
  async recover(error: ApiError, failed?: Credentials): Promise<boolean> {
    const current = this.#held();
    // Anything but a refused credential, or nothing held: nothing to recover, and nothing to load.
    if (!isAuthFailure(error, failed) || current.kind === 'none') return false;
    // Refreshed a moment ago (and no exchange under way): the request goes again as it is.
    const recent = !this.#refreshing && this.#now() - this.#refreshedAt < RECENT_REFRESH_MS;
    const next = (await this.#exchanger()).recovery(failed, current, recent);
    if (next === 'end') this.#end('expired');
    return next === 'again' || (next === 'refresh' && this.refresh());
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
    if (this.#expiresSoon(held)) {
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
    const { username, password, remember = false } = input;
    const result = await import('../api/routes.js').then(({ login }) => login(this.#api, input, { credentialsInQuery: this.#inQuery() }));
    if (this.#config.auth !== 'basic' && result.token) {
      this.#share({ token: result.token, refreshToken: result.refreshToken, user: result.user, remember, skew: clockSkew(result.token, this.#now()) });
      return;
    }
    // Basic, or a shop without bearer tokens: the credentials stay in this page's memory.
    this.#keep(null);
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

  /**
   * The exchange itself loads when a token first needs it (`token-exchange.ts`): most page loads
   * never refresh, so the page's first script does not carry it.
   */
  #exchange(reasonOnRefusal: SessionEndReason): Promise<boolean> {
    return (this.#refreshing ??= this.#exchanger()
      .then(({ exchangeTokens }) => exchangeTokens(reasonOnRefusal, this.#side()))
      .finally(() => {
        this.#refreshing = undefined;
      }));
  }

  #exchanger(): Promise<typeof TokenExchange> {
    return import('./token-exchange.js');
  }

  /** What the exchange and the recovery (`token-exchange.ts`) need of this session. */
  #side(): TokenExchange.SessionSide {
    return {
      api: this.#api,
      persistence: this.#persistence,
      tokens: () => this.#tokens,
      signedIn: () => this.#held().kind !== 'none',
      readStored: () => this.#readStored(),
      adopt: (stored) => this.#adopt(stored),
      share: (pair, { user, remember }) => {
        this.#share({ ...pair, user, remember, skew: clockSkew(pair.token, this.#now()) });
        this.#refreshedAt = this.#now();
      },
      end: (reason, tellOthers) => this.#end(reason, tellOthers),
    };
  }

  /** Keeps a new bearer session, tells the other tabs and (when it changed) the listeners. */
  #share(stored: StoredSession): void {
    this.#post({ stored });
    this.#adopt(stored);
  }

  /** Takes a session as this tab's, and keeps it where it lives: the browser, or this tab. */
  #adopt(stored: StoredSession): void {
    const { token, refreshToken, skew, remember } = stored;
    this.#tokens = { token, refreshToken, skew, remember };
    this.#basic = null;
    this.#keep(stored);
    const { kind, user } = this.#state;
    if (kind !== 'bearer' || !user || !sameUser(user, stored.user)) this.#set({ kind: 'bearer', user: stored.user });
  }

  /** Writes the session where it lives (and nowhere else); `null` removes it everywhere. */
  #keep(stored: StoredSession | null): void {
    for (const place of ['browser', 'tab'] as const) {
      this.#persistence.write(STORAGE_NAME, stored?.remember === (place === 'browser') ? JSON.stringify(stored) : null, place);
    }
  }

  #end(reason: SessionEndReason, tellOthers = true): void {
    if (tellOthers) this.#post({ stored: null, endedBy: reason });
    this.#forget(reason);
  }

  /** Drops the credentials here and in this tab's storage; a signed-in shopper becomes a guest, `endedBy` says why. */
  #forget(endedBy: SessionEndReason): void {
    this.#tokens = null;
    this.#basic = null;
    this.#keep(null);
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

  /** The session kept in the browser, else in this tab. */
  #readStored(): StoredSession | null {
    const read = (place: Place) => {
      try {
        return readStoredSession(JSON.parse(this.#persistence.read(STORAGE_NAME, place)!), place === 'browser');
      } catch {
        return null;
      }
    };
    return read('browser') ?? read('tab');
  }

  /** By the shop's clock: a device clock hours ahead or behind costs at most the one refresh that tells its skew. */
  #expiresSoon({ token, skew }: Tokens): boolean {
    const expiry = tokenExpiry(token);
    return expiry !== null && expiry - (this.#now() + skew) < this.#refreshAhead;
  }
}

/**
 * A stored or shared bearer session, checked field by field (storage and other tabs are input).
 * One kept before "Keep me signed in" existed was in localStorage: `remembered` says where it was.
 */
function readStoredSession(value: unknown, remembered = false): StoredSession | null {
  if (!value || typeof value !== 'object') return null;
  const { token, refreshToken, user, remember, skew } = value as Record<string, unknown>;
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
  return {
    token,
    refreshToken,
    user: customer,
    remember: remember === true || (remember === undefined && remembered),
    skew: Number.isFinite(skew) ? (skew as number) : 0,
  };
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
