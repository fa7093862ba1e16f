import type { RequestHandler } from 'msw';
import { createMockAuth, type MockAuth, type MockAuthOptions } from './auth.js';
import { TokenBook } from './auth-state.js';
import { CartBook } from './cart-state.js';
import { CURRENCIES, type MockCurrencyCode } from './currency.js';
import { cartHandlers, namespaceIndexHandler, noRouteHandler, productHandlers, type IndexedRoute } from './handlers.js';
import type { MockShape } from './purchase-rules.js';
import { createRouteBuilder, type LoggedRequest } from './routing.js';
import { createShopContext, type CustomerResolver, type MockShopContext } from './shop-context.js';
import { DEFAULT_STORAGE_KEY, SavedState } from './storage.js';

export { PRODUCT_IDS, PRODUCTS } from './catalog.js';
export { COUPONS, FREE_SHIPPING_MIN, HANDLING_FEE, PACKAGES, TAX } from './shop-settings.js';
export type { CartBook, CartLine, CartRecord, RemovedEntry } from './cart-state.js';
export type { TokenBook } from './auth-state.js';
export type { MockCurrencyCode } from './currency.js';
export { ShopError, shopError, coreError, CRITICAL_ERROR_MESSAGE } from './errors.js';
export type { MockShape } from './purchase-rules.js';
export type { LoggedRequest, RouteArgs, RouteBuilder, RouteMethod, RouteResolver } from './routing.js';
export { jsonResponse } from './routing.js';
export type { CustomerResolver, MockShopContext } from './shop-context.js';
export { createMockAuth, DEFAULT_KEY_PAIR, type MockAuth, type MockAuthOptions, type MockKeyPair } from './auth.js';
export { DEFAULT_USERS, type MockTwoFactorSettings, type MockUser } from './auth-users.js';
export { EMAIL_CODE_LIFETIME_MS, MockInbox, defaultProvider, type InboxMessage } from './auth-two-factor.js';
export { showInbox } from './auth-inbox-view.js';
export { totp } from './totp.js';

/**
 * Adds routes (and who-is-signed-in) to the fake shop: the auth routes plug in this way. Called once
 * by `createMockShop` with the shop's context; build routes with `shop.route`.
 */
export type MockShopExtension = (shop: MockShopContext) => {
  /** Matched before the cart routes. */
  handlers?: RequestHandler[];
  /** Becomes the shop's default `resolveCustomer`. */
  resolveCustomer?: CustomerResolver;
  /** Called by `MockShop.reset()`: forget sessions, tokens, … */
  reset?: () => void;
  /** Whether a user id is a registered user (real shape: a guest sending it as `cart_key` gets 403). */
  isUser?: (id: string) => boolean;
  /** The extension's routes under `v2/`, for the namespace index (`GET {ns}/v2`). */
  routes?: IndexedRoute[];
};

