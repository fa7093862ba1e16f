import type { ApiCore, CallContext, Credentials } from '../api/connection.js';
import { toApiError, type ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import { forgetCartKey, keepCartKey, keptCartKey } from './cart-key.js';
import type { Persistence } from './persistence.js';
import type { Session } from './session.js';

/** An answer of the shop, with when its request started: its number and the session epoch. */
export interface Reply<T = Cart> {
  cart: T;
  seq: number;
  epoch: number;
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
  /** Reads the cart again and shows it (the store's load). */
  reread(): Promise<Cart>;
  /** Takes the shop's notices off the cart on screen: they were about an earlier request. */
  dropNotices(): void;
}

/** How long a request waits for the stored session's check on page load. */
const SESSION_CHECK_WAIT_MS = 4_000;

/**
 * The one way a request reaches the shop. Every request of the store — the cart read, each change,
 * the sign-in's carry-over, the picker's product, the route index — goes through `send`, in steps:
 *
 * 1. wait for the stored session's check (at most a few seconds, `SESSION_CHECK_WAIT_MS`);
 * 2. credentials: `Session.credentials()` (a token about to expire is refreshed first);
 * 3. the cart key: a guest's kept key on cart routes (`cart-key.ts`); a request without one while
 *    another is bringing a key waits for it; never a key with credentials;
 * 4. the call itself: `api/` sends it with the deadline, the retries of reads and the mapping of
 *    every failure to an `ApiError` (`ApiCore.send`, `transport.ts`, `http-errors.ts`);
 * 5. the answer's key is kept when none was (the first response's key wins);
 * 6. recovery: a refused token is recovered once (`Session.recover`: refresh, or the new tokens
 *    of another tab) and the request sent once more; a key the service no longer knows is
 *    forgotten (and with `freshCart` the request sent once more without it);
 * 7. after a failed change whose outcome is unknown (no answer) or whose line was gone, the cart
 *    is read again before the failure is told: the shopper sees the shop's truth, never a guess.
 *
 * Answers are numbered as their requests start (`Reply.seq`), and carry the session epoch they
 * started in: the store applies neither a reply older than the cart on screen nor one of an
 * earlier session.
 */
export class RequestPipeline {
  readonly #parts: PipelineParts;
  #restored = false;
  #seq = 0;
  #epoch = 0;
  /** A guest request without a cart key in flight: the others wait for the key it brings. */
  #keyless: Promise<void> | null = null;

  constructor(parts: PipelineParts) {
    this.#parts = parts;
    void parts.ready.then(() => void (this.#restored = true));
  }

  /** The number the next request will get: a reply numbered below it started before now. */
  get nextSeq(): number {
    return this.#seq + 1;
  }

  /** Whether `reply` is of the current session (not of one that ended since its request started). */
  current(reply: Reply<unknown>): boolean {
    return reply.epoch === this.#epoch;
  }

  /** Another session began: replies to earlier requests no longer apply, and the guest key goes in every tab. */
  newSession(): void {
    this.#epoch++;
    forgetCartKey(this.#parts.persistence);
  }

  async send<T>(call: Call<T>, options: RequestOptions = {}): Promise<Reply<T>> {
    const { freshCart = false, write = false, anonymous = false } = options;
    const cartRoute = (options.cartRoute ?? true) && !anonymous;
    const { api, session, persistence, signal } = this.#parts;
    // The stored session is checked first, but a check that hangs must not hold the page's cart
    // past its read deadline: after a while the request goes with the credentials held (a token
    // the check later finds refused is refreshed or ends the session, as for any request).
    if (!this.#restored) await Promise.race([this.#parts.ready, pause(SESSION_CHECK_WAIT_MS)]);
    let recovered = false;
    let keyDropped = false;
    for (;;) {
      let credentials: Credentials = { kind: 'none' };
      let cartKey: string | null = null;
      try {
        if (!anonymous) credentials = await session.credentials();
        // A product read has nothing to do with the guest's cart key: it neither waits for one nor brings one.
        const guest = cartRoute && session.state.kind === 'guest' && options.cartKey === undefined;
        if (guest) {
          while (this.#keyless && !keptCartKey(persistence)) await this.#keyless;
          cartKey = keptCartKey(persistence);
        } else if (options.cartKey !== undefined) {
          cartKey = options.cartKey;
        }
        const seq = ++this.#seq;
        const epoch = this.#epoch;
        const request = call(api, { credentials, cartKey, signal });
        if (guest && !cartKey) {
          // Until it settles, other guest requests wait for the key it brings.
          const settled = request.then((answer) => {
            if (session.state.kind === 'guest') keepCartKey(persistence, (answer as Partial<Cart>)?.key);
          }, ignore);
          this.#keyless = settled;
          void settled.then(() => {
            if (this.#keyless === settled) this.#keyless = null;
          });
        }
        return { cart: await request, seq, epoch };
      } catch (caught) {
        const error = toApiError(caught);
        if (anonymous) throw error;
        if (!recovered && (await session.recover(error, credentials).catch(() => false))) {
          recovered = true;
          continue;
        }
        if (cartKey && !keyDropped && error.lostCart && options.cartKey === undefined) {
          keyDropped = true;
          forgetCartKey(persistence);
          if (freshCart) continue;
          this.#parts.reread().catch(ignore);
        }
        // What the shop said about an earlier request must not stand beside this failure.
        if (error.kind !== 'aborted') this.#parts.dropNotices();
        if (write && (error.outcomeUnknown || error.lineGone)) {
          if (await this.#parts.reread().then(() => true, () => false)) throw error.withCartReread();
        }
        throw error as ApiError;
      }
    }
  }
}

function ignore(): void {}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
