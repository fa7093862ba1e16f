import type { ShopConnection } from '../api/shop-connection.js';
import type { CartOwner } from './cart-owner.js';
import type { CartView } from './cart-view.js';
import type { Persistence } from './persistence.js';
import type { RequestPipeline } from './request-pipeline.js';
import type { Session } from './session.js';

/**
 * What a store is made of, shared by its front (`CartStore`) and its actions (`store-actions.ts`,
 * loaded on first use): each a concept with its own file. Not part of the package's API.
 */
export interface StoreCore {
  /** The connection to the shop, which the pipeline sends through. */
  readonly api: ShopConnection;
  /** The one way a request reaches the shop. */
  readonly pipeline: RequestPipeline;
  /** The cart on screen: the state, the confirmed cart, the quantities pending. */
  readonly view: CartView;
  /** Who is signed in: tokens, refresh, Basic credentials; the sign-in and sign-out requests. */
  readonly session: Session;
  /** Whose cart is on screen, following the session. */
  readonly owner: CartOwner;
  /** This shop's storage and tabs: the guest key (`cart-key.ts`), a carry-over still owed, the last cart. */
  readonly persistence: Persistence;
  /** Settles once the stored session was checked. */
  readonly ready: Promise<void>;
}
