import type { CallContext } from '../api/core.js';
import { ApiError, toApiError } from '../api/errors.js';
import type { Address, Cart, CustomerAddresses, Product } from '../api/model.js';
import * as routes from '../api/routes.js';
import type { CartStore } from './cart-store.js';
import { quantityOf } from './optimistic.js';
import type { AddItemInput, CartState, ShippingDestination, ShippingEstimate, SignInInput } from './types.js';

export { login, logout } from '../api/routes.js';
export { customerCheckout } from './checkout.js';

// The store's actions but `load()`: a module the script tag loads when the browser is idle after
// the first cart, or at the first action (`later.ts`). Each is `CartStore`'s method of the same
// name, run with the store's own parts (`Inside`); the store's methods document them.

/** A cart the service sent, with when its request started: its number and the session epoch. */
export interface Reply<T = Cart> {
  cart: T;
  seq: number;
  epoch: number;
}

interface Waiter {
  resolve(cart: Cart): void;
  reject(error: ApiError): void;
}

/** One item's quantity changes: the newest value asked for and who waits for it. */
export interface Line {
  wanted: number;
  waiters: Waiter[];
}

export interface RequestOptions {
  freshCart?: boolean;
  write?: boolean;
  cartRoute?: boolean;
}

type Send = (ctx: CallContext) => Promise<Cart>;
type Feature = keyof CartState['features'];

/** The store's own parts these actions work with. Not part of the package's API. */
export interface Inside {
  readonly store: CartStore;
  /** Quantity changes in flight, per line. */
  readonly lines: Map<string, Line>;
  /** Settles once the stored session was checked. */
  readonly ready: Promise<void>;
  /** Aborts when the store is disposed. */
  readonly signal: AbortSignal;
  set(patch: Partial<CartState>): void;
  request<T>(send: (ctx: CallContext) => Promise<T>, options?: RequestOptions): Promise<Reply<T>>;
  /** Reads the cart (the store's load, without sharing one in flight). */
  fetch(): Promise<Cart>;
  apply(reply: Reply, patch?: Partial<CartState>, evenIfLate?: boolean): void;
  /** `state.cart` with the pending quantities, and `pending`. */
  shown(): Pick<CartState, 'cart' | 'pending'>;
  /** Whether a reply started before the cart on screen did. */
  older(reply: Reply): boolean;
  /** The guest cart key kept. */
  key(): string | null;
  /** The cart the service last confirmed. */
  confirmed(): Cart | null;
  changeSession(task: () => Promise<void>): Promise<void>;
  newSession(): void;
  dropNotices(): void;
  /** After a sign-out: a fresh guest cart. */
  guestCart(): Promise<void>;
}

export function addItem(i: Inside, input: AddItemInput): Promise<Cart> {
  // A kept key the service no longer knows: the item goes into a fresh cart instead.
  return change(i, (ctx) => routes.addItem(i.store.api, input, ctx), true);
}

export function restoreItem(i: Inside, itemKey: string): Promise<Cart> {
  return change(i, (ctx) => routes.restoreItem(i.store.api, itemKey, ctx));
}

export function clear(i: Inside): Promise<Cart> {
  return change(i, (ctx) => routes.clear(i.store.api, ctx));
}

export function applyCoupon(i: Inside, code: string): Promise<Cart> {
  return addOn(i, 'coupons', (ctx) => routes.applyCoupon(i.store.api, code, ctx));
}

export function removeCoupon(i: Inside, code: string): Promise<Cart> {
  return addOn(i, 'coupons', (ctx) => routes.removeCoupon(i.store.api, code, ctx));
}

export function selectShippingRate(i: Inside, packageId: string, rateKey: string): Promise<Cart> {
  return addOn(i, 'shipping', (ctx) => routes.setShippingMethod(i.store.api, packageId, rateKey, ctx));
}

export async function estimateShipping(i: Inside, destination: ShippingDestination): Promise<Cart> {
  const sent: ShippingDestination = { country: destination.country.trim().toUpperCase() };
  const state = destination.state?.trim();
  const postcode = destination.postcode?.trim();
  if (state) sent.state = state;
  if (postcode) sent.postcode = postcode;
  let addresses: CustomerAddresses | null = null;
  let cart: Cart;
  try {
    cart = await addOn(i, 'estimate', async (ctx) => {
      const reply = await routes.updateCustomer(i.store.api, sent, ctx);
      addresses = reply.addresses;
      return reply.cart;
    });
  } catch (caught) {
    const error = caught as ApiError;
    // Before CoCart 4.1 the route exists without this callback.
    if (error.status === 404 && error.is('no_namespace_error')) switchOff(i, 'estimate');
    // Emptied elsewhere: show the cart as the shop has it.
    if (error.is('cart_empty')) i.fetch().catch(ignore);
    throw error;
  }
  const estimate = judgeEstimate(sent, addresses);
  i.set({ shippingEstimate: Object.freeze(estimate) });
  if (estimate.outcome === 'shop-region') switchOff(i, 'estimate');
  return cart;
}