export interface MockShopOptions {
  /** Where the shop's REST API lives. Default `https://shop.test/wp-json`. */
  baseUrl?: string;
  /** Route namespace; error codes are prefixed with it (`svc_…`, `cocart_…`). Default `svc`. */
  namespace?: string;
  /**
   * `document` (spec/service-interface.md, default) or `real`: CoCart 4.3.6 as the store in
   * `shared/realworld` answers (spec/real-world-notes.md, `fixtures/server/*`). In `real` shape:
   * - cart keys: an unknown key is an empty cart under that same key (200, never 404); odd
   *   characters are dropped (`bad key!<>` → `badkey`); a signed-in request (bearer or Basic)
   *   carrying a guest `cart_key` REPLACES the customer's cart with the guest cart and deletes it,
   *   an unknown key EMPTIES the customer's cart; login ignores `cart_key`; a customer sending
   *   their own id as `cart_key` gets 403 `cocart_already_authenticating_user`, a guest sending a
   *   customer's id 403 `cocart_must_authenticate_user` (`{ success: false, data: [{code, message}] }`).
   *   Headers `CoCart-API-Cart-Key`, `CoCart-API-Cart-Expiring`, `CoCart-API-Cart-Expiration`.
   * - errors: 405 `cocart_quantity_invalid_amount` (over stock, below 1, more than one of a
   *   product sold individually), 404 `cocart_product_out_of_stock`, 404
   *   `cocart_not_enough_stock_remaining`, 400 `cocart_add_to_cart_error` ending in "View cart",
   *   400 `cocart_invalid_product`, 404 `cocart_no_variation_found`, 404 `cocart_item_not_in_cart`
   *   (restore: `cocart_item_restored_to_cart`), quantity 0 on update is a 405 (no removal),
   *   `rest_invalid_param` with `details`; login: unknown username → 500 with an empty body, wrong
   *   password → 401 naming the username, credentials only in a JSON body → 401
   *   `cocart_rest_not_authorized`; token routes answer `{code, message, data: {status}}`.
   * - notices worded as 4.3.6 (`"Mug" has been removed from cart.`, none on update, `Cart is
   *   cleared.` as a `notice`); `currency_symbol_pos` is `currency_prefix` / `currency_suffix`.
   * - `POST cart/update` (`update-customer`, `update-cart`), see `shippingFollowsCustomer`.
   */
  shape?: MockShape;
  /** Currency of the shop. Default `USD`; `EUR` writes `1.234,50 €`, `JPY` has no decimals. */
  currency?: MockCurrencyCode;
  /**
   * Keeps the shop's carts and sign-in sessions across reloads (the demo passes `localStorage`).
   * Shops on the same storage and key act as one server: each request first takes in what the
   * others saved, so the tabs of one origin share carts and sessions. Default `null`: memory only.
   */
  storage?: Storage | null;
  /** Key the state is saved under in `storage`. Default `cart-widget-mock`. */
  storageKey?: string;
  /**
   * Whether the shop has CoCart Plus, the add-on with the coupon and shipping-choice routes.
   * `false` is a core-only store (the free CoCart 4.3.6): `POST cart/apply-coupon`,
   * `DELETE cart/coupons/{code}` and `POST cart/set-shipping-method` answer 404 `rest_no_route`
   * ("No route was found matching the URL and request method.") and the namespace index
   * (`GET {ns}/v2`) does not list them. Applied coupons and rates still show in the cart.
   * Default `true`.
   */
  addOns?: boolean;
  /** Older name of `addOns`: `coupons: false` takes the coupon AND the shipping-choice routes away. */
  coupons?: boolean;
  /**
   * Real shape, `POST cart/update` with `namespace: "update-customer"`: whether the shipping
   * destination follows the address sent. Default `false`, as CoCart 4.3.6: only the billing
   * address moves, rates and `formatted_destination` keep the shop's own region, and any `s_…` /
   * `shipping_…` field sent is wiped to empty (the shipping packages then vanish). `true`: a shop
   * where it works (a fixed release or a filter): billing and shipping both take the address
   * (`s_…` fields set the shipping side on their own), `formatted_destination` names it and the
   * rates follow the country (outside the shop's country: only "International flat rate", 1500
   * minor units).
   */
  shippingFollowsCustomer?: boolean;
  /**
   * Real shape: writes to one cart race as on CoCart (spec/real-world-notes.md, "Writes to one cart
   * race"). Each cart request — every write, and `GET v2/cart` too, as a real shop saves the cart
   * a read loaded — reads the cart when it arrives, works on that copy for `writeTime` ms and then
   * saves the whole cart: last writer wins. So a write that overlaps another write, or a read, is
   * lost, answered 200 with nothing said; requests sent one after another all count. Default `true` in the real shape (that is what the real
   * store does); `false` applies each write on its own, however they overlap. The document shape
   * never races.
   */
  writeRace?: boolean;
  /** With `writeRace`: how long a cart request takes between reading and saving the cart, ms. Default 20. */
  writeTime?: number;
  /** Delay before each response, ms. Default 0. */
  latency?: number;
  /** Who is signed in on a request; overrides any extension's. Default: everyone is a guest. */
  resolveCustomer?: CustomerResolver;
  /** Route sets to add, e.g. the auth routes. */
  extensions?: MockShopExtension[];
  /**
   * The sign-in side (login with two-factor, JWTs, refresh, logout, admin sessions): its users,
   * clock, token lifetimes and key pair. Default: on, with `DEFAULT_USERS`; `false` leaves it out.
   * `auth: { tokenFailure: 'critical-error' }` answers every invalid, expired or revoked bearer
   * token with PHP's 500 `internal_server_error` "critical error" page, on every route, as JWT
   * Authentication 3.0.3 ships on core 4.3.x; the default (`'rejected'`) is 401 in the document
   * shape and 403 `cocart_authentication_error` in the real shape.
   */
  auth?: MockAuthOptions | false;
}

