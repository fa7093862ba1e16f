import { ApiCore } from '../api/shop-connection.js';
import { ApiError, toApiError } from '../api/errors.js';
import type { Cart, Product } from '../api/model.js';
import { CARRY_OVER, forgetCartKey, keptCartKey } from './cart-key.js';
import { checkoutLink, resolveConfig, safeCheckoutUrl, storeScope } from './config.js';
import { forgetLastCart, keepLastCart, lastCart } from './last-cart.js';
import { actions, loadStoreActions, loadWhenIdle, type StoreActions } from './load-store-actions.js';
import { withQuantities } from './optimistic.js';
import { createPersistence, type Persistence } from './persistence.js';
import { RequestPipeline, type Reply } from './request-pipeline.js';
import { Session } from './session.js';
import { readShopTextWithThePage } from './shop-text.js';
import type { QuantityChanges, StoreParts } from './store-parts.js';
import { syncTabs } from './tab-sync.js';
import type { AddItemInput } from '../api/routes.js';
import type { ResolvedStoreConfig, StoreConfig } from './config.js';
import type { SignInInput } from './session.js';
import type { CartState, SessionState, ShippingDestination, StateListener } from './state.js';

export { storeScope };

// The page's HTML parser reads the shop's named character references for the api layer, from the
// moment the store's module runs (a call, which bundlers keep with the module: not an import for
// its effect, which they drop).
readShopTextWithThePage();

/**
 * The cart of one shop (base URL + namespace): immutable state, actions that return promises, and
 * everything the wire rules ask for — the guest cart key, the session's credentials, coalesced
 * quantity changes, optional add-on routes, and the same cart in every tab.
 *
 * Get the page's shared instance with `getCartStore(config)`. Every action resolves with the cart
 * the service confirmed and rejects with an `ApiError`, never another error type.
 */
export class CartStore {
  readonly config: Readonly<ResolvedStoreConfig>;
  /** Names this shop in storage and in the other tabs' channel: `{baseUrl}/{namespace}`. */
  readonly scope: string;

  #state: CartState;
  readonly #listeners = new Set<StateListener>();
  readonly #persistence: Persistence;
  /** Where a request's authentication comes from: tokens, refresh, Basic credentials. */
  readonly #session: Session;
  /** Tells the other tabs a confirmed cart (`tab-sync.ts`). */
  readonly #tabs: ReturnType<typeof syncTabs>;
  /** The one way a request reaches the shop. */
  readonly #pipeline: RequestPipeline;
  /** Settles once the stored session was restored: no request goes out before. */
  readonly #ready: Promise<void>;
  readonly #lifetime = new AbortController();
  readonly #cleanups: Array<() => void>;
  /** The last cart the service confirmed (or another tab shared); `state.cart` adds optimistic lines. */
  #confirmed: Cart | null = null;
  /** When `#confirmed` was confirmed; `0` while it is the last page's cart, not read again yet (`last-cart.ts`). */
  #confirmedAt = 0;
  readonly #quantityChanges = new Map<string, QuantityChanges>();
  readonly #restoring = new Set<string>();
  /** How new the cart shown is among every tab's (`Reply.at`): a reply older than it is stale. */
  #shownAt = 0;
  /** The newest load while it is in flight. */
  #loading: Promise<Cart> | null = null;
  /** The shop's route index, read once (when a drawer first opens). */
  #features: Promise<void> | null = null;
  /** Whether any element asked for the cart already (the first asks; the others share the answer). */
  #asked = false;
  /** Who shows this shop's cart when an element asks for it to open (a drawer registers itself). */
  readonly #openers = new Set<() => void>();
  /** Above zero while this store itself changes the session (restore, sign-in, sign-out). */
  #sessionChanges = 0;
  /** What the actions (`store-actions.ts`) work with, made at the first action. */
  #parts?: StoreParts;

