import type { ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import { withQuantities } from './optimistic.js';
import type { Reply, RequestPipeline } from './request-pipeline.js';
import type { CartState, StateListener } from './state.js';

/** Who waits for a quantity change: settled with the cart the shop confirmed, or the failure. */
export interface QuantityWaiter {
  resolve(cart: Cart): void;
  reject(error: ApiError): void;
}

/** One line's quantity changes: the newest value asked for and who waits for it. */
export interface LineQuantity {
  wanted: number;
  waiters: QuantityWaiter[];
}

/** What the view reaches beyond itself: the pipeline it reads through, and the other tabs. */
export interface ViewLinks {
  readonly pipeline: RequestPipeline;
  /** Tells the other tabs a confirmed cart (`tab-sync.ts`). */
  share(cart: Cart, at: number): void;
  /** A read's cart is on screen: what can wait for the browser to be idle may come now. */
  shown(): void;
}

/**
 * The cart on screen: the store's immutable state and who hears it, the cart the shop last
 * confirmed (`state.cart` is it with the pending quantities of `quantities`; rapid changes of a
 * line coalesce there, the newest value wins), and which reply may
 * still replace it — a reply is shown unless a newer cart is (a later reply's, another tab's:
 * `Reply.at`) or its session ended since its request started. Reads of the cart go through here
 * too: a load shares the one in flight, and its outcome is the state's `status`.
 */
export class CartView {
  /** Quantities asked for, per line, not confirmed yet; the actions send them (`CartChanges.sendQuantities`). */
  readonly quantities = new Map<string, LineQuantity>();
  /** Removed lines being brought back. */
  readonly restoring = new Set<string>();
  #state: CartState;
  readonly #listeners = new Set<StateListener>();
  readonly #links: ViewLinks;
  /** The last cart the service confirmed (or another tab shared). */
  #confirmed: Cart | null;
  /** When `#confirmed` was confirmed; `0` while it is the last page's cart, not read again yet (`last-cart.ts`). */
  #confirmedAt = 0;
  /** How new the cart shown is among every tab's (`Reply.at`): a reply older than it is stale. */
  #shownAt = 0;
  /** The newest read while it is in flight. */
  #loading: Promise<Cart> | null = null;

  constructor(initial: CartState, links: ViewLinks) {
    this.#state = Object.freeze(initial);
    this.#confirmed = initial.cart;
    this.#links = links;
  }

  get state(): CartState {
    return this.#state;
  }

  /** The cart the service last confirmed, without the pending quantities. */
  get confirmed(): Cart | null {
    return this.#confirmed;
  }

  /** When the cart shown was confirmed; `0` while it is the last page's (`last-cart.ts`). */
  get confirmedAt(): number {
    return this.#confirmedAt;
  }

  /** Hears every change of `state`, once per change, with the state before it. */
  subscribe(listener: StateListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The read in flight, shared; or a new one. */
  load(): Promise<Cart> {
    return this.#loading ?? this.read();
  }

  /**
   * Reads the cart and shows it (without sharing one in flight); `lockHeld` inside the pipeline's
   * `exclusive`. A failure sets `status: 'error'` and `error` but keeps the last good cart.
   */
  read(lockHeld?: boolean): Promise<Cart> {
    this.set({ status: 'loading', error: undefined });
    // Only the newest read (the one `load()` shares) sets the status.
    const run: Promise<Cart> = this.#links.pipeline.send((api, ctx) => api.getCart(ctx), { freshCart: true, lockHeld }).then(
      (reply) => {
        this.showReply(reply, this.#loading === run ? { status: 'idle', error: undefined } : {});
        this.#links.shown();
        return reply.answer;
      },
      (error: ApiError) => {
        // A cancelled read is not a failure the shopper needs to see.
        if (this.#loading === run) this.set(error.kind === 'aborted' ? { status: 'idle' } : { status: 'error', error });
        throw error;
      },
    );
    this.#loading = run;
    const done = () => {
      if (this.#loading === run) this.#loading = null;
    };
    run.then(done, done);
    return run;
  }

  /**
   * Takes a reply as the confirmed cart unless a newer one was shown already (or the session
   * changed since its request started), and tells the other tabs; `evenIfLate` shows a late one too.
   */
  showReply(reply: Reply, patch: Partial<CartState> = {}, evenIfLate = false): void {
    if (!this.#links.pipeline.current(reply) || (reply.at < this.#shownAt && !evenIfLate)) {
      // The cart stays, but a line that settled no longer shows as pending.
      this.set({ ...this.withPendingQuantities(), ...patch });
      return;
    }
    this.#shownAt = Math.max(this.#shownAt, reply.at);
    this.showConfirmed(reply.answer, patch);
    this.#links.share(reply.answer, reply.at);
  }

  /** A cart another tab of this session confirmed: shown without a request, unless an older one. */
  showFromOtherTab(cart: Cart, at: number): void {
    // Messages of several tabs may come in any order; a reply of ours answered before it no longer applies either.
    if (at < this.#shownAt) return;
    this.#shownAt = at;
    this.showConfirmed(cart);
  }

  showConfirmed(cart: Cart | null, patch: Partial<CartState> = {}): void {
    this.#confirmed = cart;
    this.#confirmedAt = Date.now();
    const recovered: Partial<CartState> = this.#state.status === 'error' ? { status: 'idle', error: undefined } : {};
    this.set({ ...recovered, ...this.withPendingQuantities(), ...patch });
  }

  /**
   * Whether a reply's request started before the cart on screen came (a later reply's, another
   * tab's): that cart may lack the reply's change, and the reply what came after it.
   */
  startedBeforeShown(reply: Reply): boolean {
    return this.#links.pipeline.current(reply) && reply.at < this.#shownAt;
  }

  /** Another session began: replies to requests that started before no longer apply. */
  newSession(): void {
    this.#links.pipeline.newSession();
  }

  /** Takes the shop's notices off the cart on screen (they were about an earlier request). */
  dropNotices(): void {
    if (!this.#confirmed?.notices.length) return;
    this.#confirmed = { ...this.#confirmed, notices: [] };
    this.set(this.withPendingQuantities());
  }

  /** `state.cart` (the confirmed cart with each pending line's wanted quantity) and `pending`. */
  withPendingQuantities(): Pick<CartState, 'cart' | 'pending'> {
    return {
      cart: this.#confirmed && withQuantities(this.#confirmed, this.quantities),
      pending: this.pendingKeys(),
    };
  }

  /** Asks for `wanted` on a line; returns the line when nothing of it was in flight (its sending starts now). */
  wantQuantity(itemKey: string, wanted: number, waiter: QuantityWaiter): LineQuantity | undefined {
    let line = this.quantities.get(itemKey);
    const idle = !line;
    line ??= { wanted, waiters: [] };
    line.wanted = wanted;
    line.waiters.push(waiter);
    this.quantities.set(itemKey, line);
    return idle ? line : undefined;
  }

  /** The lines pending (a quantity or a restore), once each; the same array while they are the same. */
  pendingKeys(): readonly string[] {
    const keys = [...new Set([...this.quantities.keys(), ...this.restoring])];
    const previous = this.#state.pending;
    return keys.length === previous.length && keys.every((key, index) => key === previous[index]) ? previous : Object.freeze(keys);
  }

  /** Makes the next state (only when something changed) and tells every listener once. */
  set(patch: Partial<CartState>): void {
    const previous = this.#state;
    if ((Object.keys(patch) as Array<keyof CartState>).every((name) => Object.is(patch[name], previous[name]))) return;
    const next: CartState = { ...previous, ...patch };
    if (next.error === undefined) delete next.error;
    this.#state = Object.freeze(next);
    for (const listener of [...this.#listeners]) {
      try {
        listener(next, previous);
      } catch (error) {
        // One broken listener must not keep the others from hearing the change.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** Nobody hears the state any more (the store was disposed). */
  stop(): void {
    this.#listeners.clear();
  }
}
