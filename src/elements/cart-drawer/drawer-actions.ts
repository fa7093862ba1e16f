import type { ReactiveControllerHost } from 'lit';
import { isApiError, type ApiError } from '../../api/errors.js';
import type { Cart, CartItem } from '../../api/model.js';
import { addedDetail, analyticsDetail } from '../../events/analytics.js';
import { CartErrorEvent, CartItemAddedEvent, CartItemRemovedEvent, CartUpdatedEvent, type CartChange } from '../../events/cart-events.js';
import { describeError, type Messages } from '../../format/messages.js';
import type { CartStore } from '../../store/cart-store.js';

/** What the drawer shows about the shopper's last actions. */
export interface Feedback {
  /** For the polite live region; `id` changes so the same sentence is announced again. */
  announcement: { id: number; text: string };
  /** A failed action with no field of its own. */
  alert: string;
  couponError: string;
  applyingCoupon: boolean;
  /** Why the last change of a line failed, by item key. */
  lineErrors: ReadonlyMap<string, string>;
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

  async changeQuantity(key: string, quantity: number): Promise<void> {
    const store = this.store();
    const item = store?.state.cart?.items.find((line) => line.key === key);
    if (!store || !item || quantity === item.quantity.value) return;
    const request = ++this.#requests;
    this.#latest.set(key, request);
    this.#start({ lineErrors: without(this.feedback.lineErrors, key) });
    const error = await attempt(() => store.updateQuantity(key, quantity));
    if (this.#latest.get(key) !== request) return;
    const m = this.messages();
    if (error) return this.#failLine('update-quantity', error, key, m.quantityRolledBack(item.name));
    const cart = store.state.cart;
    const line = cart?.items.find((candidate) => candidate.key === key);
    if (!cart || !line) return;
    this.#announce(m.quantityUpdated(line.name, line.quantity.value));
    this.#updated(cart, [line], 'quantity');
  }

  /** Resolves `true` once the line is gone. */
  async remove(key: string): Promise<boolean> {
    const store = this.store();
    const before = store?.state.cart;
    const item = before?.items.find((line) => line.key === key);
    if (!store || !before || !item) return false;
    this.#start({ lineErrors: without(this.feedback.lineErrors, key) });
    const error = await attempt(() => store.removeItem(key));
    const m = this.messages();
    if (error) {
      this.#failLine('remove-item', error, key, m.removeFailed(item.name));
      return false;
    }
    const cart = store.state.cart ?? before;
    const lines = [item, ...before.items.filter((line) => line.mnm?.container === key)];
    this.#announce(m.removed(item.name));
    this.host.dispatchEvent(new CartItemRemovedEvent({ ...analyticsDetail(before, lines), cart }));
    return true;
  }

  /** Resolves `true` once the line is back. */
  async restore(key: string): Promise<boolean> {
    const store = this.store();
    const removed = store?.state.cart?.removedItems.find((item) => item.key === key);
    if (!store || !removed) return false;
    this.#start();
    const error = await attempt(() => store.restoreItem(key));
    const m = this.messages();
    if (error) return this.#fail('restore-item', error, m.restoreFailed(removed.name));
    const cart = store.state.cart;
    if (!cart) return false;
    this.#announce(m.restored(removed.name));
    this.#updated(cart, cart.items.filter((line) => line.key === key || line.mnm?.container === key), 'restore');
    return true;
  }

  async applyCoupon(input: string): Promise<boolean> {
    const store = this.store();
    const code = input.trim();
    const m = this.messages();
    if (!store) return false;
    if (!code) {
      this.#patch({ couponError: m.couponEmpty });
      return false;
    }
    this.#start({ couponError: '', applyingCoupon: true });
    const error = await attempt(() => store.applyCoupon(code));
    this.#patch({ applyingCoupon: false });
    if (error?.kind === 'aborted') return false;
    if (error) {
      const text = this.#report('apply-coupon', error, m.couponFailed(code));
      // Without coupon routes the form is gone: say it where it can still be read.
      this.#patch(store.state.features.coupons ? { couponError: text } : { alert: text });
      return false;
    }
    this.#announce(m.couponApplied(code));
    this.#changed(store.state.cart, 'coupon-applied');
    return true;
  }

  async removeCoupon(code: string): Promise<boolean> {
    const store = this.store();
    if (!store) return false;
    this.#start();
    const error = await attempt(() => store.removeCoupon(code));
    const m = this.messages();
    if (error) return this.#fail('remove-coupon', error, m.couponRemoveFailed(code));
    this.#announce(m.couponRemoved(code));
    this.#changed(store.state.cart, 'coupon-removed');
    return true;
  }

  async chooseShippingRate(packageId: string, rateKey: string): Promise<void> {
    const store = this.store();
    if (!store) return;
    this.#start();
    const error = await attempt(() => store.selectShippingRate(packageId, rateKey));
    const m = this.messages();
    if (error) {
      this.#fail('select-shipping-rate', error, m.shippingFailed);
      return;
    }
    const cart = store.state.cart;
    const rate = cart?.shipping.packages.find((pkg) => pkg.id === packageId)?.rates.find((r) => r.key === rateKey);
    if (rate) this.#announce(m.shippingUpdated(rate.label));
    this.#changed(cart, 'shipping');
  }

  async addCrossSell(productId: string): Promise<void> {
    const store = this.store();
    const before = store?.state.cart ?? null;
    const product = before?.crossSells.find((candidate) => String(candidate.id) === productId);
    if (!store || !product || this.feedback.adding.has(productId)) return;
    this.#start({ adding: new Set([...this.feedback.adding, productId]) });
    const error = await attempt(() => store.addItem({ id: product.id, quantity: 1 }));
    const adding = new Set(this.feedback.adding);
    adding.delete(productId);
    this.#patch({ adding });
    const m = this.messages();
    if (error) {
      this.#fail('add-item', error, m.addFailed(product.name));
      return;
    }
    const cart = store.state.cart;
    if (!cart) return;
    this.#announce(m.added(product.name));
    const detail = addedDetail(before, cart, (item) => item.id === product.id, 1);
    this.host.dispatchEvent(new CartItemAddedEvent({ ...detail, cart }));
  }

  /** Clears what the previous action said, before a new one. */
  #start(patch: Partial<Feedback> = {}): void {
    this.#patch({ alert: '', ...patch });
  }