export async function signIn(i: Inside, input: SignInInput): Promise<void> {
  const { store } = i;
  await i.ready;
  const guestKey = store.session.state.kind === 'guest' ? i.key() : null;
  // The guest cart as it is now: the one on screen when it is this key's, else asked for.
  const onScreen = i.confirmed();
  const guestCart = guestKey ? (onScreen?.key === guestKey ? onScreen : await guestCartToCarry(store, guestKey)) : null;
  await i.changeSession(() => store.session.signIn(input));
  i.newSession();
  i.set({ notMerged: Object.freeze([]) });
  const lines = guestCart ? linesToCarry(guestCart) : [];
  if (!guestKey || !lines.length) {
    await i.fetch().catch(ignore);
    return;
  }
  try {
    const saved = await i.fetch();
    if (!saved.items.length) {
      // Nothing to lose: the server moves the whole guest cart over in one request.
      await change(i, (ctx) => store.api.getCart({ ...ctx, cartKey: guestKey }));
      return;
    }
  } catch {
    // The customer's cart could not be read: adding lines one by one is safe either way.
  }
  const failed: string[] = [];
  for (const line of lines) {
    try {
      await change(i, (ctx) => routes.addItem(store.api, line.input, ctx));
    } catch (error) {
      if (toApiError(error).kind === 'aborted') return;
      failed.push(line.name);
    }
  }
  // "Beanie has been added": the shop's notices about the carried lines are not the shopper's news.
  i.dropNotices();
  if (failed.length) i.set({ notMerged: Object.freeze(failed) });
}

/**
 * The guest's cart, read to carry its lines into the customer's; `null` when there is nothing to
 * carry (the shop no longer has it, or its answer cannot be read, which trying again would not
 * change). When the shop cannot be reached the sign-in stops before it starts: signing in now would
 * leave the guest's lines behind for good, so the shopper is told to try again and loses nothing.
 */
async function guestCartToCarry(store: CartStore, key: string): Promise<Cart | null> {
  try {
    return await store.api.getCart({ cartKey: key });
  } catch (caught) {
    const error = toApiError(caught);
    if (error.transient) throw error;
    return null;
  }
}

export async function signOut(i: Inside): Promise<void> {
  const { session } = i.store;
  await i.ready;
  const guest = () => session.state.kind === 'guest';
  if (guest()) return;
  try {
    await i.changeSession(() => session.signOut());
  } finally {
    if (guest()) await i.guestCart();
  }
}

export function discoverFeatures(i: Inside): Promise<void> {
  const { store } = i;
  return routes.getShopRoutes(store.api, { signal: i.signal }).then(
    ({ routes, handOver }) => {
      const has = (route: string) => routes.includes(`v2/cart/${route}`);
      const { coupons, shipping } = store.state.features;
      const keptOwnRegion = store.state.shippingEstimate?.outcome === 'shop-region';
      i.set({
        features: Object.freeze({
          coupons: coupons && has('apply-coupon'),
          shipping: shipping && has('set-shipping-method'),
          estimate: has('update') && !keptOwnRegion,
          handOver,
        }),
      });
    },
    (error: unknown) => console.warn('cart-widget: the shop\'s route index could not be read;', toApiError(error).message),
  );
}

export async function getProduct(i: Inside, id: number | string, signal?: AbortSignal): Promise<Product> {
  return (await i.request((ctx) => routes.getProduct(i.store.api, id, { ...ctx, signal: signal ?? ctx.signal }), { cartRoute: false })).cart;
}

// --- requests -----------------------------------------------------------------------------------

async function change(i: Inside, send: Send, freshCart = false): Promise<Cart> {
  const reply = await i.request(send, { freshCart, write: true });
  if (i.store.state.notMerged.length) i.set({ notMerged: Object.freeze([]) });
  return settle(i, reply);
}

/** An add-on route: a 404 `rest_no_route` means the shop does not have it. */
async function addOn(i: Inside, feature: Feature, send: Send): Promise<Cart> {
  try {
    return await change(i, send);
  } catch (caught) {
    const error = caught as ApiError;
    if (error.missingRoute) switchOff(i, feature);
    throw error;
  }
}

