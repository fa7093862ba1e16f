import { CartApi, type CallContext, type Credentials } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { Cart, CartItem } from '../api/model.js';
import { createPersistence, type Persistence, type SyncMessage } from './persistence.js';
import { Session } from './session.js';
import type {
  AddItemInput,
  CartState,
  ResolvedStoreConfig,
  SessionState,
  SignInInput,
  StateListener,
  StoreConfig,
} from './types.js';

/** Persistence name of the guest cart key. */
const CART_KEY = 'cart-key';

/** A cart the service sent, with when its request started: its number and the session epoch. */
interface Reply {
  cart: Cart;
  seq: number;
  epoch: number;
}

interface Waiter {
  resolve(cart: Cart): void;
  reject(error: ApiError): void;
}

/** One item's quantity changes: the newest value asked for and who waits for it. */
interface Line {
  wanted: number;
  waiters: Waiter[];
}

type Send = (ctx: CallContext) => Promise<Cart>;

/**
 * The cart of one shop (base URL + namespace): immutable state, actions that return promises, and
 * everything the wire rules ask for — the guest cart key, the session's credentials, coalesced
 * quantity changes, optional add-on routes, and the same cart in every tab.
 *
 * Get the page's shared instance with `getCartStore(config)`. Every action resolves with the cart
 * the service confirmed and rejects with an `ApiError`, never another error type.
 */
export class CartStore {
  readonly api: CartApi;
  readonly config: Readonly<ResolvedStoreConfig>;
  readonly session: Session;
  /** Names this shop in storage and in the other tabs' channel: `{baseUrl}/{namespace}`. */
  readonly scope: string;

  #state: CartState;
  readonly #listeners = new Set<StateListener>();
  readonly #persistence: Persistence;
  /** Settles once the stored session was restored: no request goes out before. */
  readonly #ready: Promise<void>;
  readonly #lifetime = new AbortController();
  readonly #cleanups: Array<() => void>;
  /** The last cart the service confirmed (or another tab shared); `state.cart` adds optimistic lines. */
  #confirmed: Cart | null = null;
  readonly #lines = new Map<string, Line>();
  readonly #restoring = new Set<string>();
  /** Requests are numbered as they start; a reply older than the last applied one is stale. */
  #seq = 0;
  #appliedSeq = 0;
  /** Counts session switches: a reply to a request of an earlier session never applies. */
  #epoch = 0;
  /** The newest load while it is in flight. */
  #loading: Promise<Cart> | null = null;
  /** A request without a cart key in flight: the others wait for the key it brings. */
  #keyless: Promise<void> | null = null;
  /** The guest key to carry into the customer's session with the first authenticated cart request. */
  #carryKey: string | null = null;
  /** Above zero while this store itself changes the session (restore, sign-in, sign-out). */
  #sessionChanges = 0;

