import type { ApiCore } from '../api/shop-connection.js';
import { type ApiError, toApiError } from '../api/errors.js';
import type { Address, Cart, CustomerAddresses, Product } from '../api/model.js';
import * as routes from '../api/routes.js';
import { boxOf } from './boxes.js';
import { quantityOf } from './optimistic.js';
import { CARRY_OVER, forgetCartKey } from './cart-key.js';
import type { Call, Reply, RequestOptions } from './request-pipeline.js';
import type { QuantityChanges, StoreParts } from './store-parts.js';
import { customerCheckout as handOver } from './checkout.js';
import type { AddItemInput } from '../api/routes.js';
import type { SignInInput } from './session.js';
import type { CartState, ShippingDestination, ShippingEstimate } from './state.js';

// The store's actions but `load()`: a module the script tag loads when the browser is idle after
// the first cart, or at the first action (`load-store-actions.ts`). Each is `CartStore`'s method
// of the same name, run with the store's parts (`StoreParts`); the store's methods document them.
// Every request goes through the store's pipeline (`StoreParts.send`).

type Send = Call<Cart>;

type Feature = keyof CartState['features'];
type Waiter = QuantityChanges['waiters'][number];

export function addItem(i: StoreParts, input: AddItemInput): Promise<Cart> {
  // A kept key the service no longer knows: the item goes into a fresh cart instead.
  return change(i, (api, ctx) => routes.addItem(api, input, ctx), { freshCart: true });
}

export function restoreItem(i: StoreParts, itemKey: string): Promise<Cart> {
  return change(i, (api, ctx) => routes.restoreItem(api, itemKey, ctx));
}

export function clear(i: StoreParts): Promise<Cart> {
  return change(i, (api, ctx) => routes.clear(api, ctx));
}

export function applyCoupon(i: StoreParts, code: string): Promise<Cart> {
  return addOn(i, 'coupons', (api, ctx) => routes.applyCoupon(api, code, ctx));
}

export function removeCoupon(i: StoreParts, code: string): Promise<Cart> {
  return addOn(i, 'coupons', (api, ctx) => routes.removeCoupon(api, code, ctx));
}

export function selectShippingRate(i: StoreParts, packageId: string, rateKey: string): Promise<Cart> {
  return addOn(i, 'shipping', (api, ctx) => routes.setShippingMethod(api, packageId, rateKey, ctx));
}

export async function estimateShipping(i: StoreParts, destination: ShippingDestination): Promise<Cart> {
  const sent: ShippingDestination = { country: destination.country.trim().toUpperCase() };
  const state = destination.state?.trim();
  const postcode = destination.postcode?.trim();
  if (state) sent.state = state;
  if (postcode) sent.postcode = postcode;
  let addresses: CustomerAddresses | null = null;
  let cart: Cart;
  try {
    cart = await addOn(i, 'estimate', async (api, ctx) => {
      const reply = await routes.updateCustomer(api, sent, ctx);
      addresses = reply.addresses;
      return reply.cart;
    });
  } catch (caught) {
    const error = caught as ApiError;
    // Before CoCart 4.1 the route exists without this callback.
    if (error.status === 404 && error.is('no_namespace_error')) switchOff(i, 'estimate');
    // Emptied elsewhere: show the cart as the shop has it.
    if (error.is('cart_empty')) i.reread().catch(ignore);
    throw error;
  }
  const estimate = judgeEstimate(sent, addresses);
  i.set({ shippingEstimate: Object.freeze(estimate) });
  if (estimate.outcome === 'shop-region') switchOff(i, 'estimate');
  return cart;
}

export async function signIn(i: StoreParts, input: SignInInput): Promise<void> {
  const { session } = i;
  await i.ready;
  // The whole sign-in holds the cart's lock: an add or change meanwhile, in this tab or
  // another, waits for it and then goes to the customer's cart (architecture §3).
  const carried = await i.exclusive(async () => {
    const guestKey = session.state.kind === 'guest' ? i.guestKey() : null;
    // The guest cart as it is now: the one on screen when it is this key's, else asked for.
    const onScreen = i.confirmed();
    const guestCart = guestKey ? (onScreen?.key === guestKey ? onScreen : await guestCartToCarry(i, guestKey)) : null;
    await i.changeSession(() => session.signIn(input));
    i.newSession();
    i.set({ notMerged: Object.freeze([]) });
    if (!guestKey || !guestCart || !linesToCarry(guestCart).length) {
      forgetCarry(i);
      return false;
    }
    const record = owedCarry(i) ?? { key: guestKey, carried: [] };
    saveCarry(i, record);
    await carry(i, record, guestCart);
    return true;
  });
  // Nothing to carry: the customer's cart is read after the lock is passed on (a read may take its
  // time; another sign-in or change need not wait for it).
  if (!carried) await i.reread().catch(ignore);
}

