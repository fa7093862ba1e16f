import type { ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import * as routes from '../api/routes.js';
import type { AddItemInput } from '../api/routes.js';
import type { CartView, LineQuantity, QuantityWaiter } from './cart-view.js';
import { quantityOf } from './optimistic.js';
import type { Call, Reply, RequestOptions, RequestPipeline } from './request-pipeline.js';

/** What goes before any change of the shopper's: guest lines owed to the customer's cart (`carry-over.ts`). */
export interface OwedLines {
  ifOwed(): Promise<void>;
}

/**
 * Every change of the cart's lines: sent through the pipeline as a write, its reply shown unless it
 * is late (then the cart is read again: `settle`), and guest lines still owed to a customer's cart
 * carried over first (`carryOver`, whose own writes come here too, with the lock held). Quantity
 * changes go from the view's queue (`CartView.quantities`), one request in flight per line.
 */
export class CartChanges {
  /** Guest lines owed to the customer's cart go in before any change of the shopper's. */
  carryOver?: OwedLines;
  readonly #pipeline: RequestPipeline;
  readonly #view: CartView;

  constructor(pipeline: RequestPipeline, view: CartView) {
    this.#pipeline = pipeline;
    this.#view = view;
  }

  addItem(input: AddItemInput): Promise<Cart> {
    // A kept key the service no longer knows: the item goes into a fresh cart instead.
    return this.write((api, ctx) => routes.addItem(api, input, ctx), { freshCart: true });
  }

  restoreItem(itemKey: string): Promise<Cart> {
    return this.write((api, ctx) => routes.restoreItem(api, itemKey, ctx));
  }

  clear(): Promise<Cart> {
    return this.write((api, ctx) => routes.clear(api, ctx));
  }

  /** Sends a change and shows its reply (`settle`); resolves with the cart now confirmed. */
  async write(call: Call<Cart>, options: Omit<RequestOptions, 'write'> = {}): Promise<Cart> {
    // Guest lines still owed to this customer's cart go first (the carry-over's own writes hold the lock).
    if (!options.lockHeld) await this.carryOver?.ifOwed();
    const reply = await this.#pipeline.send(call, { ...options, write: true });
    if (this.#view.state.notMerged.length) this.#view.set({ notMerged: Object.freeze([]) });
    return this.#settle(reply, ignore, options.lockHeld);
  }

  /**
   * Sends a line's newest wanted quantity until no newer one waits; one request in flight per line
   * (`CartStore.updateQuantity` shows the quantity and queues it). Never rejects: its waiters do.
   */
  async sendQuantities(itemKey: string, line: LineQuantity): Promise<void> {
    const { waiters } = line;
    while (waiters.length) {
      const batch: QuantityWaiter[] = [];
      let reply: Reply;
      try {
        reply = await this.#pipeline.send(
          (api, ctx) => {
            // Read at send time, so changes made while waiting for credentials ride along.
            const quantity = line.wanted;
            batch.push(...waiters.splice(0));
            return quantity ? routes.updateItem(api, itemKey, quantity, ctx) : routes.removeItem(api, itemKey, ctx);
          },
          { write: true },
        );
      } catch (caught) {
        this.#view.quantities.delete(itemKey);
        this.#view.set(this.#view.withPendingQuantities());
        for (const waiter of [...batch, ...waiters.splice(0)]) waiter.reject(caught as ApiError);
        return;
      }
      // A newer value that equals what the service now holds needs no request of its own.
      if (waiters.length && line.wanted === quantityOf(reply.answer, itemKey)) batch.push(...waiters.splice(0));
      if (waiters.length) this.#view.showReply(reply);
      // The line's final reply: if late, the wanted quantity shows until a fresh cart is in.
      else {
        await this.#settle(reply, () => {
          // Unless the shopper changed the line again meanwhile, it is no longer pending.
          if (!waiters.length) this.#view.quantities.delete(itemKey);
        });
      }
      for (const waiter of batch) waiter.resolve(reply.answer);
    }
  }

  /**
   * The reply to a change: shown, unless it is late — then the cart is read again instead, and
   * only if that fails is the reply shown after all (it holds its change), with the failed read
   * left in `status`/`error` so the shopper can load again. `release` runs just before the reply is
   * shown; `lockHeld` inside `exclusive`. Resolves with the cart now confirmed.
   */
  async #settle(reply: Reply, release: () => void, lockHeld?: boolean): Promise<Cart> {
    const view = this.#view;
    let cart = reply.answer;
    let unreloaded = false;
    if (view.startedBeforeShown(reply)) cart = await view.read(lockHeld).catch(() => ((unreloaded = true), reply.answer));
    release();
    const { status, error } = view.state;
    view.showReply(reply, unreloaded ? { status, error } : {}, unreloaded);
    return cart;
  }
}

function ignore(): void {}