  constructor(config: StoreConfig) {
    this.config = Object.freeze(resolveConfig(config));
    const { baseUrl, namespace, amounts } = this.config;
    this.scope = `${baseUrl}/${namespace}`;
    this.#persistence = createPersistence(this.scope);
    this.api = new CartApi({ baseUrl, namespace, amounts });
    this.session = new Session(this.api, this.#persistence, this.config);
    this.#state = Object.freeze({
      cart: null,
      status: 'idle',
      session: this.session.state,
      features: Object.freeze({ coupons: true, shipping: true }),
      pending: Object.freeze([]),
    });
    const onPageShow = (event: Event) => {
      // Back/forward cache: the page was frozen, the cart may have changed meanwhile.
      if ((event as PageTransitionEvent).persisted) this.#reload().catch(ignore);
    };
    globalThis.addEventListener?.('pageshow', onPageShow);
    this.#cleanups = [
      this.session.subscribe((session) => this.#followSession(session)),
      this.#persistence.listen((message) => this.#follow(message)),
      () => globalThis.removeEventListener?.('pageshow', onPageShow),
    ];
    this.#ready = this.#changeSession(() => this.session.restore()).catch(ignore);
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
    return this.#loading ?? this.#reload();
  }

  addItem(input: AddItemInput): Promise<Cart> {
    // A kept key the service no longer knows: the item goes into a fresh cart instead.
    return this.#change((ctx) => this.api.addItem(input, ctx), true);
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
    return new Promise((resolve, reject) => {
      let line = this.#lines.get(itemKey);
      const idle = !line;
      line ??= { wanted: 0, waiters: [] };
      line.wanted = Math.floor(quantity);
      line.waiters.push({ resolve, reject });
      this.#lines.set(itemKey, line);
      this.#setState(this.#view());
      if (idle) void this.#sendLine(itemKey, line);
    });
  }

  removeItem(itemKey: string): Promise<Cart> {
    return this.updateQuantity(itemKey, 0);
  }

  /** Brings back a recently removed line. */
  async restoreItem(itemKey: string): Promise<Cart> {
    this.#restoring.add(itemKey);
    this.#setState({ pending: this.#pendingKeys() });
    try {
      return await this.#change((ctx) => this.api.restoreItem(itemKey, ctx));
    } finally {
      this.#restoring.delete(itemKey);
      this.#setState({ pending: this.#pendingKeys() });
    }
  }

  clear(): Promise<Cart> {
    return this.#change((ctx) => this.api.clear(ctx));
  }

  applyCoupon(code: string): Promise<Cart> {
    return this.#optional('coupons', (ctx) => this.api.applyCoupon(code, ctx));
  }

  removeCoupon(code: string): Promise<Cart> {
    return this.#optional('coupons', (ctx) => this.api.removeCoupon(code, ctx));
  }

  selectShippingRate(packageId: string, rateKey: string): Promise<Cart> {
    return this.#optional('shipping', (ctx) => this.api.setShippingMethod(packageId, rateKey, ctx));
  }

  /**
   * Signs in and carries the guest cart into the customer's session. A two-factor challenge rejects
   * with `error.is('2fa_required')` and `error.twoFactor`. Once signed in, the customer's cart is
   * loaded; a failure of that load shows in `state` and does not reject the sign-in.
   */
  async signIn(input: SignInInput): Promise<void> {
    await this.#ready;
    const guestKey = this.session.state.kind === 'guest' ? this.#keptKey() : null;
    await this.#changeSession(() => this.session.signIn(input, guestKey));
    this.#switched(guestKey);
    await this.#reload().catch(ignore);
  }

  /** Signs out everywhere, forgets the cart key and loads a fresh guest cart. A guest keeps their cart. */
  async signOut(): Promise<void> {
    await this.#ready;
    const guest = () => this.session.state.kind === 'guest';
    if (guest()) return;
    try {
      await this.#changeSession(() => this.session.signOut());
    } finally {
      if (guest()) await this.#startGuestCart();
    }
  }

  /** Stops hearing other tabs and the page, and cancels requests in flight. */
  dispose(): void {
    this.#lifetime.abort();
    for (const cleanup of this.#cleanups) cleanup();
    this.#persistence.close?.();
    this.#listeners.clear();
  }

  // --- requests -------------------------------------------------------------------------------

  /**
   * Every request goes through here: credentials from the session, the cart key by the wire rules,
   * one repeat after the session recovered from an authentication failure, and — when the service
   * no longer knows the key — the key forgotten (and with `freshCart`, one repeat without it).
   */
  async #call(send: Send, freshCart = false): Promise<Reply> {
    await this.#ready;
    let recovered = false;
    let keyDropped = false;
    for (;;) {
      let credentials: Credentials = { kind: 'none' };
      let guest = true;
      let cartKey: string | null = null;
      try {
        credentials = await this.session.credentials();
        guest = this.session.state.kind === 'guest';
        if (guest) {
          while (this.#keyless && !this.#keptKey()) await this.#keyless;
          cartKey = this.#keptKey();
        } else {
          cartKey = this.#carryKey;
          this.#carryKey = null;
        }
        const seq = ++this.#seq;
        const epoch = this.#epoch;
        const keyless = guest && !cartKey;
        const request = send({ credentials, cartKey, signal: this.#lifetime.signal });
        if (keyless) {
          // Until it settles, other guest requests wait for the key it brings.
          const settled = request.then((cart) => this.#keepKey(cart.key), ignore);
          this.#keyless = settled;
          void settled.then(() => {
            if (this.#keyless === settled) this.#keyless = null;
          });
        }
        return { cart: await request, seq, epoch };
      } catch (caught) {
        const error = toApiError(caught);
        // The service did not take a carried key it never saw or refused: carry it next time.
        if (!guest && cartKey && (isUnsent(error) || error.kind === 'auth')) this.#carryKey ??= cartKey;
        if (error.kind === 'auth' && !recovered) {
          recovered = true;
          if (await this.session.recover(error, credentials).catch(() => false)) continue;
        } else if (cartKey && !keyDropped && isLostCart(error)) {
          keyDropped = true;
          if (guest) this.#forgetKey();
          if (freshCart) continue;
          this.#reload().catch(ignore);
        }
        // What the shop said about an earlier request must not stand beside this failure.
        if (this.#confirmed?.notices.length && error.kind !== 'aborted') {
          this.#confirmed = { ...this.#confirmed, notices: [] };
          this.#setState(this.#view());
        }
        throw error;
      }
    }
  }

  #reload(): Promise<Cart> {
    this.#setState({ status: 'loading', error: undefined });
    // Only the newest load (the one `load()` shares) sets the status.
    const run: Promise<Cart> = this.#call((ctx) => this.api.getCart(ctx), true).then(
      (reply) => {
        this.#apply(reply, this.#loading === run ? { status: 'idle', error: undefined } : {});
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

  async #change(send: Send, freshCart = false): Promise<Cart> {
    return this.#settle(await this.#call(send, freshCart));
  }

  /** An add-on route: a 404 `rest_no_route` means the shop does not have it. */
  async #optional(feature: keyof CartState['features'], send: Send): Promise<Cart> {
    try {
      return await this.#change(send);
    } catch (caught) {
      const error = caught as ApiError;
      if (error.status === 404 && error.is('rest_no_route')) {
        this.#setState({ features: Object.freeze({ ...this.#state.features, [feature]: false }) });
      }
      throw error;
    }
  }

  /** Sends a line's newest wanted quantity until no newer one waits; one request in flight per line. */
  async #sendLine(itemKey: string, line: Line): Promise<void> {
    const { waiters } = line;
    while (waiters.length) {
      const batch: Waiter[] = [];
      let reply: Reply;
      try {
        reply = await this.#call((ctx) => {
          // Read at send time, so changes made while waiting for credentials ride along.
          const quantity = line.wanted;
          batch.push(...waiters.splice(0));
          return quantity ? this.api.updateItem(itemKey, quantity, ctx) : this.api.removeItem(itemKey, ctx);
        });
      } catch (caught) {
        this.#lines.delete(itemKey);
        this.#setState(this.#view());
        for (const waiter of [...batch, ...waiters.splice(0)]) waiter.reject(caught as ApiError);
        return;
      }
      // A newer value that equals what the service now holds needs no request of its own.
      if (waiters.length && line.wanted === quantityOf(reply.cart, itemKey)) batch.push(...waiters.splice(0));
      if (waiters.length) this.#apply(reply);
      // The line's final reply: if late, the wanted quantity shows until a fresh cart is in.
      else {
        await this.#settle(reply, () => {
          // Unless the shopper changed the line again meanwhile, it is no longer pending.
          if (!waiters.length) this.#lines.delete(itemKey);
        });
      }
      for (const waiter of batch) waiter.resolve(reply.cart);
    }
  }

  // --- state ----------------------------------------------------------------------------------

  /**
   * A reply to a change that started before the cart on screen (a later reply's, another tab's):
   * that cart may lack the change, and the reply what came after it. Changes that get one load the
   * cart again instead of applying it.
   */
  #isLate(reply: Reply): boolean {
    return reply.epoch === this.#epoch && reply.seq < this.#appliedSeq;
  }

  /**
   * Takes a reply as the confirmed cart unless a newer one was applied already (or the session
   * changed since its request started), and tells the other tabs.
   */
  #apply(reply: Reply, patch: Partial<CartState> = {}, evenIfLate = false): void {
    if (reply.epoch !== this.#epoch || (reply.seq < this.#appliedSeq && !evenIfLate)) {
      // The cart stays, but a line that settled no longer shows as pending.
      this.#setState({ ...this.#view(), ...patch });
      return;
    }
    this.#appliedSeq = Math.max(this.#appliedSeq, reply.seq);
    this.#confirm(reply.cart, patch);
    this.#persistence.post({ type: 'cart', cart: reply.cart, owner: this.#owner() });
  }

  /**
   * The reply to a change: applied, unless it is late — then the cart is loaded again instead, and
   * only if that fails is the reply shown after all (it holds its change), with the failed load
   * left in `status`/`error` so the shopper can load again. `release` runs just before the reply is
   * applied. Resolves with the cart now confirmed.
   */
  async #settle(reply: Reply, release: () => void = ignore): Promise<Cart> {
    let cart = reply.cart;
    let unreloaded = false;
    if (this.#isLate(reply)) cart = await this.#reload().catch(() => ((unreloaded = true), reply.cart));
    release();
    const { status, error } = this.#state;
    this.#apply(reply, unreloaded ? { status, error } : {}, unreloaded);
    return cart;
  }

  #confirm(cart: Cart | null, patch: Partial<CartState> = {}): void {
    this.#confirmed = cart;
    const recovered: Partial<CartState> = this.#state.status === 'error' ? { status: 'idle', error: undefined } : {};
    this.#setState({ ...recovered, ...this.#view(), ...patch });
  }

  /** `state.cart` (the confirmed cart with each pending line's wanted quantity) and `pending`. */
  #view(): Pick<CartState, 'cart' | 'pending'> {
    return {
      cart: this.#confirmed && withQuantities(this.#confirmed, this.#lines),
      pending: this.#pendingKeys(),
    };
  }

  #pendingKeys(): readonly string[] {
    const keys = [...new Set([...this.#lines.keys(), ...this.#restoring])];
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
    const { kind, user } = this.session.state;
    return `${kind}:${user?.id ?? ''}`;
  }

  // --- cart key -------------------------------------------------------------------------------

  #keptKey(): string | null {
    const key = this.#persistence.read(CART_KEY);
    return isCartKey(key) ? key : null;
  }

  /** Keeps the service's key unless one is kept already (the first response's key wins). */
  #keepKey(key: string | null): void {
    if (isCartKey(key) && !this.#keptKey() && this.session.state.kind === 'guest') this.#shareKey(key);
  }

  #forgetKey(): void {
    if (this.#persistence.read(CART_KEY) !== null) this.#shareKey(null);
  }

  #shareKey(key: string | null): void {
    this.#persistence.write(CART_KEY, key);
    this.#persistence.post({ type: 'cart-key', key });
  }

  // --- session and other tabs -----------------------------------------------------------------

  /** Another session began: replies to earlier requests no longer apply, the guest key goes (or is carried). */
  #switched(carryKey: string | null): void {
    this.#epoch++;
    this.#carryKey = carryKey;
    this.#forgetKey();
  }

  /** After a sign-out: nothing of the customer's cart stays on screen; a fresh guest cart loads. */
  #startGuestCart(): Promise<void> {
    this.#switched(null);
    this.#confirm(null);
    return this.#reload().then(ignore, ignore);
  }

  async #changeSession(task: () => Promise<void>): Promise<void> {
    this.#sessionChanges++;
    try {
      await task();
    } catch (error) {
      throw toApiError(error);
    } finally {
      this.#sessionChanges--;
      this.#setState({ session: this.session.state });
    }
  }

  /** A session change this store did not start (another tab, a failed refresh): follow it. */
  #followSession(session: SessionState): void {
    const previous = this.#state.session;
    this.#setState({ session });
    if ((previous.kind === session.kind && previous.user?.id === session.user?.id) || this.#sessionChanges) return;
    if (session.kind === 'guest') {
      void this.#startGuestCart();
    } else {
      // The tab that signed in carried the guest cart; this one only drops the key.
      this.#switched(null);
      this.#reload().catch(ignore);
    }
  }

  /** What another tab of this shop posted: applied without a request. */
  #follow(message: SyncMessage): void {
    if (message.type === 'cart-key') {
      if (message.key === null || isCartKey(message.key)) this.#persistence.write(CART_KEY, message.key);
    } else if (message.type === 'cart' && isCart(message.cart)) {
      // Another session's cart (a Basic sign-in is not shared), or two tabs starting guest carts
      // at once: only the cart of this session and of the key kept is shown.
      const kept = this.#keptKey();
      if (message.owner !== this.#owner() || (kept && message.cart.key && message.cart.key !== kept)) return;
      // Newer than any reply to a request of ours in flight: those no longer apply (or re-post).
      this.#appliedSeq = this.#seq + 1;
      this.#confirm(message.cart);
    }
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

/** The name a shop's store, storage and tab channel share: `{normalised baseUrl}/{namespace}`. */
export function storeScope(config: Pick<StoreConfig, 'baseUrl' | 'namespace'>): string {
  return `${normaliseBaseUrl(config.baseUrl)}/${normaliseNamespace(config.namespace)}`;
}

function resolveConfig(config: StoreConfig): ResolvedStoreConfig {
  const baseUrl = normaliseBaseUrl(config.baseUrl);
  return {
    baseUrl,
    namespace: normaliseNamespace(config.namespace),
    auth: config.auth ?? 'bearer',
    amounts: config.amounts ?? 'auto',
    checkoutUrl: config.checkoutUrl || defaultCheckoutUrl(baseUrl),
    credentialsInQuery: config.credentialsInQuery ?? false,
  };
}

function normaliseBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl, globalThis.location?.href);
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}

