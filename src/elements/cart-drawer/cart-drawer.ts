import { html, nothing, type PropertyValues } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { Cart, CartItem } from '../../api/model.js';
import { analyticsDetail } from '../../events/analytics.js';
import { CartViewedEvent, CheckoutEvent } from '../../events/cart-events.js';
import { defaultMessages, describeError, type Messages } from '../../format/messages.js';
import { StoreController } from '../../store/store-controller.js';
import type { CartStore } from '../../store/cart-store.js';
import type { CartState } from '../../store/types.js';
import { CartElement } from '../cart-element.js';
import { styles } from './cart-drawer.styles.js';
import { renderCoupons } from './coupons.js';
import { renderCrossSells } from './cross-sells.js';
import { DrawerActions } from './drawer-actions.js';
import { cartIcon, closeIcon } from './icons.js';
import { renderLines } from './line-items.js';
import { deepActiveElement, keepFocusInside, lockPageScroll } from './modal.js';
import { renderRemovedItems } from './removed-items.js';
import { renderShipping } from './shipping.js';
import { estimateStyles, ShippingEstimateForm } from './shipping-estimate.js';
import { renderTotals } from './totals.js';

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
 * @event cart-item-added - A cross-sell was added.
 * @event cart-item-removed - A line was removed.
 * @event cart-updated - A quantity, undo, coupon or shipping change was confirmed; `change` says which.
 * @event cart-error - An action failed; the drawer shows why.
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
 * @csspart load-error - The "could not load" message, with `retry`.
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
 * @cssproperty --cart-radius - Corner radius of controls and surfaces alike (the default of the two below).
 * @cssproperty --cart-control-radius - Corner radius of buttons and fields (default `--cart-radius`; `999px` makes pills).
 * @cssproperty --cart-surface-radius - Corner radius of boxes, notices and pictures (default `--cart-radius`).
 * @cssproperty --cart-space - Base spacing unit.
 * @cssproperty --cart-font - Font family.
 * @cssproperty --cart-drawer-width - The drawer's width (default `min(28rem, 100vw)`).
 * @cssproperty --cart-image-size - Size of a line's picture (default `64px`).
 */
export class CartDrawer extends CartElement {
  static override styles = [styles, estimateStyles];
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
  #actions = new DrawerActions(this, () => this.store, () => this.#m);
  #estimate = new ShippingEstimateForm(this, () => this.store, () => this.#m);
  #m: Messages = defaultMessages;
  /** The content is first rendered when the drawer first opens, not on page load. */
  #hasOpened = false;
  #viewed = false;
  #pressedBackdrop = false;
  #releaseScroll: (() => void) | undefined;
  #stopListening: (() => void) | undefined;
  #listeningTo: CartStore | undefined;
  #derivedFrom: Cart | null | undefined;
  #lines: CartItem[] = [];
  #boxContents = new Map<string, CartItem[]>();
  /** Lines whose quantity field the shopper typed into and has not committed (Enter, leaving it). */
  readonly #editing = new Set<string>();
  #count = 0;

