import { delay } from 'msw';
import type { TokenBook } from './auth-state.js';
import { isCartKey, sanitizeCartKey, type CartBook, type CartRecord } from './cart-state.js';
import type { MockCurrency } from './currency.js';
import { jsonError, shopError } from './errors.js';
import type { MockShape } from './purchase-rules.js';
import { jsonResponse, type RouteBuilder } from './routing.js';
import { priceCart } from './totals.js';
import { cartToWire, type Notice } from './wire.js';

/**
 * Who is signed in on a request: the customer's user id, or `null` for a guest. The auth routes
 * (`auth.ts`) provide the real one (Basic / Bearer); the default says every request is a guest.
 */
export type CustomerResolver = (request: Request) => string | null | Promise<string | null>;

/**
 * What routes, and extensions that add routes (auth), get from the fake shop. Build routes with
 * `route` so they are logged, delayed and answer `ShopError`s like every other route.
 */
export interface MockShopContext {
  readonly baseUrl: string;
  readonly namespace: string;
  readonly currency: MockCurrency;
  /** Whether the coupons / shipping-choice add-on (CoCart Plus) is installed. */
  readonly addOns: boolean;
  /** Same as `addOns` (its older name). */
  readonly coupons: boolean;
  /** Whether `update-customer` moves the shipping destination too (see `MockShopOptions`). */
  readonly shippingFollowsCustomer: boolean;
  /** The current wire shape (`setShape` changes it at run time). */
  readonly shape: MockShape;
  readonly carts: CartBook;
  /** The sign-in side's saved records (signing secret, refresh tokens, revocations). */
  readonly tokens: TokenBook;
  route: RouteBuilder;
  /** Asks the shop's current resolver (see `MockShop.resolveCustomer`). */
  resolveCustomer: CustomerResolver;
  /**
   * The cart a cart request addresses.
   *
   * Document shape: a signed-in customer's own cart (a guest `cart_key` sent along is merged into
   * it), else the `cart_key` guest cart, else a new guest cart. Throws 400 `{ns}_invalid_parameter`
   * for a malformed key, 404 `{ns}_cart_not_found` for an unknown one.
   *
   * Real shape (CoCart 4.3.6): the key comes from the `CoCart-API-Cart-Key` header or `?cart_key=`,
   * cleaned like `sanitize_key` (`bad key!<>` → `badkey`); an unknown key is an empty cart under
   * that key; a signed-in request with another key REPLACES the customer's cart with that guest
   * cart (an unknown key empties it) and deletes the guest cart; a customer sending their own id
   * answers 403 `{ns}_already_authenticating_user`, a guest sending a customer's id 403
   * `{ns}_must_authenticate_user` (both as `{ success: false, data: [{ code, message }] }`).
   */
  cartOf(request: Request, url: URL): Promise<CartRecord>;
  /**
   * Carries out a write (`change`) on the cart `cartOf` gave, and answers the cart to send back.
   * Real shape with `writeRace` (the default there): as CoCart does, the write works on its own
   * copy of the cart as read when it arrived, takes `writeTime` ms, and then saves the whole copy:
   * last writer wins, so of two writes to one cart that overlap, the one answered first is lost
   * (both answered 200). A cart read goes through here too (`change` changes nothing): a read that
   * overlaps a write saves the cart as it was and undoes the write (observed on 4.3.6 and 4.4). Otherwise the change is made in place at once. A change that throws saves
   * nothing.
   */
  write<T>(cart: CartRecord, change: (cart: CartRecord) => T): Promise<{ cart: CartRecord; result: T }>;
  /** The whole cart as the response body, honouring `fields`, `default` and `thumb`. */
  cartResponse(cart: CartRecord, url: URL, notices?: Notice[]): Response;
}

export interface ShopContextConfig {
  baseUrl: string;
  namespace: string;
  currency: MockCurrency;
  addOns: boolean;
  shippingFollowsCustomer: boolean;
  /** Whether a user id belongs to a registered user (the auth side's users). */
  isUser: (id: string) => boolean;
  shape: () => MockShape;
  carts: CartBook;
  tokens: TokenBook;
  route: RouteBuilder;
  resolveCustomer: CustomerResolver;
  /** Real shape: overlapping writes to one cart race, last writer wins (see `MockShopOptions.writeRace`). */
  writeRace: boolean;
  /** With the race: how long a write takes between reading and saving the cart, ms. */
  writeTime: number;
  /** Takes in what the shop's other copies (tabs) saved since this one last looked. */
  catchUp: () => void;
}