function normaliseNamespace(namespace: string | undefined): string {
  return namespace?.replace(/^\/+|\/+$/g, '') || 'svc';
}

/** WooCommerce's checkout page: `/checkout/` beside the REST root (`…/wp-json`), else at the origin. */
function defaultCheckoutUrl(baseUrl: string): string {
  const site = baseUrl.replace(/\/wp-json$/, '');
  return site === baseUrl ? new URL('/checkout/', baseUrl).href : `${site}/checkout/`;
}

// --- helpers ------------------------------------------------------------------------------------

function ignore(): void {}

function toApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError({ kind: 'invalid-response', message: 'Something went wrong. Please try again.', cause: error });
}

/** The service no longer knows the cart key we sent (spec: 404 cart_not_found, 400 invalid_parameter). */
function isLostCart(error: ApiError): boolean {
  return (error.status === 404 && error.is('cart_not_found')) || (error.status === 400 && error.is('invalid_parameter'));
}

/** Failures where the request may never have reached the service. */
function isUnsent(error: ApiError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted';
}

/** A key as the service issues them; anything else in storage is corruption and is ignored. */
function isCartKey(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 256 && !/\s/.test(value);
}

function isCart(value: unknown): value is Cart {
  const cart = value as Partial<Cart> | null;
  return !!cart && typeof cart === 'object' && Array.isArray(cart.items) && !!cart.totals && !!cart.currency;
}

