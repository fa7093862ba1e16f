import { toApiError } from '../api/errors.js';
import { CARRY_OVER, forgetCartKey } from './cart-key.js';
import type { CartView } from './cart-view.js';
import { forgetLastCart } from './last-cart.js';
import type { Persistence } from './persistence.js';
import type { Session } from './session.js';
import type { SessionState } from './state.js';

/** Whose carts a tab shows: the session's kind and customer (a customer without an id too). */
export function ownerOf({ kind, user }: SessionState): string {
  return `${kind}:${user?.id ?? ''}`;
}

/**
 * Whose cart is on screen, following the session: a sign-in, a sign-out or a session that ended
 * (here or in another tab) never leaves another session's cart shown, nor its replies applied, nor
 * its last cart kept for the next page (`last-cart.ts`). The changes this store makes itself
 * (restore, sign-in, sign-out) go through `change`; the others are followed as they come.
 */
export class CartOwner {
  readonly #session: Session;
  readonly #view: CartView;
  readonly #persistence: Persistence;
  /** Above zero while this store itself changes the session. */
  #changing = 0;

  constructor(session: Session, view: CartView, persistence: Persistence) {
    this.#session = session;
    this.#view = view;
    this.#persistence = persistence;
  }

  /** Whose carts this tab shows now (`ownerOf`). */
  get key(): string {
    return ownerOf(this.#session.state);
  }

  /** Runs a change of the session this store makes itself; rejects with an `ApiError`. */
  async change(task: () => Promise<void>): Promise<void> {
    this.#changing++;
    try {
      await task();
    } catch (error) {
      throw toApiError(error);
    } finally {
      this.#changing--;
      this.#view.set({ session: this.#session.state });
    }
  }

  /** A session change this store did not start (another tab, a failed refresh): followed. */
  follow(session: SessionState): void {
    const previous = this.#view.state.session;
    this.#view.set({ session });
    if (ownerOf(previous) === ownerOf(session)) return;
    // Another session's last cart is never shown: a sign-in, a sign-out or an ended session leaves none.
    forgetLastCart(this.#persistence);
    if (this.#changing) return;
    if (session.kind === 'guest') {
      void this.startGuestCart();
    } else {
      // The tab that signed in carries the guest cart over, and forgets the key once it has.
      this.#view.newSession();
      this.#view.read().catch(ignore);
    }
  }

  /** After a sign-out: nothing of the customer's cart stays on screen; a fresh guest cart loads. */
  startGuestCart(): Promise<void> {
    this.#view.newSession();
    // Guest lines still owed to a customer's cart stay this guest's (and the next sign-in's).
    if (!this.#persistence.read(CARRY_OVER)) forgetCartKey(this.#persistence);
    this.#view.set({ notMerged: Object.freeze([]) });
    this.#view.showConfirmed(null);
    return this.#view.read().then(ignore, ignore);
  }
}

function ignore(): void {}
