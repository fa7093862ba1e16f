import type { ApiCore, CallContext, Credentials } from '../api/connection.js';
import { ApiError, toApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import { forgetCartKey, keepCartKey, keptCartKey } from './cart-key.js';
import type { Persistence } from './persistence.js';
import type { Session } from './session.js';

/** An answer of the shop, with the session epoch its request started in and when it came. */
export interface Reply<T = Cart> {
  cart: T;
  epoch: number;
  /**
   * How new the answer is among every tab's: when it came (ms since the epoch). Cart requests go
   * one at a time across tabs, so a later answer holds every earlier one's change.
   */
  at: number;
}

/** One request: a route of `api/` called with what the pipeline gives it. */
export type Call<T> = (api: ApiCore, ctx: CallContext) => Promise<T>;

export interface RequestOptions {
  /** A kept key the service no longer knows: forget it and send once more without (an add goes into a fresh cart). */
  freshCart?: boolean;
  /** A change of the cart: when its answer never came, the cart is read again before it fails. */
  write?: boolean;
  /** A cart route (default): a guest's requests carry the cart key. A product read does not. */
  cartRoute?: boolean;
  /**
   * A request about the shop, not the shopper (the route index): no credentials, no cart key, no
   * recovery, and the notices on screen stay.
   */
  anonymous?: boolean;
  /**
   * The guest key to send, with the credentials, instead of the one kept: the sign-in's one-request
   * carry-over into an empty customer cart (`store-actions.ts`). Nothing else sends a key with credentials.
   */
  cartKey?: string;
  /**
   * Read the guest cart of this key, without credentials, even while signed in: the sign-in's
   * carry-over reads the lines it still owes the customer's cart.
   */
  asGuest?: string;
  /** A request inside `exclusive`: the cart's lock is held already. */
  lockHeld?: boolean;
}

export interface PipelineParts {
  api: ApiCore;
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
 * the sign-in's carry-over, the picker's product, the route index — goes through `send`, in steps:
 *
 * 1. wait for the stored session's check (at most a few seconds, `SESSION_CHECK_WAIT_MS`);
 *    a cart request then waits for the cart's lock (`exclusive`): one request at a time per
 *    cart, within this tab and across the tabs of the browser (reads too: the shop saves the cart
 *    a read loaded), and takes the session another tab began meanwhile (`Session.followStored`);
 * 2. credentials: `Session.credentials()` (a token about to expire is refreshed first);
 * 3. the cart key: a guest's kept key on cart routes (`cart-key.ts`); never a key with
 *    credentials (one cart request at a time: a second never goes before the first brought a key);
 * 4. the call itself: `api/` sends it with the deadline, the retries of reads and the mapping of
 *    every failure to an `ApiError` (`ApiCore.send`, `transport.ts`, `http-errors.ts`);
 * 5. the answer's key is kept when none was, before the lock passes on;
 * 6. recovery: a refused token is recovered once (`Session.recover`: refresh, or the new tokens
 *    of another tab) and the request sent once more; a key the service no longer knows is
 *    forgotten (and with `freshCart` the request sent once more without it);
 * 7. after a failed change whose outcome is unknown (no answer) or whose line was gone, the cart
 *    is read again before the failure is told: the shopper sees the shop's truth, never a guess.
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
    const { freshCart = false, write = false, anonymous = false } = options;
    const cartRoute = (options.cartRoute ?? true) && !anonymous;
    const { api, session, persistence, signal } = this.#parts;
    const given = options.asGuest ?? options.cartKey;
    let recovered = false;
    let keyDropped = false;
    for (;;) {
      let credentials: Credentials = { kind: 'none' };
      let cartKey: string | null = null;
      try {
        if (!anonymous && !options.asGuest) credentials = await session.credentials();
        // A product read has nothing to do with the guest's cart key: it neither sends one nor brings one.
        const guest = cartRoute && session.state.kind === 'guest' && !given;
        cartKey = guest ? keptCartKey(persistence) : (given ?? null);
        const epoch = this.#epoch;
        const answer = await call(api, { credentials, cartKey, signal });
        // The key a keyless guest request brought is kept before the cart's lock passes on, so the
        // next request, of any tab, sends it (one cart request at a time: none went meanwhile).
        if (guest && !cartKey && session.state.kind === 'guest') keepCartKey(persistence, (answer as Partial<Cart>)?.key);
        return { cart: answer, epoch, at: Date.now() };
      } catch (caught) {
        const error = toApiError(caught);
        if (anonymous || options.asGuest) throw error;
        if (!recovered && (await session.recover(error, credentials).catch(() => false))) {
          recovered = true;
          continue;
        }
        if (cartKey && !keyDropped && error.lostCart && !given) {
          keyDropped = true;
          forgetCartKey(persistence);
          if (freshCart) continue;
          this.#parts.reread().catch(ignore);
        }
        // What the shop said about an earlier request must not stand beside this failure.
        if (error.kind !== 'aborted') this.#parts.dropNotices();
        if (write && (error.outcomeUnknown || error.lineGone)) {
          if (await this.#parts.reread(true).then(() => true, () => false)) throw error.withCartReread();
        }
        throw error;
      }
    }
  }
}

function ignore(): void {}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