/**
 * For a customer whose guest lines are still owed (a temporary failure at the sign-in): carries
 * them over now, then resolves with the customer's cart (the store's `load()` runs this first).
 */
export async function carryGuestLines(i: StoreParts): Promise<Cart> {
  await carryIfOwed(i);
  return i.confirmed() ?? i.reread();
}

/** `tries`: how many tries of its own came before this one (`carry`); none when the shopper's. */
async function carryIfOwed(i: StoreParts, tries?: number): Promise<void> {
  // Nothing owed to a customer (another tab may have carried the lines, or signed out): nothing is on its way.
  if (i.session.state.kind === 'guest' || !i.persistence.read(CARRY_OVER)) return i.set({ merging: undefined });
  await i.exclusive(async () => {
    const record = owedCarry(i);
    if (!record) forgetCarry(i);
    else if (i.session.state.kind !== 'guest') await carry(i, record, null, tries);
  });
}

/**
 * A sign-in's carry-over still owed: the guest key, the guest lines done (carried or named), and
 * the line whose add went out last with how many of its product the customer's cart held before it.
 */
interface CarryOver {
  key: string;
  carried: string[];
  sent?: [line: string, before: number];
}

/**
 * Carries the guest's lines not done yet into the customer's cart, holding the cart's lock. The
 * guest key is forgotten only once every line is in the customer's cart or named as refused by
 * the shop (stock, sold individually: `state.notMerged`); until then `state.merging` names the lines
 * still on their way. A temporary failure (no answer, an answer that is not a cart, 5xx) keeps the
 * key and what is left, and the carry-over is tried again on its own 1 s later, then 2, 4 and every
 * 8 s (it resumes within 10 s once the shop answers again) while the page is open and a customer
 * signed in, and at the next load or action; the shopper hears of the failure of a try they caused
 * (`tries` 0: the sign-in, a load, an action), not of the tries of its own. A line whose request
 * got no answer is judged by the customer's cart, read again, then or at a later try: there, or
 * not yet carried.
 */
async function carry(i: StoreParts, record: CarryOver, guestCart: Cart | null, tries = 0): Promise<void> {
  const failed: string[] = [];
  try {
    // A guest cart the shop no longer has leaves nothing to carry.
    guestCart ??= await guestCartToCarry(i, record.key);
    const lines = guestCart ? linesToCarry(guestCart).filter((line) => !record.carried.includes(line.key)) : [];
    let saved: Cart | null = null;
    if (lines.length) saved = await i.reread(true);
    if (saved && !saved.items.length && !record.carried.length) {
      // Nothing to lose: the server moves the whole guest cart over in one request.
      try {
        await change(i, (api, ctx) => api.getCart(ctx), { cartKey: record.key, lockHeld: true });
      } catch (caught) {
        // No answer: the customer's cart, read again, shows whether the shop moved it.
        if (!(toApiError(caught).cartReread && i.confirmed()?.items.length)) throw caught;
      }
      lines.length = 0;
    }
    for (const [index, line] of lines.entries()) {
      const { id, quantity } = line.input;
      i.set({ merging: Object.freeze(lines.slice(index).map(({ name }) => name)) });
      // An add that got no answer at an earlier try counts from what the cart held before it.
      const before = record.sent?.[0] === line.key ? record.sent[1] : quantityOfProduct(i.confirmed(), id);
      const landed = () => quantityOfProduct(i.confirmed(), id) >= before + quantity;
      record.sent = [line.key, before];
      saveCarry(i, record);
      try {
        if (!landed()) await change(i, (api, ctx) => routes.addItem(api, line.input, ctx), { lockHeld: true });
      } catch (caught) {
        const error = toApiError(caught);
        // No answer: the customer's cart, read again (or not: then as before the add), shows whether it landed.
        if (error.outcomeUnknown ? !landed() : temporary(error)) throw error;
        if (!error.outcomeUnknown) failed.push(line.name);
      }
      record.carried.push(line.key);
    }
    forgetCarry(i);
  } catch (caught) {
    const error = toApiError(caught);
    if (error.kind === 'aborted') return;
    if (!i.confirmed()) await i.reread(true).catch(ignore);
    if (!tries) i.set({ status: 'error', error });
    // One timer per page: a newer failure's replaces an older one's.
    clearTimeout(i.resume);
    i.resume = setTimeout(() => carryIfOwed(i, tries + 1), Math.min(1000 * 2 ** tries, 8000));
  } finally {
    // "Beanie has been added": the shop's notices about the carried lines are not the shopper's news.
    i.dropNotices();
    if (failed.length) i.set({ notMerged: Object.freeze(failed) });
  }
}

