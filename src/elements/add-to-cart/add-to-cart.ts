import { html, nothing, type PropertyValues } from 'lit';
import type { CartItem } from '../../api/model.js';
import { CartItemAddedEvent, type CartItemAddingDetail } from '../../events/cart-events.js';
import type { Messages } from '../../format/messages.js';
import { sharedMessages } from '../../format/messages/shared.js';
import { StoreController } from '../../store/store-controller.js';
import { CartElement, reportFailure } from '../cart-element.js';
import { askToAdd } from '../item-adding.js';
import { styles } from './add-to-cart.styles.js';

/**
 * A button that puts a product in the cart.
 *
 * `variation` names a variation of a variable product by its id (the way CoCart adds a variation:
 * the variation's id is sent as the product `id`). From script it also takes the chosen
 * attributes as an object, `{ attribute_pa_colour: 'black' }`, sent with the parent `product-id`.
 * A JSON attribute was ruled out: elements never parse JSON.
 *
 * The error and the "was added" status speak of the cart as it was: once its lines or quantities
 * change by anything but this element's own add (the drawer, another element, another tab), both
 * are cleared. Reading the cart again unchanged keeps them.
 *
 * @summary "Add to cart" for one product, with a busy state and an inline error.
 * @slot - Your own `<button>` to use instead of the built-in one.
 * @event cart-item-adding - Before the request (cancelable): `{ productId, quantity, variation? }`; a listener may change `quantity`, `variation` or `itemData` and the request carries the change.
 * @event cart-item-added - The product is in the cart (GA4 `add_to_cart` detail).
 * @event cart-error - The shop refused or could not be reached; the message is shown too.
 * @csspart base - The wrapper.
 * @csspart button - The built-in button (also `primary`, as on the other elements' main buttons).
 * @csspart primary - The built-in button.
 * @csspart error - The inline error (a `role="alert"` region).
 * @cssproperty --cart-accent - Button background.
 * @cssproperty --cart-accent-fg - Button text colour.
 * @cssproperty --cart-bg - The shared control background; the built-in button is `primary`, so the accent shows instead.
 * @cssproperty --cart-fg - The shared control text colour; the built-in `primary` button shows `--cart-accent-fg` instead.
 * @cssproperty --cart-border - The shared control border; the built-in button's border is the accent.
 * @cssproperty --cart-danger - Error text colour.
 * @cssproperty --cart-focus - Focus ring colour (default: `--cart-accent`).
 * @cssproperty --cart-radius - Corner radius (the default of `--cart-control-radius`).
 * @cssproperty --cart-control-radius - Corner radius of buttons and fields (default `--cart-radius`; `999px` makes pills).
 * @cssproperty --cart-space - Base spacing unit.
 * @cssproperty --cart-font - Font family.
 */
export class AddToCart extends CartElement {
  static override styles = styles;
  static override properties = {
    productId: { attribute: 'product-id' },
    quantity: { type: Number },
    variation: {},
    openOnAdd: { type: Boolean, attribute: 'open-on-add' },
    messages: { attribute: false },
    busy: { state: true },
    error: { state: true },
    announcement: { state: true },
  };

  /** The product's id. */
  declare productId?: string;
  /** How many to add. */
  quantity = 1;
  /** A variation id (attribute), or the chosen attributes as an object (property). */
  declare variation?: string | number | Record<string, string>;
  /** Opens the page's `<cart-drawer>` after a successful add. */
  openOnAdd = false;
  /** Replacement strings (any subset). */
  declare messages?: Partial<Messages>;

  private busy = false;
  private error = '';
  private announcement = '';