  #patch(patch: Partial<Feedback>): void {
    this.feedback = { ...this.feedback, ...patch };
    this.host.requestUpdate();
  }

  #announce(text: string): void {
    this.#patch({ announcement: { id: this.feedback.announcement.id + 1, text } });
  }

  /** Tells the host page about the failure and returns the sentence the shopper reads. */
  #report(action: string, error: ApiError, headline: string): string {
    this.host.dispatchEvent(new CartErrorEvent({ error, action }));
    return [headline, describeError(error, this.messages())].filter(Boolean).join(' ');
  }

  #fail(action: string, error: ApiError, headline: string): false {
    if (error.kind !== 'aborted') this.#patch({ alert: this.#report(action, error, headline) });
    return false;
  }

  #failLine(action: string, error: ApiError, key: string, headline: string): void {
    if (error.kind === 'aborted') return;
    const lineErrors = new Map(this.feedback.lineErrors).set(key, this.#report(action, error, headline));
    this.#patch({ lineErrors });
  }

  #updated(cart: Cart, lines: CartItem[], change: CartChange): void {
    this.host.dispatchEvent(new CartUpdatedEvent({ ...analyticsDetail(cart, lines), cart, change }));
  }

  #changed(cart: Cart | null, change: CartChange): void {
    if (cart) this.#updated(cart, cart.items, change);
  }
}

/** Runs a store action; resolves with its ApiError instead of throwing one. */
async function attempt(task: () => Promise<unknown>): Promise<ApiError | null> {
  try {
    await task();
    return null;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}