/** The shop does not offer `feature` (no route, or not for this shop): its controls go. */
function switchOff(i: Inside, feature: Feature): void {
  i.set({ features: Object.freeze({ ...i.store.state.features, [feature]: false }) });
}

/**
 * Sends a line's newest wanted quantity until no newer one waits; one request in flight per line
 * (`CartStore.updateQuantity` shows the quantity and keeps the line). Never rejects: its waiters do.
 */
export async function sendLineQuantities(i: Inside, itemKey: string, line: Line): Promise<void> {
  const { waiters } = line;
  const { api } = i.store;
  while (waiters.length) {
    const batch: Waiter[] = [];
    let reply: Reply;
    try {
      reply = await i.request(
        (ctx) => {
          // Read at send time, so changes made while waiting for credentials ride along.
          const quantity = line.wanted;
          batch.push(...waiters.splice(0));
          return quantity ? routes.updateItem(api, itemKey, quantity, ctx) : routes.removeItem(api, itemKey, ctx);
        },
        { write: true },
      );
    } catch (caught) {
      i.lines.delete(itemKey);
      i.set(i.shown());
      for (const waiter of [...batch, ...waiters.splice(0)]) waiter.reject(caught as ApiError);
      return;
    }
    // A newer value that equals what the service now holds needs no request of its own.
    if (waiters.length && line.wanted === quantityOf(reply.cart, itemKey)) batch.push(...waiters.splice(0));
    if (waiters.length) i.apply(reply);
    // The line's final reply: if late, the wanted quantity shows until a fresh cart is in.
    else {
      await settle(i, reply, () => {
        // Unless the shopper changed the line again meanwhile, it is no longer pending.
        if (!waiters.length) i.lines.delete(itemKey);
      });
    }
    for (const waiter of batch) waiter.resolve(reply.cart);
  }
}

/**
 * The reply to a change: applied, unless it is late — then the cart is loaded again instead, and
 * only if that fails is the reply shown after all (it holds its change), with the failed load
 * left in `status`/`error` so the shopper can load again. `release` runs just before the reply is
 * applied. Resolves with the cart now confirmed.
 */
async function settle(i: Inside, reply: Reply, release: () => void = ignore): Promise<Cart> {
  let cart = reply.cart;
  let unreloaded = false;
  if (i.older(reply)) cart = await i.fetch().catch(() => ((unreloaded = true), reply.cart));
  release();
  const { status, error } = i.store.state;
  i.apply(reply, unreloaded ? { status, error } : {}, unreloaded);
  return cart;
}

// --- helpers ------------------------------------------------------------------------------------

function ignore(): void {}

/**
 * What a guest cart's lines need to join another cart: a mix-and-match box as one line with its
 * contents' configuration (its children come with it), any other line by its product or variation
 * id with the extra data it was added with.
 */
function linesToCarry(cart: Cart): Array<{ name: string; input: AddItemInput }> {
  return cart.items
    .filter((item) => !item.mnm?.container && item.quantity.value > 0)
    .map((item) => {
      const { mnm_contents: _contents, mnm_container: _container, ...itemData } = item.data;
      return { name: item.name, input: { id: item.id, quantity: item.quantity.value, itemData } };
    });
}

/**
 * Whether the shop's rates are for `sent`: a field the billing address did not take was refused
 * (the shop keeps the old value and adds an error notice); otherwise the shipping address must hold
 * what was sent, else the shop rated its own region. An answer without addresses proves nothing:
 * its rates are not claimed for the shopper's address either.
 */
function judgeEstimate(sent: ShippingDestination, addresses: CustomerAddresses | null): ShippingEstimate {
  const holds = (address: Address, field: 'country' | 'state' | 'postcode') =>
    !sent[field] || same(address[field], sent[field]!);
  const fields = ['country', 'state', 'postcode'] as const;
  const refused = addresses ? fields.filter((field) => !holds(addresses!.billing, field)) : [];
  if (refused.length) return { destination: sent, outcome: 'refused', refused };
  const followed = !!addresses && fields.every((field) => holds(addresses!.shipping, field));
  return { destination: sent, outcome: followed ? 'followed' : 'shop-region', refused: [] };
}

/** Two codes or postcodes alike but for case, spaces and dashes (WooCommerce formats `sw1a1aa` as `SW1A 1AA`). */
function same(a: string, b: string): boolean {
  const squeeze = (v: string) => v.replace(/[\s-]+/g, '').toUpperCase();
  return squeeze(a) === squeeze(b);
}