/** A stateful fake of the cart service, as msw handlers. */
export interface MockShop {
  /** Pass to `setupWorker(...shop.handlers)` (or `setupServer`). */
  readonly handlers: RequestHandler[];
  /** Every cart the shop holds (look inside, or `create()` one to use as a `cart_key`). */
  readonly carts: CartBook;
  /** Requests seen since the last `reset()`, oldest first: assert on what went over the wire. */
  readonly requests: LoggedRequest[];
  readonly shape: MockShape;
  /** Switches the wire shape for the following responses. */
  setShape(shape: MockShape): void;
  /** Who is signed in on a request; assign to sign customers in without the auth routes. */
  resolveCustomer: CustomerResolver;
  /** Absolute URL of a route: `url('v2/cart')` → `https://shop.test/wp-json/svc/v2/cart`. */
  url(path: string): string;
  /** The sign-in side: its users and the inbox of e-mails it sent; `null` with `auth: false`. */
  readonly auth: MockAuth | null;
  /** Forgets every cart and logged request; shape and `resolveCustomer` return to their initial values. */
  reset(): void;
}

/**
 * Creates the fake shop. Routes (under `{baseUrl}/{namespace}/`): `GET v2/cart`,
 * `POST v2/cart/add-item`, `POST|DELETE|PUT v2/cart/item/{key}` (update, remove, restore),
 * `POST v2/cart/clear`, `POST v2/cart/apply-coupon`, `DELETE v2/cart/coupons/{code}`,
 * `POST v2/cart/set-shipping-method` (these three not with `addOns: false`), `POST v2/cart/update`
 * (real shape), `GET v2/products`, `GET v2/products/{id}`, `GET v2` (the namespace index, as
 * WordPress lists a namespace's routes); anything else
 * under the namespace answers 404 `rest_no_route`. With `auth` (on by default): `POST v2/login`,
 * `POST v2/logout`, `POST jwt/validate-token`, `POST jwt/refresh-token`, `GET v2/sessions` (see
 * `auth.ts`). The catalogue is described in `catalog.ts`.
 */
export function createMockShop(options: MockShopOptions = {}): MockShop {
  const baseUrl = (options.baseUrl ?? 'https://shop.test/wp-json').replace(/\/+$/, '');
  const namespace = (options.namespace ?? 'svc').replace(/^\/+|\/+$/g, '');
  const initialShape = options.shape ?? 'document';
  const storage = options.storage ?? null;
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const saved = new SavedState(storage, storageKey);
  const persist = () => saved.save();
  const carts = new CartBook(saved.state, persist);
  const tokens = new TokenBook(saved.state, persist);
  const requests: LoggedRequest[] = [];
  let shape = initialShape;

  const route = createRouteBuilder({
    baseUrl,
    namespace,
    latency: () => options.latency ?? 0,
    log: requests,
    before: () => saved.catchUp(),
    after: persist,
    shape: () => shape,
  });
  let extensions: ReturnType<MockShopExtension>[] = [];
  const context = createShopContext({
    baseUrl,
    namespace,
    currency: CURRENCIES[options.currency ?? 'USD'],
    addOns: (options.addOns ?? true) && (options.coupons ?? true),
    shippingFollowsCustomer: options.shippingFollowsCustomer ?? false,
    isUser: (id) => extensions.some((ext) => ext.isUser?.(id) ?? false),
    shape: () => shape,
    carts,
    tokens,
    route,
    resolveCustomer: (request) => shop.resolveCustomer(request),
    writeRace: options.writeRace ?? true,
    writeTime: Math.max(0, options.writeTime ?? 20),
    catchUp: () => saved.catchUp(),
  });
  let auth: MockAuth | null = null;
  const authExtension: MockShopExtension[] =
    options.auth === false ? [] : [(shop) => (auth = createMockAuth(shop, options.auth || {}))];
  extensions = [...authExtension, ...(options.extensions ?? [])].map((extend) => extend(context));
  const initialResolver: CustomerResolver =
    options.resolveCustomer ?? extensions.reduce<CustomerResolver>((found, ext) => ext.resolveCustomer ?? found, () => null);

  const shop: MockShop = {
    handlers: [
      ...extensions.flatMap((ext) => ext.handlers ?? []),
      ...cartHandlers(context),
      ...productHandlers(context),
      namespaceIndexHandler(context, () => extensions.flatMap((ext) => ext.routes ?? [])),
      noRouteHandler(context),
    ],
    carts,
    requests,
    get shape() {
      return shape;
    },
    setShape(next) {
      shape = next;
    },
    resolveCustomer: initialResolver,
    url: (path) => `${baseUrl}/${namespace}/${path.replace(/^\/+/, '')}`,
    auth,
    reset() {
      carts.clearAll();
      requests.length = 0;
      shape = initialShape;
      shop.resolveCustomer = initialResolver;
      for (const ext of extensions) ext.reset?.();
    },
  };
  return shop;
}
