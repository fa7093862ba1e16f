import { ShopConnection } from '../api/shop-connection.js';
import { ApiError } from '../api/errors.js';
import type { Cart, Product } from '../api/model.js';
import { CARRY_OVER, keptCartKey } from './cart-key.js';
import { CartOwner, ownerOf } from './cart-owner.js';
import { CartView } from './cart-view.js';
import { checkoutLink, resolveConfig, safeCheckoutUrl, storeScope } from './config.js';
import { keepLastCart, lastCart } from './last-cart.js';
import { actions, loadStoreActions, loadWhenIdle } from './load-store-actions.js';
import { createPersistence, type Persistence } from './persistence.js';
import { RequestPipeline } from './request-pipeline.js';
import { Session } from './session.js';
import { readShopTextWithThePage } from './shop-text.js';
import { syncTabs } from './tab-sync.js';
import type { AddItemInput } from '../api/routes.js';
import type { ResolvedStoreConfig, StoreConfig } from './config.js';
import type { SignInInput } from './session.js';
import type { CartState, ShippingDestination, StateListener } from './state.js';
import type { StoreActions } from './store-actions.js';
import type { StoreCore } from './store-core.js';

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

  /** The store's parts, each a concept of its own file (`store-core.ts`). */
  readonly #core: StoreCore;
  /** What the shopper's actions run on (`store-actions.ts`), made once its module is here. */
  #actions?: StoreActions;
  readonly #lifetime = new AbortController();
  readonly #cleanups: Array<() => void>;
  /** Whether any element asked for the cart already (the first asks; the others share the answer). */
  #asked = false;
  /** Who shows this shop's cart when an element asks for it to open (a drawer registers itself). */
  readonly #openers = new Set<() => void>();

  constructor(config: StoreConfig) {
    this.config = Object.freeze(resolveConfig(config));
    const { baseUrl, namespace, amounts } = this.config;
    this.scope = `${baseUrl}/${namespace}`;
    const persistence = createPersistence(this.scope);
    const api = new ShopConnection({ baseUrl, namespace, amounts });
    const session = new Session(api, persistence, this.config);
    const tabs = syncTabs(persistence, () => owner.key, (cart, at) => view.showFromOtherTab(cart, at));
    // The view reads through the pipeline, which rereads through the view: the pipeline is made below.
    let pipeline: RequestPipeline;
    const view = new CartView(
      {
        // The last page's cart, at once: the count and the drawer show it until the shop's answer replaces it.
        cart: lastCart(persistence, ownerOf(session.state), keptCartKey(persistence), Date.now()),
        status: 'idle',
        session: session.state,
        // The estimate is offered only once the route index shows the shop has it.
        features: Object.freeze({ coupons: true, shipping: true, estimate: false, handOver: false }),
        shippingEstimate: null,
        pending: Object.freeze([]),
        notMerged: Object.freeze([]),
      },
      {
        get pipeline() {
          return pipeline;
        },
        share: (cart, at) => tabs.share(cart, at),
        // The cart is on screen: the actions can come while the browser has nothing else to do.
        shown: loadWhenIdle,
      },
    );
    const owner = new CartOwner(session, view, persistence);
    const ready = owner.change(() => session.restore()).catch(ignore);
    pipeline = new RequestPipeline({
      api,
      session,
      persistence,
      ready,
      signal: this.#lifetime.signal,
      reread: (lockHeld) => view.read(lockHeld),
      dropNotices: () => view.dropNotices(),
    });
    this.#core = { api, pipeline, view, session, owner, persistence, ready };
    const onPageShow = (event: Event) => {
      // Back/forward cache: the page was frozen, the cart may have changed meanwhile.
      if ((event as PageTransitionEvent).persisted) view.read().catch(ignore);
    };
    globalThis.addEventListener?.('pageshow', onPageShow);
    // Kept as the shopper leaves the page (or hides it: a phone may end it unseen), not at every
    // answer: one write per page, however many changes.
    const keep = () => {
      if (view.confirmed && view.confirmedAt) keepLastCart(persistence, owner.key, view.confirmed, view.confirmedAt);
    };
    globalThis.addEventListener?.('pagehide', keep);
    globalThis.document?.addEventListener('visibilitychange', keep);
    this.#cleanups = [
      session.subscribe((state) => owner.follow(state)),
      () => tabs.stop(),
      () => globalThis.removeEventListener?.('pageshow', onPageShow),
      () => globalThis.removeEventListener?.('pagehide', keep),
      () => globalThis.document?.removeEventListener('visibilitychange', keep),
      () => persistence.close?.(),
      () => view.stop(),
    ];
  }

  get state(): CartState {
    return this.#core.view.state;
  }

  /** Hears every change of `state`, once per change, with the state before it. */
  subscribe(listener: StateListener): () => void {
    return this.#core.view.subscribe(listener);
  }

  // --- actions --------------------------------------------------------------------------------

  /**
   * Fetches the cart. While a load is in flight, callers share it. A failure sets `status: 'error'`
   * and `error` but keeps the last good cart.
   */
  load(): Promise<Cart> {
    // A customer whose guest lines are still owed (the shop did not answer at the sign-in): the
    // carry-over is tried again first.
    const { session, persistence, view } = this.#core;
    if (session.state.kind !== 'guest' && persistence.read(CARRY_OVER)) return this.#act((actions) => actions.carryGuestLines());
    return view.load();
  }

  addItem(input: AddItemInput): Promise<Cart> {
    return this.#act((actions) => actions.changes.addItem(input));
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
    const { view } = this.#core;
    return new Promise((resolve, reject) => {
      // The line, when nothing of it was in flight: its sending starts here.
      const line = view.wantQuantity(itemKey, Math.floor(quantity), { resolve, reject });
      view.set(view.withPendingQuantities());
      if (line) {
        this.#act((actions) => actions.changes.sendQuantities(itemKey, line)).catch((error: ApiError) => {
          // The code could not be loaded: the line returns to what the service confirmed.
          view.quantities.delete(itemKey);
          view.set(view.withPendingQuantities());
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
    const { view } = this.#core;
    const { restoring } = view;
    const pending = () => view.set({ pending: view.pendingKeys() });
    restoring.add(itemKey);
    pending();
    return this.#act((actions) => actions.changes.restoreItem(itemKey)).finally(() => {
      restoring.delete(itemKey);
      pending();
    });
  }

  clear(): Promise<Cart> {
    return this.#act((actions) => actions.changes.clear());
  }

  applyCoupon(code: string): Promise<Cart> {
    return this.#act((actions) => actions.features.applyCoupon(code));
  }

  removeCoupon(code: string): Promise<Cart> {
    return this.#act((actions) => actions.features.removeCoupon(code));
  }

  selectShippingRate(packageId: string, rateKey: string): Promise<Cart> {
    return this.#act((actions) => actions.features.selectShippingRate(packageId, rateKey));
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
    return this.#act((actions) => actions.features.estimateShipping(destination));
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
    return this.#act((actions) => actions.signIn(input));
  }

  /** Signs out everywhere, forgets the cart key and loads a fresh guest cart. A guest keeps their cart. */
  signOut(): Promise<void> {
    return this.#act((actions) => actions.signOut());
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
    if (!this.#core.view.confirmedAt) {
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
    return this.#act((actions) => actions.features.discover()).catch(ignore);
  }
  /** A product (e.g. a mix-and-match box), read with the session's credentials; `signal` cancels it. */
  getProduct(id: number | string, signal?: AbortSignal): Promise<Product> {
    return this.#act((actions) => actions.getProduct(id, signal));
  }

  /**
   * Where the checkout link leads: `url` (a drawer's own, when safe) or the shop's checkout, with
   * a guest's cart handed over (`load-cart-param`); never a key for a signed-in customer.
   */
  checkoutHref(url?: string): string {
    const target = safeCheckoutUrl(url) ?? this.config.checkoutUrl;
    const { session, persistence, view } = this.#core;
    const guest = session.state.kind === 'guest';
    return checkoutLink(target, this.config.loadCartParam, guest ? (keptCartKey(persistence) ?? view.confirmed?.key ?? null) : null);
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
    return this.#act((actions) => actions.customerCheckout(target, this.config.loadCartParam));
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
  }

  /**
   * Runs an action of `store-actions.ts`: at once when the module is here (so its immediate
   * effects, an optimistic quantity, show in the same tick), else once it has loaded — each action
   * in the order it was called. A module that cannot load rejects with an `ApiError` (`network`).
   */
  #act<T>(run: (actions: StoreActions) => Promise<T>): Promise<T> {
    const make = (module: NonNullable<typeof actions>) => (this.#actions ??= new module.StoreActions(this.#core));
    return actions ? run(make(actions)) : loadStoreActions().then((loaded) => run(make(loaded)));
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
