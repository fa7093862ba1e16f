import type { ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import type { Persistence } from './persistence.js';
import type { Call, Reply, RequestOptions } from './request-pipeline.js';
import type { Session } from './session.js';
import type { CartState } from './state.js';

interface Waiter {
  resolve(cart: Cart): void;
  reject(error: ApiError): void;
}

/** One item's quantity changes: the newest value asked for and who waits for it. */
export interface QuantityChanges {
  wanted: number;
  waiters: Waiter[];
}

/**
 * What the store's actions (`store-actions.ts`, loaded when first needed) work with: the request
 * pipeline, the session's sign-in and sign-out, and the store's state — not the store itself.
 * Not part of the package's API.
 */
export interface StoreParts {
  /** Sends a request through the store's one pipeline (`request-pipeline.ts`). */
  send<T>(call: Call<T>, options?: RequestOptions): Promise<Reply<T>>;
  /** The session: who is signed in, and the sign-in and sign-out themselves. */
  readonly session: Pick<Session, 'state' | 'signIn' | 'signOut'>;
  /** The store's state now. */
  state(): CartState;
  /** Hears every change of the state (`CartStore.subscribe`). */
  subscribe(listener: (state: CartState) => void): () => void;
  /** The shop's add-on routes, read once per page (`CartStore.discoverFeatures`). */
  discoverFeatures(): Promise<void>;
  /** Quantity changes in flight, per line. */
  readonly quantityChanges: Map<string, QuantityChanges>;
  /** Settles once the stored session was checked. */
  readonly ready: Promise<void>;
  /** Aborts when the store is disposed. */
  readonly signal: AbortSignal;
  set(patch: Partial<CartState>): void;
  /**
   * Reads the cart and shows it (the store's load, without sharing one in flight); `lockHeld`
   * inside `exclusive`, whose task holds the cart's lock already.
   */
  reread(lockHeld?: boolean): Promise<Cart>;
  /** Shows a reply's cart as the confirmed one (and tells the other tabs), unless a newer one is shown. */
  showReply(reply: Reply, patch?: Partial<CartState>, evenIfLate?: boolean): void;
  /** `state.cart` as the confirmed cart with the pending quantities, and `pending`. */
  withPendingQuantities(): Pick<CartState, 'cart' | 'pending'>;
  /** Whether a reply's request started before the cart on screen came (a later reply's, another tab's). */
  startedBeforeShown(reply: Reply): boolean;
  /** The guest cart key kept. */
  guestKey(): string | null;
  /** The cart the service last confirmed. */
  confirmed(): Cart | null;
  /** Runs a change of the session this store makes itself (restore, sign-in, sign-out). */
  changeSession(task: () => Promise<void>): Promise<void>;
  /** Another session began: earlier replies no longer apply, the guest key goes. */
  newSession(): void;
  dropNotices(): void;
  /** After a sign-out: a fresh guest cart. */
  startGuestCart(): Promise<void>;
  /** This shop's storage and tabs: the guest key (`cart-key.ts`) and a carry-over still owed. */
  readonly persistence: Persistence;
  /** Runs `task` holding the cart's lock; its requests (and rereads) say `lockHeld`. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** The timer of the carry-over's next try of its own, after a temporary failure (`store-actions.ts`). */
  resume?: ReturnType<typeof setTimeout>;
}
