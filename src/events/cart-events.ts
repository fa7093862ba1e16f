import type { ApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import type { AnalyticsDetail } from './analytics.js';
import { eventClass } from './event-class.js';

/**
 * What an add is about to send. The fields are writable: a listener may change `quantity`,
 * `variation` or `itemData` (synchronously, while the event is dispatched) and the request carries
 * the changed values.
 */
export interface CartItemAddingDetail {
  /** The product being added (the element's `product-id`; a cross-sell's or a box's id). */
  readonly productId: string;
  /** How many (boxes, for a mix-and-match box). A value that is not a positive number keeps the element's own. */
  quantity: number;
  /**
   * `<add-to-cart>`'s variation: a variation id (sent as the item's id), or the chosen attributes
   * (`{ attribute_pa_colour: 'blue' }`, sent with `productId`).
   */
  variation?: string | Record<string, string>;
  /** Extra item data sent as `item_data`, e.g. a mix-and-match box's `mnm_config`. */
  itemData?: Record<string, unknown>;
}

/**
 * An element is about to add something, before any request: cancel it and nothing is sent (the
 * element shows no error and stays usable); change the detail and the request uses the new values.
 */
export class CartItemAddingEvent extends eventClass<CartItemAddingDetail>('cart-item-adding', true) {}

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
  'cart-item-adding': CartItemAddingEvent;
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
