// What a store holds and shows its listeners: the cart, the session, the shop's optional routes.
import type { ApiError } from '../api/errors.js';
import type { CustomerAddressInput } from '../api/routes.js';
import type { Cart, Customer } from '../api/model.js';
import type { AuthKind } from './config.js';

/** Why a session ended: the shopper's choice, an expired stored session, a failed refresh, another tab. */
export type SessionEndReason = 'user' | 'expired' | 'refresh-failed' | 'other-tab';

export interface SessionState {
  kind: 'guest' | AuthKind;
  /** The signed-in customer. */
  user?: Customer;
  /** On a guest state that ended a signed-in one: why it ended. */
  endedBy?: SessionEndReason;
}

export type CartStatus = 'idle' | 'loading' | 'error';

export interface CartState {
  /** The last cart the service sent, with optimistic edits applied; `null` before the first load. */
  cart: Cart | null;
  status: CartStatus;
  /** Why the last load failed (status `error`). */
  error?: ApiError;
  session: SessionState;
  /**
   * Optional add-on routes: `false` once the shop's route index (read when the drawer first opens)
   * lacks them, or the service answered 404 `rest_no_route` for them.
   */
  features: {
    coupons: boolean;
    shipping: boolean;
    /**
     * The shipping estimate (`cart/update` with `update-customer`): `true` once the route index has
     * it; `false` again once the shop kept its own region for an address (CoCart 4.3.6) or the
     * route turned out missing.
     */
    estimate: boolean;
    /**
     * A signed-in customer's Checkout hands the saved cart to the shop's checkout page, signed in
     * (CoCart 4.4+): `true` once the route index lists `POST {ns}/v2/cart`, which came with it.
     */
    handOver: boolean;
  };
  /** The outcome of the shopper's last shipping estimate this session; `null` before one. */
  shippingEstimate: ShippingEstimate | null;
  /** Names of guest lines that could not join the customer's cart at the last sign-in. */
  notMerged: readonly string[];
  /**
   * Names of guest lines still on their way into the signed-in customer's cart: the sign-in's
   * carry-over is under way, or waits for the shop to answer again (it resumes on its own, and a
   * customer's Checkout finishes it first). Absent when nothing is owed.
   */
  merging?: readonly string[];
  /** Item keys with a change in flight. */
  pending: readonly string[];
}

/** Where the shopper asked the shop to estimate shipping to: country code, and state / postcode when given. */
export type ShippingDestination = Omit<CustomerAddressInput, 'city'>;

/**
 * What came of an estimate:
 * - `followed`: the shop's rates and taxes are for `destination`;
 * - `shop-region`: the shop took the address but kept its own region for the rates (CoCart 4.3.6):
 *   the rates are not the shopper's, and the estimate is no longer offered;
 * - `refused`: the shop refused a field (`refused` names them: an invalid postcode, a country it
 *   does not ship to); nothing moved.
 */
export interface ShippingEstimate {
  destination: ShippingDestination;
  outcome: 'followed' | 'shop-region' | 'refused';
  refused: ReadonlyArray<'country' | 'state' | 'postcode'>;
}

export type StateListener = (state: CartState, previous: CartState) => void;