  /** The cart's lines and quantities, as one comparable string (`undefined` before any cart). */
  readonly #lines = new StoreController(this, () => this.store, (state) =>
    state.cart?.items.map((item) => `${item.key}:${item.quantity.value}`).join(),
  );
  /** The lines as of this element's last add: a difference is someone else's change. */
  #seenLines?: string;

  protected override willUpdate(): void {
    const lines = this.#lines.value;
    if (lines === undefined) return;
    // The page's first cart arriving is no change by anyone.
    if (this.#seenLines !== undefined && lines !== this.#seenLines) this.error = this.announcement = '';
    this.#seenLines = lines;
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('busy')) this.#markSlottedBusy();
  }

  protected override render() {
    const m = this.resolveMessages(sharedMessages, this.messages);
    return html`<div part="base">
      <slot @click=${this.#onClick} @slotchange=${this.#markSlottedBusy}>
        <button part="button primary" type="button" aria-disabled=${this.busy || nothing} aria-describedby="error">
          ${this.busy ? m.adding : m.addToCart}
        </button>
      </slot>
      <p part="error" id="error" role="alert">${this.error}</p>
      <p class="visually-hidden" role="status">${this.announcement}</p>
    </div>`;
  }

  /** The merchant's own button gets the busy state too. */
  #markSlottedBusy(): void {
    for (const element of this.renderRoot.querySelector('slot')?.assignedElements({ flatten: true }) ?? []) {
      for (const button of element instanceof HTMLButtonElement ? [element] : element.querySelectorAll('button')) {
        if (this.busy) button.setAttribute('aria-disabled', 'true');
        else button.removeAttribute('aria-disabled');
      }
    }
  }

  #onClick(event: Event): void {
    if (!this.busy && event.composedPath().some((node) => node instanceof HTMLButtonElement)) void this.add();
  }

  /**
   * Adds the product; resolves once the shop answered (errors are shown, not thrown). The host
   * page hears `cart-item-adding` first: cancelled, nothing is sent.
   */
  async add(): Promise<void> {
    const m = this.resolveMessages(sharedMessages, this.messages);
    const store = this.store;
    const request = this.#request();
    if (!store || !request) {
      this.error = m.genericError;
      this.announcement = '';
      return;
    }
    const input = askToAdd(this, request);
    if (!input) return;
    this.error = '';
    this.announcement = '';
    const before = store.state.cart;
    this.busy = true;
    // The event's analytics detail loads beside the request, not with the page: a page that shows
    // an "Add to cart" does not need it until the first add.
    const analytics = import('../../events/analytics.js');
    try {
      const after = await store.addItem(input);
      const { addedDetail } = await analytics;
      // Without the cart from before: the line with this id, else the newest line (a variation
      // chosen by its attributes comes back under its own id).
      const sameId = (item: CartItem) => String(item.id) === String(input.id);
      const added = after.items.some(sameId) ? sameId : (item: CartItem) => item === after.items.at(-1);
      const detail = addedDetail(before, after, added, input.quantity);
      const first = detail.items[0];
      this.announcement = first ? m.added(first.item_name) : m.addedToCart;
      this.dispatchEvent(new CartItemAddedEvent({ ...detail, cart: after }));
      // The cart of this shop opens, wherever its drawer is (never another shop's).
      if (this.openOnAdd) store.openCart();
    } catch (error) {
      this.error = reportFailure(this, error, 'add-item', { messages: m });
    } finally {
      this.busy = false;
      // The add's own change (or a reload it caused) leaves what it reported standing.
      this.#seenLines = this.#lines.value;
    }
  }

  /** What this element adds, as the `cart-item-adding` detail; `null` without a product. */
  #request(): CartItemAddingDetail | null {
    const { productId, variation } = this;
    const quantity = Number.isFinite(this.quantity) && this.quantity > 0 ? Math.floor(this.quantity) : 1;
    if (typeof variation === 'object' && variation) return productId ? { productId, quantity, variation: { ...variation } } : null;
    const id = variation === undefined ? '' : String(variation).trim();
    if (id) return { productId: productId || id, quantity, variation: id };
    return productId ? { productId, quantity } : null;
  }
}
