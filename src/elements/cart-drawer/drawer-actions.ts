import type { ReactiveControllerHost } from 'lit';
import { isApiError } from '../../api/errors.js';
import type { Cart, CartItem, Notice } from '../../api/model.js';
import { addedDetail, analyticsDetail } from '../../events/analytics.js';
import { CartItemAddedEvent, CartItemRemovedEvent, CartUpdatedEvent, type CartChange } from '../../events/cart-events.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';
import { sentences } from '../../format/messages/shared.js';
import type { CartStore } from '../../store/cart-store.js';
import { boxOf } from '../../store/boxes.js';
import type { CartState } from '../../store/state.js';
import { askToAdd } from '../item-adding.js';
import { reportFailure } from '../cart-element.js';

/** What the drawer shows about the shopper's last actions. */
export interface LineError {
  text: string;
  /** About the quantity field (it is described by the text). */
  field: boolean;
  /** Not a failure, a note (the typed quantity was brought within the limit): the field stays valid. */
  note?: boolean;
}

export interface Feedback {
  /** For the polite live region; `id` changes so the same sentence is announced again. */
  announcement: { id: number; text: string };
  /** A failed action with no field of its own. */
  alert: string;
  couponError: string;
  applyingCoupon: boolean;
  /** Why the last change of a line failed, by item key; `field` when the quantity is at fault. */
  lineErrors: ReadonlyMap<string, LineError>;
  /** The shop's notices from a reply older than the shopper's last action: no longer shown. */
  staleNotices?: readonly Notice[];
  /** Cross-sells being added, by product id. */
  adding: ReadonlySet<string>;
}

/**
 * Turns the shopper's intent in the drawer into store actions, and their outcome into feedback
 * (announcements, inline errors) and the host page's events.
 */
