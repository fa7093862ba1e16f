import type { ShopConnection, CallContext, Credentials } from '../api/shop-connection.js';
import { ApiError, toApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import type { Persistence } from './persistence.js';
import type { Session } from './session.js';
import { lazy } from './lazy.js';
import { cartKeyFor, credentialsFor, keepBroughtKey, type CartKeyChoice, type StageOptions } from './request-stages.js';

/** The stages of a failed request, loaded at the first failure (`request-recovery.ts`). */
const loadRecovery = lazy(() => import('./request-recovery.js'));

/** The shop's answer to a request (a cart, a product, the route index…), with the session epoch its request started in and when it came. */
export interface Reply<T = Cart> {
  answer: T;
  epoch: number;
  /**
   * How new the answer is among every tab's: when it came (ms since the epoch). Cart requests go
   * one at a time across tabs, so a later answer holds every earlier one's change.
   */
  at: number;
}

/** One request: a route of `api/` called with what the pipeline gives it. */
export type Call<T> = (api: ShopConnection, ctx: CallContext) => Promise<T>;

export interface RequestOptions extends StageOptions {
  /** A request inside `exclusive`: the cart's lock is held already. */
  lockHeld?: boolean;
}

export interface PipelineParts {
  api: ShopConnection;
  session: Session;
  /** Where the guest's cart key is kept (`cart-key.ts`). */
  persistence: Persistence;
  /** Settles once the stored session was checked. */
  ready: Promise<void>;
  /** Aborts when the store is disposed. */
  signal: AbortSignal;
  /** Reads the cart again and shows it (the store's load); `lockHeld` inside `exclusive`. */
  reread(lockHeld?: boolean): Promise<Cart>;
  /** Takes the shop's notices off the cart on screen: they were about an earlier request. */
  dropNotices(): void;
}

/**
 * The lock every request to this shop's cart holds (`Persistence.withLock`, so across tabs): reads
 * too, as the shop saves the whole cart it read when it answers, so a read that overlaps a write
 * undoes it (observed on 4.3.6 and 4.4, real-world notes "Writes to one cart race").
 */
const CART_LOCK = 'cart-write';

/** How long a request waits for the stored session's check on page load. */
const SESSION_CHECK_WAIT_MS = 4_000;

/**
 * The one way a request reaches the shop. Every request of the store — the cart read, each change,
 * the sign-in's carry-over, the picker's product, the route index — goes through `send`, in named
 * stages (`request-stages.ts`, each tested alone):
 *
 * 1. the stored session's check: waited for, at most `SESSION_CHECK_WAIT_MS`;
 * 2. one request at a time (`exclusive`): a cart request waits for the cart's lock, within this tab
 *    and across the tabs of the browser (reads too: the shop saves the cart a read loaded), and
 *    takes the session another tab began meanwhile (`Session.followStored`);
 * 3. credentials (`credentialsFor`): a token about to expire is refreshed first;
 * 4. the cart key (`cartKeyFor`): a guest's kept key on cart routes; never a key with credentials;
 * 5. the call: `api/` sends it, with the deadline and the one retry policy of reads
 *    (`api/retry-policy.ts`), and maps every failure to an `ApiError`; the key an answer brought
 *    is kept before the lock passes on (`keepBroughtKey`);
 * 6. recovery (`request-recovery.ts`, loaded at the first failure): a refused token once (`recoverRefusedToken`: refresh, or another tab's new tokens),
 *    then the request once more; a key the service no longer knows (`dropLostKey`) is forgotten,
 *    and with `freshCart` the request sent once more without it;
 * 7. a reread after an unknown write (`rereadAfterUnknownWrite`): after a failed change whose
 *    outcome is unknown or whose line was gone, the cart is read again before the failure is told.
 *
 * Answers carry when they came (`Reply.at`) and the session epoch their request started in: the
 * store applies neither a reply older than the cart on screen nor one of an earlier session.
 */
export class RequestPipeline {
  readonly #parts: PipelineParts;
  #restored = false;
  #epoch = 0;

  constructor(parts: PipelineParts) {
    this.#parts = parts;
    void parts.ready.then(() => void (this.#restored = true));
  }

  /** Whether `reply` is of the current session (not of one that ended since its request started). */
  current(reply: Reply<unknown>): boolean {
    return reply.epoch === this.#epoch;
  }

  /** Another session began: replies to earlier requests no longer apply. */
  newSession(): void {
    this.#epoch++;
  }

  /**
   * Runs `task` holding the cart's lock (`Persistence.withLock`: Web Locks, or a lease in
   * storage): no other cart request of any tab of this shop goes out meanwhile; the task's own
   * requests say `lockHeld`. What the task tells the other tabs is sent before the lock passes on.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.#parts.persistence.withLock(CART_LOCK, () => {
      this.#parts.session.followStored();
      return task();
    });
  }

  async send<T>(call: Call<T>, options: RequestOptions = {}): Promise<Reply<T>> {
    // The stored session is checked first, but a check that hangs must not hold the page's cart
    // past its read deadline: after a while the request goes with the credentials held (a token
    // the check later finds refused is refreshed or ends the session, as for any request).
    if (!this.#restored) await Promise.race([this.#parts.ready, pause(SESSION_CHECK_WAIT_MS)]);
    if (options.cartRoute === false || options.anonymous || options.lockHeld) return this.#send(call, options);
    const { session } = this.#parts;
    const signedIn = session.state.kind !== 'guest';
    return this.exclusive(() => {
      // A customer's change that waited while the session ended (a failed refresh, a sign-out in
      // another tab) is not sent to a guest cart instead.
      if (options.write && signedIn && session.state.kind === 'guest') throw new ApiError({ kind: 'auth', message: 'Signed out.' });
      return this.#send(call, options);
    });
  }

  async #send<T>(call: Call<T>, options: RequestOptions): Promise<Reply<T>> {
    const { api, session, persistence, signal } = this.#parts;
    const { anonymous, asGuest } = options;
    let recovered = false;
    let keyDropped = false;
    for (;;) {
      let credentials: Credentials = { kind: 'none' };
      let sent: CartKeyChoice = { cartKey: null, guest: false };
      try {
        credentials = await credentialsFor(session, options);
        sent = cartKeyFor(session, persistence, options);
        const epoch = this.#epoch;
        const answer = await call(api, { credentials, cartKey: sent.cartKey, signal });
        keepBroughtKey(session, persistence, sent, answer);
        return { answer, epoch, at: Date.now() };
      } catch (caught) {
        const error = toApiError(caught);
        if (anonymous || asGuest) throw error;
        // Not loaded (the page went offline, say): the failure stands as it is.
        const recovery = await loadRecovery().catch(() => null);
        if (!recovered && (await recovery?.recoverRefusedToken(session, error, credentials))) {
          recovered = true;
          continue;
        }
        if (!keyDropped && recovery?.dropLostKey(persistence, error, sent, options, () => this.#parts.reread())) {
          keyDropped = true;
          continue;
        }
        // What the shop said about an earlier request must not stand beside this failure.
        if (error.kind !== 'aborted') this.#parts.dropNotices();
        throw recovery ? await recovery.rereadAfterUnknownWrite(error, options, () => this.#parts.reread(true)) : error;
      }
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
