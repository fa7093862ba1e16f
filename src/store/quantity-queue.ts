import type { ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';

// The quantities the shopper asked for that the shop has not confirmed yet: the cart view keeps
// them per line (`CartView.quantities`, what `state.pending` names and the optimistic cart shows),
// rapid changes of one line coalesce there (the newest value wins), and the actions send them
// (`CartChanges.sendQuantities`), one request in flight per line.

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
