import { html } from 'lit';
import type { Cart } from '../../api/model.js';
import type { Messages } from '../../format/messages.js';
import { cartCountMessages, type CartCountMessages } from '../../format/messages/cart-count.js';
import { formatMoney } from '../../format/money.js';
import { StoreController } from '../../store/store-controller.js';
import { CartElement, loadCart } from '../cart-element.js';
import { styles } from './cart-count.styles.js';
import { itemCount } from '../item-count.js';

/** What `<cart-count>` shows: the number of items, the cart's total, or its subtotal. */
export type CartCountShow = 'count' | 'total' | 'subtotal';

/** What the element shows of a cart (amounts formatted); `null` before the cart is known. */
interface Summary {
  count: number;
  total: string;
  subtotal: string;
}

/**
 * The cart's item count (or its total) as text, for a page's header or anywhere else. It shares
 * the shop's store with the other elements and follows the cart live: adds from any element,
 * changes in the drawer, another tab. A mix-and-match box counts as one item, as on the drawer's
 * trigger.
 *
 * The number is hidden from assistive technology and a full sentence ("3 items in your cart",
 * "Cart total: $36.00") is read instead, also when the element sits inside a link or button.
 * Changes are not announced: the element that changed the cart already says what happened.
 *
 * Without a drawer or provider on the page it loads the cart itself, once per shop (the same
 * single request a provider or drawer would make). Until the cart is known it shows nothing, yet
 * keeps its place, so the header does not shift when the number arrives.
 *
 * @summary The cart's item count or total, live, anywhere on the page.
 * @csspart base - The wrapper.
 * @csspart count - The number of items (also `empty` when the cart is empty, e.g. to hide a badge).
 * @csspart total - The formatted amount, with `show="total"` or `show="subtotal"` (then also `subtotal`; `empty` when the cart is empty).
 * @csspart subtotal - The formatted subtotal, with `show="subtotal"`.
 * @csspart empty - The count or total of an empty cart.
 * @cssproperty --cart-count-color - Text colour (default: inherited from the page).
 * @cssproperty --cart-font - Font family (default: inherited).
 * @event cart-error - The cart read at page load found no cart at `base-url` + `namespace` (a misconfiguration: 404 `rest_no_route`, HTML, other JSON); `action: 'load-cart'`, once per shop, with the URL and what to check in the console.
 */
export class CartCount extends CartElement {
  static override styles = styles;
  static override properties = {
    show: {},
    messages: { attribute: false },
  };

  /**
   * `count` (default): the number of items; `total`: the cart's total in its currency, as the
   * drawer's "Total" (shipping, fees and taxes included); `subtotal`: the items alone, as the
   * drawer's "Subtotal".
   */
  show: CartCountShow = 'count';
  /** Replacement strings (any subset): `itemsInCart`, `cartTotalIs`, `cartSubtotalIs`. */
  declare messages?: Partial<Messages>;

  /** Only the count and the amounts: the element re-renders when one of them changes, not on every state. */
  readonly #summary = new StoreController<Summary | null>(
    this,
    () => this.store,
    (state) => summarise(state.cart),
    (a, b) => a === b || (!!a && !!b && a.count === b.count && a.total === b.total && a.subtotal === b.subtotal),
  );

  protected override willUpdate(): void {
    const store = this.store;
    if (store) loadCart(this, store);
  }

  protected override render() {
    const summary = this.#summary.value ?? null;
    const view = Object.hasOwn(VIEWS, this.show) ? VIEWS[this.show] : VIEWS.count;
    const part = `${view.part}${summary?.count === 0 ? ' empty' : ''}`;
    return html`<span part="base" class=${summary ? 'known' : 'unknown'}
      ><span part=${part} aria-hidden="true">${summary ? view.shown(summary) : view.standIn}</span
      ><span class="visually-hidden">${summary ? view.said(summary, this.resolveMessages(cartCountMessages, this.messages)) : ''}</span></span
    >`;
  }
}

/** Per `show`: its parts, the text seen, the sentence heard, and a hidden stand-in of about the right width. */
const VIEWS: Record<CartCountShow, { part: string; shown: (s: Summary) => string; said: (s: Summary, m: CartCountMessages) => string; standIn: string }> = {
  count: { part: 'count', shown: (s) => String(s.count), said: (s, m) => m.itemsInCart(s.count), standIn: '0' },
  total: { part: 'total', shown: (s) => s.total, said: (s, m) => m.cartTotalIs(s.total), standIn: '0.00' },
  subtotal: { part: 'total subtotal', shown: (s) => s.subtotal, said: (s, m) => m.cartSubtotalIs(s.subtotal), standIn: '0.00' },
};

function summarise(cart: Cart | null): Summary | null {
  if (!cart) return null;
  const money = (minor: number) => formatMoney(minor, cart.currency);
  return { count: itemCount(cart), total: money(cart.totals.total), subtotal: money(cart.totals.subtotal) };
}
