import { adoptStyles, html, nothing, type LitElement, type PropertyValues } from 'lit';
import type { Cart } from '../../api/model.js';
import type { Messages } from '../../format/messages.js';
import { sharedMessages, type SharedMessages } from '../../format/messages/shared.js';
import { lazy } from '../../store/lazy.js';
import { StoreController } from '../../store/store-controller.js';
import type { CartStore } from '../../store/cart-store.js';
import type { CartState } from '../../store/state.js';
import { CartElement, loadCart } from '../cart-element.js';
import { itemCount } from '../item-count.js';
import { styles } from './cart-drawer.styles.js';
import { cartIcon } from './icons.js';
import type * as Panel from './panel.js';

/** The open drawer's code (`panel.ts`), once loaded: the trigger alone is cheap. */
let panelModule: typeof Panel | undefined;

/** Loads the panel's code once per page (the script tag fetches it as a chunk); a failed download is tried again next time. */
const loadPanel = lazy(() => import('./panel.js').then((loaded) => (panelModule = loaded)));

/**
 * The whole cart: a "Cart" button with the item count that opens a modal drawer listing every
 * line, recently removed lines, coupons, shipping, fees, taxes, totals, cross-sells, the shop's
 * notices and a checkout link.
 *
 * @summary The cart button and the cart drawer.
 * @slot trigger - Replaces the trigger's "Cart" label (keep some text: it names the button).
 * @slot empty - Shown under the empty-cart message, e.g. a link back to the shop.
 * @slot footer - Below the checkout link, e.g. payment icons or a note.
 * @event cart-viewed - The drawer opened with a cart (GA4 `view_cart` detail).
 * @event cart-item-adding - Before a cross-sell is added (cancelable): `{ productId, quantity }`; a listener may change `quantity`, `variation` or `itemData`, or cancel the add.
 * @event cart-item-added - A cross-sell was added.
 * @event cart-item-removed - A line was removed.
 * @event cart-updated - A quantity, undo, coupon or shipping change was confirmed; `change` says which.
 * @event cart-error - An action failed; the drawer shows why. Also `action: 'load-cart'` when the cart read at page load found no cart at `base-url` + `namespace` (once per shop).
 * @event checkout - The checkout link was followed; cancel it to run your own checkout.
 * @csspart trigger - The button that opens the drawer.
 * @csspart trigger-label - The trigger's default label.
 * @csspart count - The item count badge on the trigger.
 * @csspart icon - Every icon.
 * @csspart dialog - The native `<dialog>`.
 * @csspart panel - The drawer panel inside the dialog.
 * @csspart header - The title row, with `title` and `close`.
 * @csspart title - The "Cart" heading.
 * @csspart close - The close button.
 * @csspart body - The scrolling content.
 * @csspart notices - The list of the shop's notices.
 * @csspart notice - One notice of the shop (also `notice-success`, `notice-info`, `notice-error` or `notice-notice`).
 * @csspart notice-success - A success notice.
 * @csspart notice-info - An information notice.
 * @csspart notice-error - An error notice.
 * @csspart notice-notice - A plain notice.
 * @csspart alert - Why the last action failed.
 * @csspart skeleton - The placeholder shown while the cart loads.
 * @csspart skeleton-line - One bar of the placeholder.
 * @csspart load-error - The "could not load" message (after a sign-in, the guest lines checkout waits for), with `retry`.
 * @csspart retry - The "Try again" button.
 * @csspart empty - The empty state.
 * @csspart empty-message - The empty-cart message.
 * @csspart lines - The list of lines.
 * @csspart line - One line (also `line-pending` while a change is in flight).
 * @csspart line-pending - A line whose change is in flight.
 * @csspart image - A line's picture.
 * @csspart image-placeholder - The box shown where a product has no picture (beside `image`, `cross-sell-image` or `box-item-image`).
 * @csspart line-details - A line's name, variation and unit price.
 * @csspart line-name - A line's product name.
 * @csspart variation - A line's chosen variation.
 * @csspart variation-attribute - One attribute of the variation.
 * @csspart line-price - A line's unit price.
 * @csspart quantity - A line's quantity control.
 * @csspart quantity-input - The quantity field.
 * @csspart quantity-button - The − and + buttons (also `quantity-decrease`, `quantity-increase`).
 * @csspart quantity-decrease - The − button.
 * @csspart quantity-increase - The + button.
 * @csspart line-total - A line's total.
 * @csspart remove - A line's remove button.
 * @csspart line-error - Why a line's last change failed.
 * @csspart box-contents - A mix-and-match box's contents.
 * @csspart box-item - One product in a box.
 * @csspart box-item-image - A boxed product's picture.
 * @csspart box-item-name - A boxed product's name.
 * @csspart box-item-quantity - A boxed product's quantity.
 * @csspart removed - The recently removed lines.
 * @csspart removed-line - One removed line.
 * @csspart removed-name - A removed line's name.
 * @csspart undo - A removed line's "Undo" button.
 * @csspart coupons - The coupons section.
 * @csspart coupon-list - The applied coupons.
 * @csspart coupon - One applied coupon.
 * @csspart coupon-code - An applied coupon's code.
 * @csspart coupon-saving - What an applied coupon saves.
 * @csspart coupon-remove - An applied coupon's remove button.
 * @csspart coupon-form - The coupon entry form.
 * @csspart coupon-label - The coupon field's label.
 * @csspart coupon-row - The coupon field with its button.
 * @csspart coupon-input - The coupon code field (also `input`).
 * @csspart coupon-apply - The "Apply" button (also `button`).
 * @csspart coupon-error - Why a coupon was refused.
 * @csspart shipping - The shipping section.
 * @csspart shipping-package - One package with its rates.
 * @csspart shipping-package-name - A package's name.
 * @csspart shipping-destination - Where the shipping estimate goes ("Shipping to …").
 * @csspart shipping-rate - One rate: its radio, label and cost.
 * @csspart shipping-radio - A rate's radio button.
 * @csspart shipping-rate-label - A rate's name.
 * @csspart shipping-rate-cost - A rate's cost.
 * @csspart shipping-pending - The note while a rate change is saved.
 * @csspart shipping-rates - The list of rates of a shop that cannot switch them from here.
 * @csspart shipping-rate-chosen - The chosen rate in that list (also `shipping-rate`).
 * @csspart shipping-rate-selected - The "(selected)" mark beside the chosen rate.
 * @csspart shipping-note - Where the shipping method is chosen ("You can change … at checkout.").
 * @csspart estimate - The shipping estimate section.
 * @csspart estimate-status - What the estimate found: `estimate-destination` or `estimate-note` inside it.
 * @csspart estimate-destination - "Shipping to COUNTRY" after an estimate the shop followed.
 * @csspart estimate-note - "Rates are for the shop's region…" when the shop kept its own region.
 * @csspart estimate-toggle - The "Calculate shipping" / "Change address" button.
 * @csspart estimate-form - The estimate's fields.
 * @csspart estimate-label - A field's label.
 * @csspart estimate-country - The "Country" field (also `select`).
 * @csspart estimate-state - The "State / Region" field (also `select`).
 * @csspart estimate-postcode - The "Postcode" field (also `input`).
 * @csspart estimate-error - Why the estimate failed.
 * @csspart estimate-actions - The "Update" and "Cancel" buttons.
 * @csspart estimate-update - The "Update" button (also `button`).
 * @csspart estimate-cancel - The "Cancel" button.
 * @csspart section-title - The cross-sells heading.
 * @csspart cross-sells - The suggestions section.
 * @csspart cross-sell-list - The list of suggestions.
 * @csspart cross-sell - One suggestion.
 * @csspart cross-sell-image - A suggestion's picture.
 * @csspart cross-sell-name - A suggestion's name.
 * @csspart cross-sell-price - A suggestion's price.
 * @csspart regular-price - A price before a sale.
 * @csspart sale-price - A sale price.
 * @csspart cross-sell-add - A suggestion's "Add" button (also `button`).
 * @csspart footer - The bottom of the drawer: totals, checkout and the footer slot.
 * @csspart totals - The totals list.
 * @csspart totals-row - One row of the totals.
 * @csspart total - The grand total's row.
 * @csspart checkout - The checkout link (also `button` and `primary`).
 * @csspart checkout-note - Beside the link for a signed-in customer: how the cart is found at the shop's checkout.
 * @csspart button - Every text button, as on the other elements: "Apply", "Add", "Try again", and the checkout link.
 * @csspart primary - The checkout link, filled in the accent colour.
 * @csspart input - The coupon code field and the estimate's postcode.
 * @csspart select - The estimate's country and state fields.
 * @cssproperty --cart-accent - Buttons, the count badge and focus rings.
 * @cssproperty --cart-accent-fg - Text on the accent colour.
 * @cssproperty --cart-bg - The drawer's background.
 * @cssproperty --cart-fg - The drawer's text colour.
 * @cssproperty --cart-muted - Secondary text.
 * @cssproperty --cart-border - Dividers and field borders.
 * @cssproperty --cart-danger - Errors.
 * @cssproperty --cart-success - Success notices.
 * @cssproperty --cart-focus - Focus ring colour (default: `--cart-accent`).
 * @cssproperty --cart-radius - Corner radius of controls and surfaces alike (the default of the two below).
 * @cssproperty --cart-control-radius - Corner radius of buttons and fields (default `--cart-radius`; `999px` makes pills).
 * @cssproperty --cart-surface-radius - Corner radius of boxes, notices and pictures (default `--cart-radius`).
 * @cssproperty --cart-space - Base spacing unit.
 * @cssproperty --cart-font - Font family.
 * @cssproperty --cart-drawer-width - The drawer's width (default `min(28em, 100vw)`, `em` of the shopper's preferred text size: 448px by default).
 * @cssproperty --cart-image-size - Size of a line's picture (default `64px`).
 */