  constructor(config: StoreConfig) {
    this.config = Object.freeze(resolveConfig(config));
    const { baseUrl, namespace, amounts } = this.config;
    this.scope = `${baseUrl}/${namespace}`;
    this.#persistence = createPersistence(this.scope);
    const api = new ApiCore({ baseUrl, namespace, amounts });
    this.#session = new Session(api, this.#persistence, this.config);
    // The last page's cart, at once: the count and the drawer show it until the shop's answer replaces it.
    this.#confirmed = lastCart(this.#persistence, this.#owner(), keptCartKey(this.#persistence), Date.now());
    this.#state = Object.freeze({
      cart: this.#confirmed,
      status: 'idle',
      session: this.#session.state,
      // The estimate is offered only once the route index shows the shop has it.
      features: Object.freeze({ coupons: true, shipping: true, estimate: false, handOver: false }),
      shippingEstimate: null,
      pending: Object.freeze([]),
      notMerged: Object.freeze([]),
    });
    this.#ready = this.#changeSession(() => this.#session.restore()).catch(ignore);
    this.#pipeline = new RequestPipeline({
      api,
      session: this.#session,
      persistence: this.#persistence,
      ready: this.#ready,
      signal: this.#lifetime.signal,
      reread: (lockHeld) => this.#fetchCart(lockHeld),
      dropNotices: () => this.#dropNotices(),
    });
    this.#tabs = syncTabs(this.#persistence, () => this.#owner(), (cart, at) => this.#showFromOtherTab(cart, at));
    const onPageShow = (event: Event) => {
      // Back/forward cache: the page was frozen, the cart may have changed meanwhile.
      if ((event as PageTransitionEvent).persisted) this.#fetchCart().catch(ignore);
    };
    globalThis.addEventListener?.('pageshow', onPageShow);
    // Kept as the shopper leaves the page (or hides it: a phone may end it unseen), not at every
    // answer: one write per page, however many changes.
    const keep = () => {
      if (this.#confirmed && this.#confirmedAt) keepLastCart(this.#persistence, this.#owner(), this.#confirmed, this.#confirmedAt);
    };
    globalThis.addEventListener?.('pagehide', keep);
    globalThis.document?.addEventListener('visibilitychange', keep);
    this.#cleanups = [
      this.#session.subscribe((session) => this.#followSessionChange(session)),
      () => this.#tabs.stop(),
      () => globalThis.removeEventListener?.('pageshow', onPageShow),
      () => globalThis.removeEventListener?.('pagehide', keep),
      () => globalThis.document?.removeEventListener('visibilitychange', keep),
    ];
  }

  get state(): CartState {
    return this.#state;
  }

  /** Hears every change of `state`, once per change, with the state before it. */
  subscribe(listener: StateListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // --- actions --------------------------------------------------------------------------------

  /**
   * Fetches the cart. While a load is in flight, callers share it. A failure sets `status: 'error'`
   * and `error` but keeps the last good cart.
   */
  load(): Promise<Cart> {
    // A customer whose guest lines are still owed (the shop did not answer at the sign-in): the
    // carry-over is tried again first.
    if (this.#session.state.kind !== 'guest' && this.#persistence.read(CARRY_OVER)) return this.#act((a, i) => a.carryGuestLines(i));
    return this.#loading ?? this.#fetchCart();
  }

  addItem(input: AddItemInput): Promise<Cart> {
    return this.#act((a, i) => a.addItem(i, input));
  }

  /**
   * Sets a line's quantity (`0` removes it). The change shows at once; rapid changes on one line are
   * coalesced (the newest value wins, one request per line in flight). Resolves when the service
   * confirmed this value or a newer one; on failure the line returns to what the service confirmed.
   */
  updateQuantity(itemKey: string, quantity: number): Promise<Cart> {
    if (!Number.isFinite(quantity) || quantity < 0) {
      return Promise.reject(new ApiError({ kind: 'http', message: 'Please choose a quantity of zero or more.' }));
    }
    // The new quantity shows in this tick even while the code that sends it is still loading.
    return new Promise((resolve, reject) => {
      let line = this.#quantityChanges.get(itemKey);
      const idle = !line;
      line ??= { wanted: 0, waiters: [] };
      line.wanted = Math.floor(quantity);
      line.waiters.push({ resolve, reject });
      this.#quantityChanges.set(itemKey, line);
      this.#setState(this.#cartWithPendingQuantities());
      if (idle) {
        this.#act((a, i) => a.sendLineQuantities(i, itemKey, line)).catch((error: ApiError) => {
          // The code could not be loaded: the line returns to what the service confirmed.
          this.#quantityChanges.delete(itemKey);
          this.#setState(this.#cartWithPendingQuantities());
          for (const waiter of line.waiters.splice(0)) waiter.reject(error);
        });
      }
    });
  }

  removeItem(itemKey: string): Promise<Cart> {
    return this.updateQuantity(itemKey, 0);
  }

  /** Brings back a recently removed line. */
  restoreItem(itemKey: string): Promise<Cart> {
    // Pending in this tick, even while the code that sends it is still loading.
    const pending = () => this.#setState({ pending: this.#pendingKeys() });
    this.#restoring.add(itemKey);
    pending();
    return this.#act((a, i) => a.restoreItem(i, itemKey)).finally(() => {
      this.#restoring.delete(itemKey);
      pending();
    });
  }

  clear(): Promise<Cart> {
    return this.#act((a, i) => a.clear(i));
  }

  applyCoupon(code: string): Promise<Cart> {
    return this.#act((a, i) => a.applyCoupon(i, code));
  }

  removeCoupon(code: string): Promise<Cart> {
    return this.#act((a, i) => a.removeCoupon(i, code));
  }

  selectShippingRate(packageId: string, rateKey: string): Promise<Cart> {
    return this.#act((a, i) => a.selectShippingRate(i, packageId, rateKey));
  }

  /**
   * Asks the shop for its shipping rates and taxes to `destination` (`cart/update`,
   * `update-customer`), and says in `state.shippingEstimate` whether they are for it: the answer's
   * shipping address must show the country (and state / postcode) sent. When the shop kept its own
   * region (CoCart 4.3.6 moves only the billing address), the outcome is `shop-region` and
   * `features.estimate` turns off for the rest of the session; a field the shop refused (an invalid
   * postcode comes back as an error notice on a 200) makes it `refused`. A shop without the route,
   * or an empty cart (after which the cart is read again), rejects.
   */
  estimateShipping(destination: ShippingDestination): Promise<Cart> {
    return this.#act((a, i) => a.estimateShipping(i, destination));
  }

  /**
   * Signs in, and the guest's lines join the customer's saved cart (architecture §3, "Signing in
   * never loses a line"). A real CoCart server *replaces* a customer's cart with the guest cart
   * when a signed-in request carries the guest key, so the key is sent with credentials only when
   * the customer's saved cart is empty (one carry-over request); otherwise each guest line is added
   * to the customer's cart, and lines that cannot join are named in `state.notMerged`. The guest
   * key is forgotten in every tab. A two-factor challenge rejects with `error.is('2fa_required')`
   * and `error.twoFactor`. A failure after the sign-in itself shows in `state` and does not reject.
   */
  signIn(input: SignInInput): Promise<void> {
    return this.#act((a, i) => a.signIn(i, input));
  }

  /** Signs out everywhere, forgets the cart key and loads a fresh guest cart. A guest keeps their cart. */
  signOut(): Promise<void> {
    return this.#act((a, i) => a.signOut(i));
  }

  /**
   * Loads the cart the first time any element asks for it; the others share that answer. When it
   * finds no cart where `base-url` + `namespace` point (`api/blocked.ts`: loaded at a failed first
   * read), the console says what to check and `wrongAddress` hears it, once per shop.
   */
  loadOnce(wrongAddress?: (error: ApiError) => void): void {
    if (this.#asked) return;
    this.#asked = true;
    // Another tab's cart needs no read; the last page's does.
    if (!this.#confirmedAt) {
      this.load().catch((error: ApiError) =>
        import('../api/blocked.js').then(({ explainWrongAddress }) => explainWrongAddress(this.scope, error) && wrongAddress?.(error), ignore),
      );
    }
  }

  /**
   * Learns which add-on routes (coupons, shipping choice) the shop has from its route index, once
   * per page: no request on page load, none when it fails (the controls then stay until a route
   * is found missing).
   */
  discoverFeatures(): Promise<void> {
    return (this.#features ??= this.#act((a, i) => a.discoverFeatures(i)).catch(ignore));
  }
  /** A product (e.g. a mix-and-match box), read with the session's credentials; `signal` cancels it. */
  getProduct(id: number | string, signal?: AbortSignal): Promise<Product> {
    return this.#act((a, i) => a.getProduct(i, id, signal));
  }

  /**
   * Where the checkout link leads: `url` (a drawer's own, when safe) or the shop's checkout, with
   * a guest's cart handed over (`load-cart-param`); never a key for a signed-in customer.
   */
  checkoutHref(url?: string): string {
    const target = safeCheckoutUrl(url) ?? this.config.checkoutUrl;
    const guest = this.#session.state.kind === 'guest';
    return checkoutLink(target, this.config.loadCartParam, guest ? (keptCartKey(this.#persistence) ?? this.#confirmed?.key ?? null) : null);
  }

  /**
   * A signed-in customer's checkout link on a shop that offers the hand-over (CoCart 4.4+): `url`
   * (or the shop's checkout) with the customer's id and the hash of their cart read just now, so
   * they arrive signed in with the saved cart. Guest lines still on their way into the customer's
   * cart (`state.merging`) go in first, and the route index when it is still on its way. The plain
   * link (`checkoutHref()`) on shops without the hand-over or when the index cannot be read; `null`
   * for a guest, when the cart could not be read (then `checkoutHref()` is the link), or while
   * `state.merging` still names lines (the shop cannot be reached: a checkout now would miss them).
   * Never log, keep or pass on the link.
   */
  customerCheckoutHref(url?: string): Promise<string | null> {
    const target = safeCheckoutUrl(url) ?? this.config.checkoutUrl;
    return this.#act((a, i) => a.customerCheckout(i, target, this.config.loadCartParam));
  }

  /** Shows this shop's cart: the drawers of this store that registered with `whenAskedToOpen` open. */
  openCart(): void {
    for (const open of this.#openers) open();
  }

  /** `open` runs when an element asks for this shop's cart to be shown. Returns the unregister function. */
  whenAskedToOpen(open: () => void): () => void {
    this.#openers.add(open);
    return () => this.#openers.delete(open);
  }

  /** Stops hearing other tabs and the page, and cancels requests in flight. */
  dispose(): void {
    this.#lifetime.abort();
    for (const cleanup of this.#cleanups) cleanup();
    this.#persistence.close?.();
    this.#listeners.clear();
  }

  /**
   * Runs an action of `store-actions.ts`: at once when the module is here (so its immediate
   * effects, an optimistic quantity, show in the same tick), else once it has loaded — each action
   * in the order it was called. A module that cannot load rejects with an `ApiError` (`network`).
   */
  #act<T>(run: (actions: StoreActions, parts: StoreParts) => Promise<T>): Promise<T> {
    const parts = (this.#parts ??= {
      send: (call, options) => this.#pipeline.send(call, options),
      session: this.#session,
      state: () => this.#state,
      subscribe: (listener) => this.subscribe(listener),
      discoverFeatures: () => this.discoverFeatures(),
      quantityChanges: this.#quantityChanges,
      ready: this.#ready,
      signal: this.#lifetime.signal,
      set: (patch) => this.#setState(patch),
      reread: (lockHeld) => this.#fetchCart(lockHeld),
      showReply: (reply, patch, evenIfLate) => this.#showReply(reply, patch, evenIfLate),
      withPendingQuantities: () => this.#cartWithPendingQuantities(),
      // A reply to a change that started before the cart on screen (a later reply's, another
      // tab's): that cart may lack the change, and the reply what came after it.
      startedBeforeShown: (reply) => this.#pipeline.current(reply) && reply.at < this.#shownAt,
      guestKey: () => keptCartKey(this.#persistence),
      confirmed: () => this.#confirmed,
      changeSession: (task) => this.#changeSession(task),
      newSession: () => this.#pipeline.newSession(),
      dropNotices: () => this.#dropNotices(),
      startGuestCart: () => this.#startGuestCart(),
      persistence: this.#persistence,
      exclusive: (task) => this.#pipeline.exclusive(task),
    });
    return actions ? run(actions, parts) : loadStoreActions().then((loaded) => run(loaded, parts));
  }

  // --- the cart on screen ---------------------------------------------------------------------

  /** Takes the shop's notices off the cart on screen (they were about an earlier request). */
  #dropNotices(): void {
    if (!this.#confirmed?.notices.length) return;
    this.#confirmed = { ...this.#confirmed, notices: [] };
    this.#setState(this.#cartWithPendingQuantities());
  }

  /** Reads the cart and shows it; `lockHeld` inside the pipeline's `exclusive`. */
  #fetchCart(lockHeld?: boolean): Promise<Cart> {
    this.#setState({ status: 'loading', error: undefined });
    // Only the newest load (the one `load()` shares) sets the status.
    const run: Promise<Cart> = this.#pipeline.send((api, ctx) => api.getCart(ctx), { freshCart: true, lockHeld }).then(
      (reply) => {
        this.#showReply(reply, this.#loading === run ? { status: 'idle', error: undefined } : {});
        // The cart is on screen: the actions can come while the browser has nothing else to do.
        loadWhenIdle();
        return reply.cart;
      },
      (error: ApiError) => {
        // A cancelled load is not a failure the shopper needs to see.
        if (this.#loading === run) this.#setState(error.kind === 'aborted' ? { status: 'idle' } : { status: 'error', error });
        throw error;
      },
    );
    this.#loading = run;
    const done = () => {
      if (this.#loading === run) this.#loading = null;
    };
    run.then(done, done);
    return run;
  }

  // --- state ----------------------------------------------------------------------------------

  /**
   * Takes a reply as the confirmed cart unless a newer one was applied already (or the session
   * changed since its request started), and tells the other tabs.
   */
  #showReply(reply: Reply, patch: Partial<CartState> = {}, evenIfLate = false): void {
    if (!this.#pipeline.current(reply) || (reply.at < this.#shownAt && !evenIfLate)) {
      // The cart stays, but a line that settled no longer shows as pending.
      this.#setState({ ...this.#cartWithPendingQuantities(), ...patch });
      return;
    }
    this.#shownAt = Math.max(this.#shownAt, reply.at);
    this.#showConfirmed(reply.cart, patch);
    this.#tabs.share(reply.cart, reply.at);
  }

  #showConfirmed(cart: Cart | null, patch: Partial<CartState> = {}): void {
    this.#confirmed = cart;
    this.#confirmedAt = Date.now();
    const recovered: Partial<CartState> = this.#state.status === 'error' ? { status: 'idle', error: undefined } : {};
    this.#setState({ ...recovered, ...this.#cartWithPendingQuantities(), ...patch });
  }

  /** `state.cart` (the confirmed cart with each pending line's wanted quantity) and `pending`. */
  #cartWithPendingQuantities(): Pick<CartState, 'cart' | 'pending'> {
    return {
      cart: this.#confirmed && withQuantities(this.#confirmed, this.#quantityChanges),
      pending: this.#pendingKeys(),
    };
  }

  #pendingKeys(): readonly string[] {
    const keys = [...new Set([...this.#quantityChanges.keys(), ...this.#restoring])];
    const previous = this.#state.pending;
    return keys.length === previous.length && keys.every((key, index) => key === previous[index]) ? previous : Object.freeze(keys);
  }

  /** Makes the next state (only when something changed) and tells every listener once. */
  #setState(patch: Partial<CartState>): void {
    const previous = this.#state;
    if ((Object.keys(patch) as Array<keyof CartState>).every((name) => Object.is(patch[name], previous[name]))) return;
    const next: CartState = { ...previous, ...patch };
    if (next.error === undefined) delete next.error;
    this.#state = Object.freeze(next);
    for (const listener of [...this.#listeners]) {
      try {
        listener(next, previous);
      } catch (error) {
        // One broken listener must not keep the others from hearing the change.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** Whose carts this tab shows: the session's kind and customer (a customer without an id too). */
  #owner(): string {
    const { kind, user } = this.#session.state;
    return `${kind}:${user?.id ?? ''}`;
  }

  // --- the session and other tabs -------------------------------------------------------------

  /** After a sign-out: nothing of the customer's cart stays on screen; a fresh guest cart loads. */
  #startGuestCart(): Promise<void> {
    this.#pipeline.newSession();
    // Guest lines still owed to a customer's cart stay this guest's (and the next sign-in's).
    if (!this.#persistence.read(CARRY_OVER)) forgetCartKey(this.#persistence);
    this.#setState({ notMerged: Object.freeze([]) });
    this.#showConfirmed(null);
    return this.#fetchCart().then(ignore, ignore);
  }

  async #changeSession(task: () => Promise<void>): Promise<void> {
    this.#sessionChanges++;
    try {
      await task();
    } catch (error) {
      throw toApiError(error);
    } finally {
      this.#sessionChanges--;
      this.#setState({ session: this.#session.state });
    }
  }

  /** A session change this store did not start (another tab, a failed refresh): follow it. */
  #followSessionChange(session: SessionState): void {
    const previous = this.#state.session;
    this.#setState({ session });
    if (previous.kind === session.kind && previous.user?.id === session.user?.id) return;
    // Another session's last cart is never shown: a sign-in, a sign-out or an ended session leaves none.
    forgetLastCart(this.#persistence);
    if (this.#sessionChanges) return;
    if (session.kind === 'guest') {
      void this.#startGuestCart();
    } else {
      // The tab that signed in carries the guest cart over, and forgets the key once it has.
      this.#pipeline.newSession();
      this.#fetchCart().catch(ignore);
    }
  }

  /** A cart another tab of this session confirmed: shown without a request. */
  #showFromOtherTab(cart: Cart, at: number): void {
    // Messages of several tabs may come in any order: an older cart than the one shown stays unshown.
    // A reply of ours answered before it no longer applies either (`Reply.at`).
    if (at < this.#shownAt) return;
    this.#shownAt = at;
    this.#showConfirmed(cart);
  }
}

// --- the page's shared stores -------------------------------------------------------------------

const stores = new Map<string, CartStore>();

/**
 * The page's store for a shop: one instance per normalised base URL + namespace, whoever asks.
 * The first caller's other options (`auth`, `amounts`, `checkoutUrl`, …) win; later callers with
 * different ones get the existing store as it is.
 */
export function getCartStore(config: StoreConfig): CartStore {
  const scope = storeScope(config);
  let store = stores.get(scope);
  if (!store) {
    store = new CartStore(config);
    stores.set(scope, store);
  }
  return store;
}

/** FOR TESTS ONLY: disposes every shared store, so the next `getCartStore()` builds a new one. */
export function resetCartStores(): void {
  for (const store of stores.values()) store.dispose();
  stores.clear();
}

// --- helpers ------------------------------------------------------------------------------------

function ignore(): void {}