export class DrawerActions {
  feedback: Feedback = {
    announcement: { id: 0, text: '' },
    alert: '',
    couponError: '',
    applyingCoupon: false,
    lineErrors: new Map(),
    adding: new Set(),
  };
  /** The newest quantity request per line: only its outcome is reported. */
  #latest = new Map<string, number>();
  #requests = 0;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly store: () => CartStore | undefined,
    private readonly messages: () => Messages,
  ) {}

  /**
   * Errors belong to the moment: what the drawer said about the shopper's last actions goes when
   * the drawer closes or the shopper signs in or out, from the status region too. Quietly: the
   * drawer is closing (it updates before it opens again) or rendering. Nothing to forget: the same
   * feedback, so the panel sees nothing new when it opens again.
   */
  forget(): void {
    const { announcement, alert, couponError, lineErrors } = this.feedback;
    if (!announcement.text && !alert && !couponError && !lineErrors.size) return;
    this.feedback = { ...this.feedback, announcement: { id: announcement.id, text: '' }, alert: '', couponError: '', lineErrors: new Map() };
  }

  /** The shopper edited the code the coupon error was about. */
  forgetCouponError(): void {
    if (this.feedback.couponError) this.#patch({ couponError: '' });
  }

  /** `note` stays on the line (e.g. why the quantity is not what the shopper typed). */
  async changeQuantity(key: string, quantity: number, note = ''): Promise<void> {
    const item = this.store()?.state.cart?.items.find((line) => line.key === key);
    if (!item) return;
    if (quantity === item.quantity.value) {
      if (note) {
        this.#patch({ lineErrors: new Map(this.feedback.lineErrors).set(key, { text: note, field: true, note: true }) });
        this.#announce(note);
      }
      return;
    }
    const request = ++this.#requests;
    this.#latest.set(key, request);
    const state = await this.#runOnLine('update-quantity', key, (store) => store.updateQuantity(key, quantity), (m) => m.quantityRolledBack(item.name), {
      current: () => this.#latest.get(key) === request,
      note,
    });
    const cart = state?.cart;
    const line = cart?.items.find((candidate) => candidate.key === key);
    if (!cart || !line) return;
    this.#announce(sentences(this.messages().quantityUpdated(line.name, line.quantity.value), note));
    this.#updated(cart, [line], 'quantity');
  }

  /** Resolves `true` once the line is gone. */
  async remove(key: string): Promise<boolean> {
    const before = this.store()?.state.cart;
    const item = before?.items.find((line) => line.key === key);
    if (!before || !item) return false;
    // The quantity is fine when a removal fails: the error belongs to the line, not the field.
    const state = await this.#runOnLine('remove-item', key, (store) => store.removeItem(key), (m) => m.removeFailed(item.name), { field: false });
    if (!state) return false;
    const lines = [item, ...before.items.filter((line) => boxOf(line) === key)];
    this.#announce(this.messages().removed(item.name));
    this.host.dispatchEvent(new CartItemRemovedEvent({ ...analyticsDetail(before, lines), cart: state.cart ?? before }));
    return true;
  }

  /** Resolves `true` once the line is back. */
  async restore(key: string): Promise<boolean> {
    const state = this.store()?.state;
    const removed = state?.cart?.removedItems.find((item) => item.key === key);
    // A second "Undo" while the first is in flight would be refused: the line is no longer removed.
    if (!removed || state?.pending.includes(key)) return false;
    const cart = (await this.#run('restore-item', (store) => store.restoreItem(key), (m) => m.restoreFailed(removed.name)))?.cart;
    if (!cart) return false;
    this.#announce(this.messages().restored(removed.name));
    this.#updated(cart, cart.items.filter((line) => line.key === key || boxOf(line) === key), 'restore');
    return true;
  }

  async applyCoupon(input: string): Promise<boolean> {
    const code = input.trim();
    if (!this.store()) return false;
    if (!code) {
      this.#patch({ couponError: this.messages().couponEmpty });
      return false;
    }
    const state = await this.#run(
      'apply-coupon',
      (store) => store.applyCoupon(code),
      (m) => m.couponFailed(code),
      { couponError: '', applyingCoupon: true },
      // Without coupon routes the form is gone: say it where it can still be read.
      (text, now) => (now.features.coupons ? { couponError: text } : { alert: text }),
    );
    this.#patch({ applyingCoupon: false });
    return this.#changed(state, this.messages().couponApplied(code), 'coupon-applied');
  }

  async removeCoupon(code: string): Promise<boolean> {
    const state = await this.#run('remove-coupon', (store) => store.removeCoupon(code), (m) => m.couponRemoveFailed(code));
    return this.#changed(state, this.messages().couponRemoved(code), 'coupon-removed');
  }

  async chooseShippingRate(packageId: string, rateKey: string): Promise<void> {
    const state = await this.#run('select-shipping-rate', (store) => store.selectShippingRate(packageId, rateKey), (m) => m.shippingFailed);
    const rate = state?.cart?.shipping.packages.find((pkg) => pkg.id === packageId)?.rates.find((r) => r.key === rateKey);
    this.#changed(state, rate && this.messages().shippingUpdated(rate.label), 'shipping');
  }

  /** Resolves with the key of the line the suggestion went to, once it is in the cart. */
  async addCrossSell(productId: string): Promise<string | undefined> {
    const before = this.store()?.state.cart ?? null;
    const product = before?.crossSells.find((candidate) => String(candidate.id) === productId);
    if (!product || this.feedback.adding.has(productId)) return;
    const input = askToAdd(this.host, { productId: String(product.id), quantity: 1 });
    if (!input) return;
    const state = await this.#run('add-item', (store) => store.addItem(input), (m) => m.addFailed(product.name), {
      adding: new Set([...this.feedback.adding, productId]),
    });
    const adding = new Set(this.feedback.adding);
    adding.delete(productId);
    this.#patch({ adding });
    const cart = state?.cart;
    if (!cart) return;
    this.#announce(this.messages().added(product.name));
    const detail = addedDetail(before, cart, (item) => item.id === product.id, input.quantity);
    this.host.dispatchEvent(new CartItemAddedEvent({ ...detail, cart }));
    return cart.items.find((item) => item.id === product.id)?.key;
  }

  /** A change on one line: its previous error goes (`note` shows instead), and a new one shows on the line. */
  #runOnLine(
    action: string,
    key: string,
    task: Task,
    headline: Headline,
    { current, note = '', field = true }: { current?: () => boolean; note?: string; field?: boolean } = {},
  ): Promise<CartState | undefined> {
    const lineErrors = new Map(this.feedback.lineErrors);
    if (note) lineErrors.set(key, { text: note, field, note: true });
    else lineErrors.delete(key);
    return this.#run(
      action,
      task,
      headline,
      { lineErrors },
      // A line that is gone (removed elsewhere) has no place for its error: the alert says it.
      (text, state) =>
        state.cart?.items.some((item) => item.key === key) ? { lineErrors: new Map(this.feedback.lineErrors).set(key, { text, field }) } : { alert: text },
      current,
    );
  }

  /**
   * Runs one store action. Clears what the previous action said, the shop's notices from the last
   * reply included (a reply to this action brings its own), and applies `patch`; on failure
   * tells the host page and shows `headline` with the reason (in the alert unless `show` says
   * where). Resolves with the store's state after a success, `undefined` after a failure, a
   * cancelled request, or once `current` says a newer request took over.
   */
  async #run(
    action: string,
    task: Task,
    headline: Headline,
    patch?: Partial<Feedback>,
    show: (text: string, state: CartState) => Partial<Feedback> = (alert) => ({ alert }),
    current = () => true,
  ): Promise<CartState | undefined> {
    const store = this.store();
    if (!store) return;
    this.#patch({ alert: '', staleNotices: store.state.cart?.notices, ...patch });
    try {
      await task(store);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (current() && error.kind !== 'aborted') {
        const m = this.messages();
        this.#patch(show(reportFailure(this.host, error, action, { messages: m, headline: headline(m) }), store.state));
      }
      return;
    }
    if (current()) return store.state;
  }

  #patch(patch: Partial<Feedback>): void {
    this.feedback = { ...this.feedback, ...patch };
    this.host.requestUpdate();
  }

  #announce(text: string): void {
    this.#patch({ announcement: { id: this.feedback.announcement.id + 1, text } });
  }

  #updated(cart: Cart, lines: CartItem[], change: CartChange): void {
    this.host.dispatchEvent(new CartUpdatedEvent({ ...analyticsDetail(cart, lines), cart, change }));
  }

  /** After a change to the whole cart: says `text` (when there is one) and tells the host page. */
  #changed(state: CartState | undefined, text: string | undefined, change: CartChange): boolean {
    if (!state) return false;
    if (text) this.#announce(text);
    if (state.cart) this.#updated(state.cart, state.cart.items, change);
    return true;
  }
}

type Task = (store: CartStore) => Promise<unknown>;
type Headline = (m: Messages) => string;
