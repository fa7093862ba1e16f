import type { ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import type { AnalyticsDetail } from './analytics.js';
import { eventClass } from './event-class.js';

/** A product (or a mix-and-match box) was added. `items` are the lines added, with their quantities. */
export class CartItemAddedEvent extends eventClass<AnalyticsDetail & { cart: Cart }>('cart-item-added') {}

/** A line was removed by the shopper. */
export class CartItemRemovedEvent extends eventClass<AnalyticsDetail & { cart: Cart }>('cart-item-removed') {}

/** The shopper changed the cart (quantity, undo, coupon, shipping). `change` says what. */
export class CartUpdatedEvent extends eventClass<AnalyticsDetail & { cart: Cart; change: CartChange }>('cart-updated') {}

export type CartChange = 'quantity' | 'restore' | 'coupon-applied' | 'coupon-removed' | 'shipping' | 'clear';

/** Something the shopper asked for failed; the element also shows the message. */
export class CartErrorEvent extends eventClass<{ error: ApiError; action: string }>('cart-error') {}

/** The drawer was opened (GA4 `view_cart`). */
export class CartViewedEvent extends eventClass<AnalyticsDetail & { cart: Cart }>('cart-viewed') {}

/** The shopper followed the checkout link. Cancel it to run your own checkout. */
export class CheckoutEvent extends eventClass<AnalyticsDetail & { cart: Cart; url: string }>('checkout', true) {}

/** Every cart event by name, for `addEventListener` on an element, `document` or `window`. */
export interface CartEventMap {
  'cart-item-added': CartItemAddedEvent;
  'cart-item-removed': CartItemRemovedEvent;
  'cart-updated': CartUpdatedEvent;
  'cart-error': CartErrorEvent;
  'cart-viewed': CartViewedEvent;
  checkout: CheckoutEvent;
}

// The events bubble and are composed, so a host page listens where it likes: typed on elements,
// the document and the window alike.
declare global {
  interface HTMLElementEventMap extends CartEventMap {}
  interface DocumentEventMap extends CartEventMap {}
  interface WindowEventMap extends CartEventMap {}
}