/** A failure that says nothing about the line: the same request may work later. */
function temporary(error: ApiError): boolean {
  return error.transient || error.kind === 'invalid-response';
}

function quantityOfProduct(cart: Cart | null, id: AddItemInput['id']): number {
  return (cart?.items ?? []).reduce((sum, item) => (String(item.id) === String(id) ? sum + item.quantity.value : sum), 0);
}

/** The carry-over owed for the guest key kept, or `null` (storage is input: another key's or shape's is none). */
function owedCarry(i: StoreParts): CarryOver | null {
  try {
    const record = JSON.parse(i.persistence.read(CARRY_OVER)!) as CarryOver | null;
    return record?.key && record.key === i.guestKey() && record.carried.every((line) => typeof line === 'string') ? record : null;
  } catch {
    return null;
  }
}

function saveCarry(i: StoreParts, record: CarryOver): void {
  i.persistence.write(CARRY_OVER, JSON.stringify(record));
}

/** Nothing is owed any more: the record and the guest key go, in every tab. */
function forgetCarry(i: StoreParts): void {
  i.persistence.write(CARRY_OVER, null);
  forgetCartKey(i.persistence);
  i.set({ merging: undefined });
}

/**
 * The guest's cart, read to carry its lines into the customer's; `null` when there is nothing to
 * carry (the shop no longer has it). When the shop cannot be reached, or answers with something
 * that is not a cart, the sign-in stops before it starts: signing in now would leave the guest's
 * lines behind, so the shopper is told to try again and loses nothing.
 */
async function guestCartToCarry(i: StoreParts, key: string): Promise<Cart | null> {
  try {
    return (await i.send((api, ctx) => api.getCart(ctx), { asGuest: key, lockHeld: true })).cart;
  } catch (caught) {
    const error = toApiError(caught);
    if (temporary(error)) throw error;
    return null;
  }
}

export async function signOut(i: StoreParts): Promise<void> {
  const { session } = i;
  await i.ready;
  const guest = () => session.state.kind === 'guest';
  if (guest()) return;
  try {
    await i.changeSession(() => session.signOut());
  } finally {
    if (guest()) await i.startGuestCart();
  }
}

export function discoverFeatures(i: StoreParts): Promise<void> {
  return i.send((api, ctx) => routes.getShopRoutes(api, ctx), { anonymous: true }).then(
    ({ cart: { routes, handOver } }) => {
      const has = (route: string) => routes.includes(`v2/cart/${route}`);
      const { features, shippingEstimate } = i.state();
      const { coupons, shipping } = features;
      const keptOwnRegion = shippingEstimate?.outcome === 'shop-region';
      i.set({
        features: Object.freeze({
          coupons: coupons && has('apply-coupon'),
          shipping: shipping && has('set-shipping-method'),
          estimate: has('update') && !keptOwnRegion,
          handOver,
        }),
      });
    },
    (error: unknown) => console.warn('cart-widget: no route index;', toApiError(error).message),
  );
}

/**
 * A signed-in customer's checkout link with the hand-over (`checkout.ts`), or `null`. Guest lines
 * still owed go into the customer's cart first; when they cannot (`state.merging` still names them),
 * `null`: the shopper is not handed to a checkout without them.
 */
export async function customerCheckout(i: StoreParts, url: string, param: string): Promise<string | null> {
  await carryIfOwed(i);
  return i.state().merging ? null : handOver(i, url, param);
}

export async function getProduct(i: StoreParts, id: number | string, signal?: AbortSignal): Promise<Product> {
  return (await i.send((api, ctx) => routes.getProduct(api, id, { ...ctx, signal: signal ?? ctx.signal }), { cartRoute: false })).cart;
}

