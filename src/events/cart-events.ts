import type { ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import type { AnalyticsDetail } from './analytics.js';

const init = <T>(detail: T, cancelable = false) => ({ bubbles: true, composed: true, cancelable, detail });

/** A product (or a mix-and-match box) was added. `items` are the lines added, with their quantities. */
export class CartItemAddedEvent extends CustomEvent<AnalyticsDetail & { cart: Cart }> {
  constructor(detail: AnalyticsDetail & { cart: Cart }) {
    super('cart-item-added', init(detail));
  }
}

/** A line was removed by the shopper. */
export class CartItemRemovedEvent extends CustomEvent<AnalyticsDetail & { cart: Cart }> {
  constructor(detail: AnalyticsDetail & { cart: Cart }) {
    super('cart-item-removed', init(detail));
  }
}

/** The shopper changed the cart (quantity, undo, coupon, shipping). `change` says what. */
export class CartUpdatedEvent extends CustomEvent<AnalyticsDetail & { cart: Cart; change: CartChange }> {
  constructor(detail: AnalyticsDetail & { cart: Cart; change: CartChange }) {
    super('cart-updated', init(detail));
  }
}

export type CartChange = 'quantity' | 'restore' | 'coupon-applied' | 'coupon-removed' | 'shipping' | 'clear';

/** Something the shopper asked for failed; the element also shows the message. */
export class CartErrorEvent extends CustomEvent<{ error: ApiError; action: string }> {
  constructor(detail: { error: ApiError; action: string }) {
    super('cart-error', init(detail));
  }
}

/** The drawer was opened (GA4 `view_cart`). */
export class CartViewedEvent extends CustomEvent<AnalyticsDetail & { cart: Cart }> {
  constructor(detail: AnalyticsDetail & { cart: Cart }) {
    super('cart-viewed', init(detail));
  }
}

/** The shopper followed the checkout link. Cancel it to run your own checkout. */
export class CheckoutEvent extends CustomEvent<AnalyticsDetail & { cart: Cart; url: string }> {
  constructor(detail: AnalyticsDetail & { cart: Cart; url: string }) {
    super('checkout', init(detail, true));
  }
}

declare global {
  interface HTMLElementEventMap {
    'cart-item-added': CartItemAddedEvent;
    'cart-item-removed': CartItemRemovedEvent;
    'cart-updated': CartUpdatedEvent;
    'cart-error': CartErrorEvent;
    'cart-viewed': CartViewedEvent;
    checkout: CheckoutEvent;
  }
}