export function createShopContext(config: ShopContextConfig): MockShopContext {
  const { carts } = config;
  return {
    baseUrl: config.baseUrl,
    namespace: config.namespace,
    currency: config.currency,
    addOns: config.addOns,
    coupons: config.addOns,
    shippingFollowsCustomer: config.shippingFollowsCustomer,
    get shape() {
      return config.shape();
    },
    carts,
    tokens: config.tokens,
    route: config.route,
    resolveCustomer: config.resolveCustomer,

    async cartOf(request, url) {
      if (config.shape() === 'real') return realCartOf(request, url);
      const key = url.searchParams.get('cart_key') || null;
      if (key !== null && !isCartKey(key)) {
        throw shopError(400, 'invalid_parameter', 'Invalid parameter: cart_key is not a valid cart key.', {
          params: { cart_key: 'Letters, digits, "_" and "-" only, at most 64 characters.' },
        });
      }
      const customer = await config.resolveCustomer(request);
      if (customer !== null) return key !== null && key !== customer ? carts.adopt(key, customer) : carts.forCustomer(customer);
      if (key === null) return carts.create();
      const cart = carts.get(key);
      // A customer's cart is reached through authentication, never by its key alone.
      if (!cart || cart.customerId !== null) throw shopError(404, 'cart_not_found', 'No cart was found for this cart key.');
      return cart;
    },

    async write(cart, change) {
      if (config.shape() !== 'real' || !config.writeRace) return { cart, result: change(cart) };
      // PHP loads the session into memory, changes it there and saves it whole on the way out.
      const copy = structuredClone(cart);
      await delay(config.writeTime);
      const result = change(copy);
      config.catchUp();
      carts.save(copy);
      return { cart: copy, result };
    },

    cartResponse(cart, url, notices = []) {
      carts.keep(cart);
      const shape = config.shape();
      const flag = (name: string) => ['true', '1', 'yes'].includes((url.searchParams.get(name) ?? '').toLowerCase());
      let body = cartToWire(priceCart(cart, { baseCountry: config.currency.country }), { shape, currency: config.currency, thumb: flag('thumb'), notices });
      const fields = (url.searchParams.get('fields') ?? '').split(',').map((f) => f.trim()).filter(Boolean);
      // `default=true` asks for the default cart response, so it wins over `fields`.
      if (fields.length && !flag('default')) body = Object.fromEntries(Object.entries(body).filter(([name]) => fields.includes(name)));
      const headers: Record<string, string> = { 'CoCart-API-Cart-Key': cart.key };
      if (shape === 'real') {
        // 4.3.6 also says when the cart starts to expire (6 days) and expires (7 days), unix seconds.
        const now = Math.floor(Date.now() / 1000);
        headers['CoCart-API-Cart-Expiring'] = String(now + 6 * 86_400);
        headers['CoCart-API-Cart-Expiration'] = String(now + 7 * 86_400);
      }
      return jsonResponse(body, { headers });
    },
  };

  /** Whether a cart key names a registered user: a user of the auth side, or a customer cart's owner. */
  function isRegistered(key: string): boolean {
    return config.isUser(key) || carts.get(key)?.customerId === key;
  }

  async function realCartOf(request: Request, url: URL): Promise<CartRecord> {
    const query = url.searchParams.get('cart_key');
    const header = request.headers.get('CoCart-API-Cart-Key');
    const key = sanitizeCartKey(header?.trim() ? header : (query ?? ''));
    const customer = await config.resolveCustomer(request);
    if (customer !== null) {
      if (query !== null && query === customer) {
        throw jsonError(403, 'already_authenticating_user', 'You are already authenticating as the customer. Cannot set cart key as the user.');
      }
      // A key naming another customer is not imitated (4.3.6 would hand that customer's cart over).
      if (key && key !== customer && !isRegistered(key)) return carts.replaceWithGuest(key, customer);
      return carts.forCustomer(customer);
    }
    const raw = (query ?? '').trim();
    const numericUser = /^\d+$/.test(raw) && Number(raw) > 0 && isRegistered(String(Number(raw)));
    if (numericUser || (key && carts.get(key)?.customerId != null)) {
      throw jsonError(403, 'must_authenticate_user', 'Must authenticate customer as the cart key provided is a registered customer.');
    }
    return key ? carts.open(key) : carts.create();
  }
}