export class CartDrawer extends CartElement {
  static override styles = styles;
  static override properties = {
    open: { type: Boolean, reflect: true },
    checkoutUrl: { attribute: 'checkout-url' },
    messages: { attribute: false },
  };

  /** Whether the drawer is open. */
  open = false;
  /** Where "Checkout" leads; by default the provider's `checkout-url`. */
  declare checkoutUrl?: string;
  /** Replacement strings (any subset). */
  declare messages?: Partial<Messages>;

  #cartState = new StoreController<CartState>(this, () => this.store, (state) => state);
  /** The button's strings (the panel's come with its code: `drawerMessages`). */
  #m: SharedMessages = sharedMessages;
  /** The dialog and its controls, once their code is loaded (`panel.ts`). */
  #panel: Panel.DrawerPanel | undefined;
  /** The content is first rendered when the drawer first opens, not on page load. */
  #hasOpened = false;
  #idlePreload = false;
  #stopListening: (() => void) | undefined;
  #listeningTo: CartStore | undefined;
  #countedFrom: Cart | null | undefined;
  #count = 0;
  /**
   * Whether anything but `open` asked for an update since the panel last rendered: opening and
   * closing alone leave the panel's DOM as it is (issue 32: the code compiled during 200 open/close
   * cycles of a 10-line drawer, 159 KB, halved). Not a `#` field: lit asks for the first update
   * from its constructor, before this class's fields exist.
   */
  declare private panelAsked?: boolean;

