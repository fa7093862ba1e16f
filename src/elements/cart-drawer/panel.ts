// The order of these imports is the order of the modules in the open drawer's chunk: this one gzips
// 0.09 KB smaller than the alphabetical one (measured), as similar code sits nearer.
import { renderShipping } from './shipping.js';
import { DrawerActions } from './drawer-actions.js';
import { html, noChange, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { Cart, CartItem, Currency } from '../../api/model.js';
import { analyticsDetail } from '../../events/analytics.js';
import { CartViewedEvent, CheckoutEvent } from '../../events/cart-events.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';
import { describeError, sentences } from '../../format/messages/shared.js';
import { boxOf } from '../../store/boxes.js';
import type { CartState } from '../../store/state.js';
import type { DrawerHost } from './drawer-host.js';
import { renderCrossSells } from './cross-sells.js';
import { leave } from './leave.js';
import { renderLines } from './line-items.js';
import { deepActiveElement, keepFocusInside, lastInputWasPointer, lockPageScroll } from './modal.js';
import { panelStyles } from './panel.styles.js';
import { renderRemovedItems } from './removed-items.js';
import type { ShippingEstimateForm } from './shipping-estimate.js';
import { estimateStyles } from './shipping-estimate.styles.js';
import { followValuesInEffect } from '../values-in-effect.js';
import { renderTotals } from './totals.js';
import { renderCoupons } from './coupons.js';

/** The open drawer's English: its strings travel with its code. */
export { drawerMessages } from '../../format/messages/cart-drawer.js';

/** The open drawer's styles, after the trigger's. */
export const styles = [...panelStyles, estimateStyles];

/** What the panel reads of its `<cart-drawer>` at each render. */
export interface DrawerView {
  state: CartState | undefined;
  m: Messages;
  /** The content is first rendered when the drawer first opens, not on page load. */
  hasOpened: boolean;
}

/**
 * Everything `<cart-drawer>` shows and does once it opens: the modal dialog, its lines, coupons,
 * shipping and its estimate, totals and checkout, and every control in it. Kept apart from the
 * trigger (the element itself), so the script tag loads it as a chunk of its own when the browser
 * is idle after the count is shown, or at the first hover, focus or press of the trigger.
 */
export class DrawerPanel {
  readonly #host: DrawerHost;
  readonly #view: () => DrawerView;
  readonly #actions: DrawerActions;
  /**
   * The shipping estimate (`shipping-estimate.ts`, 2.5 KB, a chunk of its own): loaded once the shop
   * turns out to offer it (its route index, read as the drawer opens) — most shoppers never open it.
   */
  #estimate: ShippingEstimateForm | undefined;
  #loadingEstimate = false;
  #viewed = false;
  #pressedBackdrop = false;
  /** A customer's Checkout is reading the cart for the hand-over: further clicks wait. */
  #handingOver = false;
  /** The hand-over could not be made this time: the plain link and its hint, for this page. */
  #handOverFailed = false;
  #releaseScroll: (() => void) | undefined;
  #derivedFrom: Cart | null | undefined;
  #lines: CartItem[] = [];
  #lineByKey = new Map<string, CartItem>();
  /** For each line object of a cart, the object shown for it: an earlier one with the same data, or itself. */
  readonly #shownFor = new WeakMap<CartItem, CartItem>();
  #boxContents = new Map<string, CartItem[]>();
  #currency: Currency | undefined;
  /** Who the drawer last rendered for (a customer's id): errors from before a sign-in or sign-out go. */
  #user: string | undefined;
  /** Lines whose quantity field the shopper typed into and has not committed (Enter, leaving it). */
  readonly #editing = new Set<string>();
  /** After each render, the fields show the values in effect. */
  #showValues: (() => void) | undefined;

  constructor(host: DrawerHost, view: () => DrawerView) {
    this.#host = host;
    this.#view = view;
    this.#actions = new DrawerActions(host, () => host.store, () => this.#m);
  }

  get #m(): Messages {
    return this.#view().m;
  }

  get #dialog(): HTMLDialogElement | null {
    return this.#host.renderRoot.querySelector('dialog');
  }

  get #trigger(): HTMLButtonElement | null {
    return this.#host.renderRoot.querySelector("[part~='trigger']");
  }

  /** After each update of the element: the fields show the values in effect, the dialog follows `open`, an opening with a cart is reported. */
  updated(): void {
    (this.#showValues ??= followValuesInEffect(this.#host.renderRoot))();
    this.#syncDialog();
    const cart = this.#view().state?.cart;
    if (this.#host.open && !this.#viewed && cart) {
      this.#viewed = true;
      this.#host.dispatchEvent(new CartViewedEvent({ ...analyticsDetail(cart), cart }));
    }
  }

  /**
   * The element came back into a document. Moved while open: leaving the document took the dialog
   * out of the top layer, open but no longer modal (the page behind usable, no Esc). Show it as a
   * modal again.
   */
  connected(): void {
    const dialog = this.#dialog;
    if (this.#host.open && dialog?.open && !dialog.matches(':modal')) {
      dialog.removeAttribute('open');
      this.#syncDialog();
    }
  }

  disconnected(): void {
    this.#releaseScroll?.();
    this.#releaseScroll = undefined;
  }

  #syncDialog(): void {
    const dialog = this.#dialog;
    if (!dialog) return;
    if (this.#host.open && !dialog.open) {
      // Opened with the mouse or a finger: the heading takes focus without a ring (Safari draws one).
      dialog.querySelector('.title')?.classList.toggle('pointer-opened', lastInputWasPointer());
      dialog.showModal();
      this.#releaseScroll ??= lockPageScroll();
    } else if (!this.#host.open && dialog.open) {
      dialog.close();
      this.#onClose();
    }
  }

  /** Every way of closing (Esc, close button, backdrop, `hide()`) ends here; running it twice is harmless. */
  #onClose = (): void => {
    this.#host.open = false;
    this.#viewed = false;
    this.#actions.forget();
    this.#releaseScroll?.();
    this.#releaseScroll = undefined;
    const trigger = this.#trigger;
    if (!trigger) return;
    // Closed with a key: the trigger shows its ring. Firefox hands focus back itself, without one:
    // focus it again, asking for the ring (`focusVisible`, where the engine knows it).
    if (!lastInputWasPointer() && trigger.matches(':focus') && !trigger.matches(':focus-visible')) trigger.blur();
    if (!trigger.matches(':focus')) trigger.focus({ focusVisible: !lastInputWasPointer() } as FocusOptions);
  };

  /**
   * The lines to list: a box's contents sit under their box. Every reply of the shop is a new cart
   * of new objects: a line, a box's contents or the currency that did not change keeps the object
   * shown before, so the list re-renders only the lines that did (they compare by identity). A line
   * object met before (a cart with a change in flight holds the confirmed cart's) is not compared
   * again: a 1000-line cart was compared whole at each render (issue 32: 4.4 → 2.2 ms of a quantity
   * change in Chromium, 7.1 → 3.4 in Firefox).
   */
  #derive(cart: Cart | null): void {
    if (cart === this.#derivedFrom) return;
    this.#derivedFrom = cart;
    const items = cart?.items ?? [];
    let keys: Set<string> | undefined;
    const before = this.#lineByKey;
    const boxesBefore = this.#boxContents;
    this.#lines = [];
    this.#lineByKey = new Map();
    this.#boxContents = new Map();
    for (const item of items) {
      const box = item.mnm?.container ? boxOf(item, (keys ??= new Set(items.map((line) => line.key)))) : undefined;
      if (box) {
        this.#boxContents.set(box, [...(this.#boxContents.get(box) ?? []), item]);
        continue;
      }
      let shown = this.#shownFor.get(item);
      if (!shown) this.#shownFor.set(item, (shown = kept(before.get(item.key), item)));
      this.#lines.push(shown);
      this.#lineByKey.set(item.key, shown);
    }
    for (const [key, children] of this.#boxContents) this.#boxContents.set(key, kept(boxesBefore.get(key), children));
    const currency = cart?.currency;
    this.#currency = currency && this.#currency && same(this.#currency, currency) ? this.#currency : currency;
  }

  /** What the last render was made from: the state, the strings, the first opening, the feedback. */
  #renderedFrom: unknown[] = [];

  /**
   * `asked`: something but `open` asked the element for this update. Otherwise the DOM stays as it
   * is (`noChange`), unless what it shows changed quietly: the feedback forgotten at a close, a
   * quantity being typed (its field loses `data-value`), the first opening.
   */
  render(asked?: boolean) {
    const { state, m, hasOpened } = this.#view();
    const from = [state, m, hasOpened, this.#actions.feedback];
    if (!asked && !this.#editing.size && from.every((value, index) => value === this.#renderedFrom[index])) return noChange;
    this.#renderedFrom = from;
    const cart = state?.cart ?? null;
    this.#derive(cart);
    const user = state?.session.user?.id;
    if (user !== this.#user) {
      this.#user = user;
      this.#actions.forget();
    }
    const { announcement, alert } = this.#actions.feedback;
    const content = hasOpened && state;
    return html`<dialog
      class="dialog"
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
      <div class="panel" part="panel">
        <div class="header" part="header">
          <h2 class="title" part="title" id="cart-title" tabindex="-1" autofocus>${m.cart}</h2>
          <button class="close" part="close" type="button" data-action="close" aria-label=${m.close}
            ><svg part="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M6 6l12 12M18 6L6 18" /></svg></button>
        </div>
        <div class="body" part="body" aria-busy=${state?.status === 'loading'}>
          <div class="visually-hidden" role="status">${keyed(announcement.id, html`<span>${announcement.text}</span>`)}</div>
          <div class="alert" part="alert" role="alert">${alert}</div>
          ${content ? this.#renderCart(state) : nothing}
          <div class="empty" part="empty" ?hidden=${!(content && cart && !cart.items.length)}>
            <p part="empty-message">${m.emptyCart}</p>
            <slot name="empty"></slot>
          </div>
          ${content && cart ? this.#renderExtras(cart, state) : nothing}
        </div>
        <div class="footer" part="footer">
          ${content && cart?.items.length ? [renderTotals(cart, m), this.#renderCheckout()] : nothing}
          <slot name="footer"></slot>
        </div>
      </div>
    </dialog>`;
  }

  #renderEstimate(state: CartState) {
    if (!this.#estimate && !this.#loadingEstimate && (state.features.estimate || state.shippingEstimate)) {
      this.#loadingEstimate = true;
      import('./shipping-estimate.js').then(
        ({ ShippingEstimateForm }) => {
          this.#estimate = new ShippingEstimateForm(this.#host, () => this.#host.store, () => this.#m);
          this.#host.requestUpdate();
        },
        // Offline: tried again at the next render.
        () => (this.#loadingEstimate = false),
      );
    }
    return this.#estimate?.render(state) ?? nothing;
  }

  #renderCart(state: CartState) {
    const { cart, status, error } = state;
    const m = this.#m;
    // One announcement per action: the drawer's own message, in its status region. The shop's
    // notices usually say the same thing in other words, so their list is not a live region too;
    // they stay on screen, read with the drawer, until the shopper's next action.
    // The estimate says what its reply's notices mean in its own words.
    const notices = cart && cart.notices !== this.#actions.feedback.staleNotices && cart.notices !== this.#estimate?.ownNotices ? cart.notices : [];
    // No :has() (Safari < 15.4, Firefox < 121): the empty list says so with a class.
    const none = !notices.length && !state.notMerged.length;
    return html`<div class=${none ? 'notices notices-none' : 'notices'} part="notices">
        ${notices.map((notice) => html`<p class="notice notice-${notice.type}" part="notice notice-${notice.type}">${notice.message}</p>`)}
        ${state.notMerged.length ? html`<p class="notice notice-error" part="notice notice-error">${m.notMerged(listOf(state.notMerged, this.#host.language))}</p>` : nothing}
      </div>
      ${status === 'error' && error
        ? html`<div class="load-error" part="load-error">
            <p role="alert">${state.merging ? m.notMergedYet(listOf(state.merging, this.#host.language)) : sentences(m.loadError, describeError(error, m))}</p>
            <button part="retry button" type="button" data-action="retry">${m.tryAgain}</button>
          </div>`
        : nothing}
      ${!cart && status !== 'error'
        ? html`<div class="skeleton" part="skeleton">
            <p class="visually-hidden">${m.loading}</p>
            ${[1, 2, 3].map(() => html`<div class="skeleton-line" part="skeleton-line" aria-hidden="true"></div>`)}
          </div>`
        : nothing}
      ${cart?.items.length
        ? renderLines(this.#lines, {
            m,
            currency: this.#currency ?? cart.currency,
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
          this.#renderEstimate(state),
        ]
      : nothing}
    ${renderCrossSells(cart.crossSells, m, cart.currency, adding)}`;
  }

  #renderCheckout() {
    // The store always knows a checkout URL (the shop's /checkout/ by default).
    const m = this.#m;
    const state = this.#view().state;
    // Where the shop hands the customer over signed in, there is nothing to sign in to at checkout
    // (unless the hand-over could not be made).
    const signedIn = state?.session.kind !== 'guest' && !(state?.features.handOver && !this.#handOverFailed);
    // tabindex: Safari's Tab skips links by default; this one is reached in every Tab order.
    return html`<a class="checkout" part="checkout button primary" href=${this.#checkoutHref()} tabindex="0" data-action="checkout" aria-describedby=${signedIn ? 'checkout-note' : nothing}
        >${m.checkout}</a
      >${signedIn ? html`<p class="checkout-note" part="checkout-note" id="checkout-note">${m.signedInCheckoutNote}</p>` : nothing}`;
  }

  /** A guest's link hands the cart over to the shop's checkout page; never an unsafe scheme. */
  #checkoutHref(): string {
    return this.#host.store?.checkoutHref(this.#host.checkoutUrl) ?? '';
  }

  #onPointerDown = (event: PointerEvent): void => {
    this.#pressedBackdrop = event.target === this.#dialog;
  };

  #onClick = (event: MouseEvent): void => {
    // The backdrop is the dialog itself: the panel covers the rest.
    if (event.target === this.#dialog) {
      if (this.#pressedBackdrop) this.#host.open = false;
      return;
    }
    const control = (event.target as Element).closest<HTMLElement>('[data-action]');
    if (!control || control.getAttribute('aria-disabled') === 'true') return;
    const { action = '', key = '', code = '', id = '' } = control.dataset;
    if (action === 'close') this.#host.open = false;
    else if (action === 'decrease' || action === 'increase') this.#stepQuantity(key, action === 'increase' ? 1 : -1);
    else if (action === 'remove') void this.#removeLine(key);
    else if (action === 'undo') void this.#refocus(this.#actions.restore(key), () => quantityField(key));
    else if (action === 'remove-coupon') void this.#refocus(this.#actions.removeCoupon(code), () => '#coupon-code');
    else if (action === 'add') void this.#refocus(this.#actions.addCrossSell(id), quantityField);
    else if (action === 'retry') void this.#refocus(this.#host.store?.load().catch(() => undefined), (cart) => (cart ? '#cart-title' : "[part~='retry']"));
    else if (action === 'checkout') this.#checkout(event);
  };

  /** The shopper is typing a quantity: what the shop answers meanwhile must not replace it. */
  #onInput = (event: Event): void => {
    const key = quantityKey(event.target);
    if (key !== undefined) this.#editing.add(key);
    else if ((event.target as Element).id === 'coupon-code') this.#actions.forgetCouponError();
  };

  /** Left without a change to commit: the field shows the line's quantity again. */
  #onFocusOut = (event: FocusEvent): void => {
    const key = quantityKey(event.target);
    if (key !== undefined && this.#editing.delete(key)) this.#host.requestUpdate();
  };

  #onChange = (event: Event): void => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    if (input.type === 'number' && input.dataset.key) this.#commitQuantity(input);
    else if (input.type === 'radio' && input.dataset.package !== undefined) {
      void this.#actions.chooseShippingRate(input.dataset.package, input.value);
    }
  };

  #onKeyDown = (event: KeyboardEvent): void => {
    const dialog = this.#dialog;
    if (dialog) keepFocusInside(event, dialog);
    const input = event.target;
    if (event.key === 'Enter' && input instanceof HTMLInputElement && input.type === 'number' && input.dataset.key) {
      event.preventDefault();
      this.#commitQuantity(input);
    }
  };

  #onSubmit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    // Other forms (the shipping estimate) handle their own submit.
    if (form.dataset.form !== 'coupon') return;
    const input = form.querySelector('input');
    if (!input || this.#actions.feedback.applyingCoupon) return;
    if (await this.#actions.applyCoupon(input.value)) input.value = '';
  };

  #item(key: string): CartItem | undefined {
    return this.#view().state?.cart?.items.find((item) => item.key === key);
  }

  #stepQuantity(key: string, step: number): void {
    const item = this.#item(key);
    if (item) void this.#actions.changeQuantity(key, clampQuantity(item, item.quantity.value + step));
  }

  /** A typed quantity: 0 removes the line, anything else is kept within the line's limits (saying so above the maximum). */
  #commitQuantity(input: HTMLInputElement): void {
    const key = input.dataset.key ?? '';
    // Committed: from now on the field follows the line again.
    if (this.#editing.delete(key)) this.#host.requestUpdate();
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
    const host = this.#host;
    await host.updateComplete;
    const active = deepActiveElement();
    if (active && active !== host && active !== document.body && active !== this.#dialog && active.isConnected) return;
    (host.renderRoot.querySelector<HTMLElement>(target(outcome)) ?? host.renderRoot.querySelector<HTMLElement>('#cart-title'))?.focus();
  }

  #checkout(event: MouseEvent): void {
    const state = this.#view().state;
    const cart = state?.cart;
    if (!cart) return;
    if (this.#handingOver) return event.preventDefault();
    // The event carries the link without the hand-over: the cart hash never leaves the store but for the checkout page.
    const checkout = new CheckoutEvent({ ...analyticsDetail(cart), cart, url: this.#checkoutHref() });
    this.#host.dispatchEvent(checkout);
    if (checkout.defaultPrevented) return event.preventDefault();
    const store = this.#host.store;
    // A signed-in customer: once the shop's route index has answered (a click may come first), read
    // the cart now and follow the hand-over link with its fresh hash, or the plain link where the
    // shop has no hand-over (a new tab or window gets the plain link). Guest lines still on their way
    // into the customer's cart go in first, whichever the link.
    const handOver = !this.#handOverFailed;
    if (!store || state.session.kind === 'guest' || !(handOver || state.merging) || event.button || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    this.#handingOver = true;
    void store.customerCheckoutHref(this.#host.checkoutUrl).then((href) => {
      this.#handingOver = false;
      // Still on their way (the shop cannot be reached): checkout waits; the error names them.
      if (store.state.merging) return;
      if (href || !handOver) return leave.to(href ?? this.#checkoutHref());
      // The plain link and the hint to sign in at checkout; the saved cart is left alone.
      this.#handOverFailed = true;
      this.#host.requestUpdate();
    });
  }
}

/** Names joined the way the drawer's language lists them: "A, B and C". */
function listOf(names: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
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

/** `next`, or `previous` when it holds the same data (so what compares by identity sees no change). */
function kept<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && same(previous, next) ? previous : next;
}

/** Whether two values from the shop's answers hold the same data (plain objects, arrays, primitives). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