// --- requests -----------------------------------------------------------------------------------

async function change(i: StoreParts, send: Send, options: Omit<RequestOptions, 'write'> = {}): Promise<Cart> {
  // Guest lines still owed to this customer's cart go first (the carry-over's own writes hold the lock).
  if (!options.lockHeld) await carryIfOwed(i);
  const reply = await i.send(send, { ...options, write: true });
  if (i.state().notMerged.length) i.set({ notMerged: Object.freeze([]) });
  return settle(i, reply, ignore, options.lockHeld);
}

/** An add-on route: a 404 `rest_no_route` means the shop does not have it. */
async function addOn(i: StoreParts, feature: Feature, send: Send): Promise<Cart> {
  try {
    return await change(i, send);
  } catch (caught) {
    const error = caught as ApiError;
    if (error.missingRoute) switchOff(i, feature);
    throw error;
  }
}

/** The shop does not offer `feature` (no route, or not for this shop): its controls go. */
function switchOff(i: StoreParts, feature: Feature): void {
  i.set({ features: Object.freeze({ ...i.state().features, [feature]: false }) });
}

/**
 * Sends a line's newest wanted quantity until no newer one waits; one request in flight per line
 * (`CartStore.updateQuantity` shows the quantity and keeps the line). Never rejects: its waiters do.
 */
export async function sendLineQuantities(i: StoreParts, itemKey: string, line: QuantityChanges): Promise<void> {
  const { waiters } = line;
  while (waiters.length) {
    const batch: Waiter[] = [];
    let reply: Reply;
    try {
      reply = await i.send(
        (api, ctx) => {
          // Read at send time, so changes made while waiting for credentials ride along.
          const quantity = line.wanted;
          batch.push(...waiters.splice(0));
          return quantity ? routes.updateItem(api, itemKey, quantity, ctx) : routes.removeItem(api, itemKey, ctx);
        },
        { write: true },
      );
    } catch (caught) {
      i.quantityChanges.delete(itemKey);
      i.set(i.withPendingQuantities());
      for (const waiter of [...batch, ...waiters.splice(0)]) waiter.reject(caught as ApiError);
      return;
    }
    // A newer value that equals what the service now holds needs no request of its own.
    if (waiters.length && line.wanted === quantityOf(reply.cart, itemKey)) batch.push(...waiters.splice(0));
    if (waiters.length) i.showReply(reply);
    // The line's final reply: if late, the wanted quantity shows until a fresh cart is in.
    else {
      await settle(i, reply, () => {
        // Unless the shopper changed the line again meanwhile, it is no longer pending.
        if (!waiters.length) i.quantityChanges.delete(itemKey);
      });
    }
    for (const waiter of batch) waiter.resolve(reply.cart);
  }
}

/**
 * The reply to a change: applied, unless it is late — then the cart is loaded again instead, and
 * only if that fails is the reply shown after all (it holds its change), with the failed load
 * left in `status`/`error` so the shopper can load again. `release` runs just before the reply is
 * applied; `lockHeld` inside `exclusive`. Resolves with the cart now confirmed.
 */
async function settle(i: StoreParts, reply: Reply, release: () => void = ignore, lockHeld?: boolean): Promise<Cart> {
  let cart = reply.cart;
  let unreloaded = false;
  if (i.startedBeforeShown(reply)) cart = await i.reread(lockHeld).catch(() => ((unreloaded = true), reply.cart));
  release();
  const { status, error } = i.state();
  i.showReply(reply, unreloaded ? { status, error } : {}, unreloaded);
  return cart;
}

// --- helpers ------------------------------------------------------------------------------------

function ignore(): void {}

/**
 * What a guest cart's lines need to join another cart: a mix-and-match box as one line with its
 * contents' configuration (its children come with it), any other line by its product or variation
 * id with the extra data it was added with.
 */
function linesToCarry(cart: Cart): Array<{ key: string; name: string; input: AddItemInput }> {
  return cart.items
    .filter((item) => !boxOf(item) && item.quantity.value > 0)
    .map((item) => {
      const { mnm_contents: _contents, mnm_container: _container, ...itemData } = item.data;
      return { key: item.key, name: item.name, input: { id: item.id, quantity: item.quantity.value, itemData } };
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