  get #dialog(): HTMLDialogElement {
    return this.renderRoot.querySelector('dialog')!;
  }

  get #trigger(): HTMLButtonElement {
    return this.renderRoot.querySelector("[part~='trigger']")!;
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

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved while open: leaving the document took the dialog out of the top layer, open but no
    // longer modal (the page behind usable, no Esc). Show it as a modal again.
    const dialog = this.hasUpdated ? this.#dialog : null;
    if (this.open && dialog?.open && !dialog.matches(':modal')) {
      dialog.removeAttribute('open');
      this.#syncDialog();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopListening?.();
    this.#stopListening = this.#listeningTo = undefined;
    this.#releaseScroll?.();
    this.#releaseScroll = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#m = this.resolveMessages(this.messages);
    if (this.open) this.#hasOpened = true;
    const store = this.store;
    if (store) {
      store.loadOnce();
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
    if (changed.has('open')) this.#syncDialog();
    const cart = this.#cartState.value?.cart;
    if (this.open && !this.#viewed && cart) {
      this.#viewed = true;
      this.dispatchEvent(new CartViewedEvent({ ...analyticsDetail(cart), cart }));
    }
  }

  #syncDialog(): void {
    const dialog = this.#dialog;
    if (this.open && !dialog.open) {
      dialog.showModal();
      this.#releaseScroll ??= lockPageScroll();
    } else if (!this.open && dialog.open) {
      dialog.close();
      this.#onClose();
    }
  }

  /** Every way of closing (Esc, close button, backdrop, `hide()`) ends here; running it twice is harmless. */
  #onClose(): void {
    this.open = false;
    this.#viewed = false;
    this.#releaseScroll?.();
    this.#releaseScroll = undefined;
    if (!this.#trigger.matches(':focus')) this.#trigger.focus();
  }

  /** The lines to list (a box's contents sit under their box) and the count the trigger shows. */
  #derive(cart: Cart | null): void {
    if (cart === this.#derivedFrom) return;
    this.#derivedFrom = cart;
    const items = cart?.items ?? [];
    const keys = new Set(items.map((item) => item.key));
    this.#lines = [];
    this.#boxContents = new Map();
    for (const item of items) {
      const container = item.mnm?.container;
      if (container && keys.has(container)) this.#boxContents.set(container, [...(this.#boxContents.get(container) ?? []), item]);
      else this.#lines.push(item);
    }
    this.#count = this.#lines.reduce((sum, item) => sum + item.quantity.value, 0);
  }

  protected override render() {
    const state = this.#cartState.value;
    const cart = state?.cart ?? null;
    this.#derive(cart);
    const m = this.#m;
    const { announcement, alert } = this.#actions.feedback;
    const content = this.#hasOpened && state;
    return html`<button
        part="trigger"
        type="button"
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-describedby="cart-count"
        @click=${this.show}
      >
        ${cartIcon}<slot name="trigger"><span part="trigger-label">${m.cart}</span></slot>
        <span part="count" aria-hidden="true" ?hidden=${!cart}>${this.#count}</span>
      </button>
      <span id="cart-count" hidden>${cart ? m.cartCount(this.#count) : ''}</span>
      <dialog
        part="dialog"
        aria-labelledby="cart-title"
        @pointerdown=${this.#onPointerDown}
        @click=${this.#onClick}
        @input=${this.#onInput}
        @change=${this.#onChange}
        @focusout=${this.#onFocusOut}
        @keydown=${this.#onKeyDown}
        @submit=${this.#onSubmit}
        @close=${this.#onClose}
      >
        <div part="panel">
          <div part="header">
            <h2 part="title" id="cart-title" tabindex="-1">${m.cart}</h2>
            <button part="close" type="button" data-action="close" aria-label=${m.close}>${closeIcon}</button>
          </div>
          <div part="body" aria-busy=${state?.status === 'loading'}>
            <div class="visually-hidden" role="status">${keyed(announcement.id, html`<span>${announcement.text}</span>`)}</div>
            <div part="alert" role="alert">${alert}</div>
            ${content ? this.#renderCart(state) : nothing}
            <div part="empty" ?hidden=${!(content && cart && !cart.items.length)}>
              <p part="empty-message">${m.emptyCart}</p>
              <slot name="empty"></slot>
            </div>
            ${content && cart ? this.#renderExtras(cart, state) : nothing}
          </div>
          <div part="footer">
            ${content && cart?.items.length ? [renderTotals(cart, m), this.#renderCheckout()] : nothing}
            <slot name="footer"></slot>
          </div>
        </div>
      </dialog>`;
  }

  #renderCart(state: CartState) {
    const { cart, status, error } = state;
    const m = this.#m;
    // One announcement per action: the drawer's own message, in its status region. The shop's
    // notices usually say the same thing in other words, so their list is not a live region too;
    // they stay on screen, read with the drawer, until the shopper's next action.
    // The estimate says what its reply's notices mean in its own words.
    const notices = cart && cart.notices !== this.#actions.feedback.staleNotices && cart.notices !== this.#estimate.ownNotices ? cart.notices : [];
    return html`<div part="notices">
        ${notices.map((notice) => html`<p part="notice notice-${notice.type}">${notice.message}</p>`)}
        ${state.notMerged.length ? html`<p part="notice notice-error">${m.notMerged(listOf(state.notMerged, this))}</p>` : nothing}
      </div>
      ${status === 'error' && error
        ? html`<div part="load-error">
            <p role="alert">${[m.loadError, describeError(error, m)].filter(Boolean).join(' ')}</p>
            <button part="retry button" type="button" data-action="retry">${m.tryAgain}</button>
          </div>`
        : nothing}
      ${!cart && status !== 'error'
        ? html`<div part="skeleton">
            <p class="visually-hidden">${m.loading}</p>
            ${[1, 2, 3].map(() => html`<div part="skeleton-line" aria-hidden="true"></div>`)}
          </div>`
        : nothing}
      ${cart?.items.length
        ? renderLines(this.#lines, {
            m,
            currency: cart.currency,
            pending: new Set(state.pending),
            errors: this.#actions.feedback.lineErrors,
            children: this.#boxContents,
            editing: this.#editing,
          })
        : nothing}`;
  }

  #renderExtras(cart: Cart, state: CartState) {
    const m = this.#m;
    const { couponError, applyingCoupon, adding } = this.#actions.feedback;
    const hasItems = cart.items.length > 0;
    return html`${renderRemovedItems(cart.removedItems, m, state.pending)}
    ${hasItems
      ? renderCoupons(cart.coupons, {
          m,
          currency: cart.currency,
          editable: state.features.coupons,
          error: couponError,
          applying: applyingCoupon,
        })
      : nothing}
    ${hasItems && cart.needsShipping
      ? [
          renderShipping(cart.shipping, {
            m,
            currency: cart.currency,
            editable: state.features.shipping,
            // "Shipping to COUNTRY" says it once, for the estimate.
            destinations: state.shippingEstimate?.outcome !== 'followed',
          }),
          this.#estimate.render(state),
        ]
      : nothing}
    ${renderCrossSells(cart.crossSells, m, cart.currency, adding)}`;
  }

  #renderCheckout() {
    // The store always knows a checkout URL (the shop's /checkout/ by default).
    const m = this.#m;
    const signedIn = this.#cartState.value?.session.kind !== 'guest';
    return html`<a part="checkout button primary" href=${this.#checkoutHref()} data-action="checkout" aria-describedby=${signedIn ? 'checkout-note' : nothing}
        >${m.checkout}</a
      >${signedIn ? html`<p part="checkout-note" id="checkout-note">${m.signedInCheckoutNote}</p>` : nothing}`;
  }

  /** A guest's link hands the cart over to the shop's checkout page; never an unsafe scheme. */
  #checkoutHref(): string {
    return this.store?.checkoutHref(this.checkoutUrl) ?? '';
  }

  #onPointerDown(event: PointerEvent): void {
    this.#pressedBackdrop = event.target === this.#dialog;
  }

  #onClick(event: MouseEvent): void {
    // The backdrop is the dialog itself: the panel covers the rest.
    if (event.target === this.#dialog) {
      if (this.#pressedBackdrop) this.open = false;
      return;
    }
    const control = (event.target as Element).closest<HTMLElement>('[data-action]');
    if (!control || control.getAttribute('aria-disabled') === 'true') return;
    const { action = '', key = '', code = '', id = '' } = control.dataset;
    if (action === 'close') this.open = false;
    else if (action === 'decrease' || action === 'increase') this.#stepQuantity(key, action === 'increase' ? 1 : -1);
    else if (action === 'remove') void this.#removeLine(key);
    else if (action === 'undo') void this.#refocus(this.#actions.restore(key), () => quantityField(key));
    else if (action === 'remove-coupon') void this.#refocus(this.#actions.removeCoupon(code), () => '#coupon-code');
    else if (action === 'add') void this.#refocus(this.#actions.addCrossSell(id), quantityField);
    else if (action === 'retry') void this.#refocus(this.store?.load().catch(() => undefined), (cart) => (cart ? '#cart-title' : "[part~='retry']"));
    else if (action === 'checkout') this.#checkout(event);
  }

  /** The shopper is typing a quantity: what the shop answers meanwhile must not replace it. */
  #onInput(event: Event): void {
    const key = quantityKey(event.target);
    if (key !== undefined) this.#editing.add(key);
  }

  /** Left without a change to commit: the field shows the line's quantity again. */
  #onFocusOut(event: FocusEvent): void {
    const key = quantityKey(event.target);
    if (key !== undefined && this.#editing.delete(key)) this.requestUpdate();
  }

  #onChange(event: Event): void {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    if (input.type === 'number' && input.dataset.key) this.#commitQuantity(input);
    else if (input.type === 'radio' && input.dataset.package !== undefined) {
      void this.#actions.chooseShippingRate(input.dataset.package, input.value);
    }
  }

  #onKeyDown(event: KeyboardEvent): void {
    keepFocusInside(event, this.#dialog);
    const input = event.target;
    if (event.key === 'Enter' && input instanceof HTMLInputElement && input.type === 'number' && input.dataset.key) {
      event.preventDefault();
      this.#commitQuantity(input);
    }
  }

  async #onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    // Other forms (the shipping estimate) handle their own submit.
    if (form.dataset.form !== 'coupon') return;
    const input = form.querySelector('input');
    if (!input || this.#actions.feedback.applyingCoupon) return;
    if (await this.#actions.applyCoupon(input.value)) input.value = '';
  }

  #item(key: string): CartItem | undefined {
    return this.#cartState.value?.cart?.items.find((item) => item.key === key);
  }

  #stepQuantity(key: string, step: number): void {
    const item = this.#item(key);
    if (item) void this.#actions.changeQuantity(key, clampQuantity(item, item.quantity.value + step));
  }

  /** A typed quantity: 0 removes the line, anything else is kept within the line's limits (saying so above the maximum). */
  #commitQuantity(input: HTMLInputElement): void {
    const key = input.dataset.key ?? '';
    // Committed: from now on the field follows the line again.
    if (this.#editing.delete(key)) this.requestUpdate();
    const item = this.#item(key);
    if (!item) return;
    const typed = Math.round(input.valueAsNumber);
    if (typed === 0) {
      void this.#removeLine(key);
      return;
    }
    const quantity = Number.isFinite(typed) ? clampQuantity(item, typed) : item.quantity.value;
    input.value = String(quantity);
    void this.#actions.changeQuantity(key, quantity, typed > quantity ? this.#m.quantityLimit(quantity) : '');
  }

  #removeLine(key: string): Promise<void> {
    // Gone: its "Undo"; refused: the line is back with its "Remove" (and the error).
    return this.#refocus(this.#actions.remove(key), (gone) => `[data-action="${gone ? 'undo' : 'remove'}"][data-key="${CSS.escape(key)}"]`);
  }

  /**
   * Once `done` settles, the control the shopper used may have vanished (with its line, a
   * suggestion now in the cart, a rolled-back change, a reload): unless focus is still somewhere in
   * the drawer, puts it on `target(outcome)` (else the title), never on the page.
   */
  async #refocus<T>(done: Promise<T | undefined> | undefined, target: (outcome: T | undefined) => string): Promise<void> {
    const outcome = await done;
    await this.updateComplete;
    const active = deepActiveElement();
    if (active && active !== this && active !== document.body && active !== this.#dialog && active.isConnected) return;
    (this.renderRoot.querySelector<HTMLElement>(target(outcome)) ?? this.renderRoot.querySelector<HTMLElement>('#cart-title'))?.focus();
  }

  #checkout(event: MouseEvent): void {
    const cart = this.#cartState.value?.cart;
    if (!cart) return;
    const checkout = new CheckoutEvent({ ...analyticsDetail(cart), cart, url: this.#checkoutHref() });
    this.dispatchEvent(checkout);
    if (checkout.defaultPrevented) event.preventDefault();
  }
}

/** Names joined the way the drawer's language lists them: "A, B and C". */
function listOf(names: readonly string[], element: Element): string {
  const lang = element.closest('[lang]')?.getAttribute('lang') || 'en';
  try {
    return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** The item key of a line's quantity field, `undefined` for any other target. */
function quantityKey(target: EventTarget | null): string | undefined {
  return target instanceof HTMLInputElement && target.type === 'number' ? target.dataset.key : undefined;
}

/** A line's quantity field, by item key. */
const quantityField = (key = '') => `input[data-key="${CSS.escape(key)}"]`;

function clampQuantity(item: CartItem, quantity: number): number {
  const { min, max } = item.quantity;
  return Math.min(Math.max(quantity, min), max ?? Number.POSITIVE_INFINITY);
}