function quantityOf(cart: Cart, itemKey: string): number {
  return cart.items.find((item) => item.key === itemKey)?.quantity.value ?? 0;
}

/**
 * The cart as the shopper expects it while quantity changes are in flight: each pending line (and a
 * mix-and-match container's children) at its wanted quantity, totals pro rata, lines at 0 gone.
 */
function withQuantities(cart: Cart, lines: ReadonlyMap<string, Line>): Cart {
  const factors = new Map<string, number>();
  for (const { key, quantity } of cart.items) {
    const wanted = lines.get(key)?.wanted;
    if (wanted !== undefined && wanted !== quantity.value && quantity.value > 0) factors.set(key, wanted / quantity.value);
  }
  if (!factors.size) return cart;
  let { itemCount } = cart;
  const items = cart.items.flatMap((item): CartItem[] => {
    const factor = factors.get(item.key) ?? factors.get(item.mnm?.container ?? '');
    if (factor === undefined) return [item];
    const { quantity, totals } = item;
    const value = Math.round(quantity.value * factor);
    itemCount += value - quantity.value;
    const scale = (amount: number) => Math.round(amount * factor);
    const { subtotal, subtotalTax, total, tax } = totals;
    return value > 0
      ? [{ ...item, quantity: { ...quantity, value }, totals: { subtotal: scale(subtotal), subtotalTax: scale(subtotalTax), total: scale(total), tax: scale(tax) } }]
      : [];
  });
  return { ...cart, items, itemCount };
}
