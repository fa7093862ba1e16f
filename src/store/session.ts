import type { CartApi, Credentials } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Persistence } from './persistence.js';
import type { SessionState, SignInInput, StoreConfig } from './types.js';

/**
 * Where a request's authentication comes from. The store asks `credentials()` before every
 * request and `recover()` after an authentication failure; everything about tokens, refresh and
 * Basic credentials lives here.
 *
 * This first version is guest-only: sign-in arrives with its own issue.
 */
export class Session {
  private current: SessionState = { kind: 'guest' };
  private readonly listeners = new Set<(state: SessionState) => void>();

  constructor(
    protected readonly api: CartApi,
    protected readonly persistence: Persistence,
    protected readonly config: StoreConfig,
  ) {}

  get state(): SessionState {
    return this.current;
  }

  /** Hears every change of the session (sign-in, sign-out, another tab's change). */
  subscribe(listener: (state: SessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Credentials for the next request. */
  async credentials(): Promise<Credentials> {
    return { kind: 'none' };
  }

  /**
   * Called once when a request failed with an authentication error. Resolves `true` when the
   * request should be repeated (once) with fresh `credentials()`.
   */
  async recover(_error: ApiError): Promise<boolean> {
    return false;
  }

  /** Restores a stored session on page load (and checks it with the service). */
  async restore(): Promise<void> {}

  /** Signs in; `cartKey` is the guest cart to carry into the customer's session. */
  async signIn(_input: SignInInput, _cartKey: string | null): Promise<void> {
    throw new Error('Sign-in is not available yet.');
  }

  async signOut(): Promise<void> {
    this.set({ kind: 'guest' });
  }

  protected set(state: SessionState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}