  override requestUpdate(...args: Parameters<CartElement['requestUpdate']>): void {
    if (args[0] !== 'open') this.panelAsked = true;
    super.requestUpdate(...args);
  }

  /** Opens the drawer. */
  show(): Promise<boolean> {
    this.open = true;
    return this.updateComplete;
  }

  /** Closes the drawer; focus returns to the trigger. */
  hide(): Promise<boolean> {
    this.open = false;
    return this.updateComplete;
  }

  /** Fetches the panel's code ahead of use: when the browser is idle, or at the first hover, focus or press of the trigger. */
  #preload = (): void => {
    void loadPanel().then(() => this.#panelLoaded(), () => undefined);
  };

  /** The panel's code is here: its styles join the trigger's, and the next update renders the dialog. */
  #panelLoaded(): void {
    if (this.#panel || !panelModule || !this.renderRoot) return;
    adoptStyles(this.renderRoot as ShadowRoot, [...(this.constructor as typeof LitElement).elementStyles, ...panelModule.styles]);
    const english = panelModule.drawerMessages;
    this.#panel = new panelModule.DrawerPanel(this, () => ({
      state: this.#cartState.value,
      m: this.resolveMessages(english, this.messages),
      hasOpened: this.#hasOpened,
    }));
    this.requestUpdate();
  }

  /** While the drawer is open, an update completes once the panel is loaded and shown. */
  protected override getUpdateComplete(): Promise<boolean> {
    // The same promise as usual when there is nothing to wait for: code awaiting it keeps its timing.
    if (!this.open || this.#panel) return super.getUpdateComplete();
    return super.getUpdateComplete().then(async () => {
      await loadPanel().catch(() => undefined);
      this.#panelLoaded();
      return super.getUpdateComplete();
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#panel?.connected();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopListening?.();
    this.#stopListening = this.#listeningTo = undefined;
    this.#panel?.disconnected();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Loaded already (another drawer, an earlier visit of this one): shown in this very update.
    if (panelModule && !this.#panel) this.#panelLoaded();
    this.#m = this.resolveMessages(sharedMessages, this.messages);
    if (this.open) {
      this.#hasOpened = true;
      if (!this.#panel) this.#preload();
    }
    const store = this.store;
    if (store) {
      loadCart(this, store);
      // Elements of this shop ask its store to show the cart (`open-on-add`): this drawer answers.
      if (store !== this.#listeningTo) {
        this.#stopListening?.();
        this.#listeningTo = store;
        this.#stopListening = store.whenAskedToOpen(() => void this.show());
      }
      // What the shop offers (coupons, shipping choice): learned once, when a drawer first opens.
      if (this.open) void store.discoverFeatures();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#panel?.updated();
    // Once the count is on screen (or the cart failed), the next idle moment fetches the panel:
    // the page's first cart and paint never share the main thread with it.
    const state = this.#cartState.value;
    if (!this.#idlePreload && !loadPanel.asked && (state?.cart || state?.status === 'error')) {
      this.#idlePreload = true;
      (globalThis.requestIdleCallback ?? setTimeout)(this.#preload);
    }
  }

  /** The count the trigger shows: a mix-and-match box counts once, its contents not again. */
  #countOf(cart: Cart | null): number {
    if (cart !== this.#countedFrom) {
      this.#countedFrom = cart;
      this.#count = cart ? itemCount(cart) : 0;
    }
    return this.#count;
  }

  protected override render() {
    const cart = this.#cartState.value?.cart ?? null;
    const count = this.#countOf(cart);
    const m = this.#m;
    const asked = this.panelAsked;
    this.panelAsked = false;
    return html`<button
        part="trigger"
        type="button"
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-describedby="cart-count"
        @click=${this.show}
        @pointerenter=${this.#preload}
        @pointerdown=${this.#preload}
        @focus=${this.#preload}
      >
        ${cartIcon}<slot name="trigger"><span part="trigger-label">${m.cart}</span></slot>
        <span part="count" aria-hidden="true" ?hidden=${!cart}>${count}</span>
      </button>
      <span id="cart-count" hidden>${cart ? m.cartCount(count) : ''}</span>
      ${this.#panel ? this.#panel.render(asked) : nothing}`;
  }
}
