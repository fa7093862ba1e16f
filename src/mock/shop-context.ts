import type { TokenBook } from './auth-state.js';
import { isCartKey, type CartBook, type CartRecord } from './cart-state.js';
import type { MockCurrency } from './currency.js';
import { shopError } from './errors.js';
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
  /** Whether the coupons / shipping-choice add-on is installed. */
  readonly coupons: boolean;
  /** The current wire shape (`setShape` changes it at run time). */
  readonly shape: MockShape;
  readonly carts: CartBook;
  /** The sign-in side's saved records (signing secret, refresh tokens, revocations). */
  readonly tokens: TokenBook;
  route: RouteBuilder;
  /** Asks the shop's current resolver (see `MockShop.resolveCustomer`). */
  resolveCustomer: CustomerResolver;
  /**
   * The cart a cart request addresses: a signed-in customer's own cart (a guest `cart_key` sent
   * along is merged into it), else the `cart_key` guest cart, else a new guest cart.
   * Throws 400 `{ns}_invalid_parameter` for a malformed key, 404 `{ns}_cart_not_found` for an unknown one.
   */
  cartOf(request: Request, url: URL): Promise<CartRecord>;
  /** The whole cart as the response body, honouring `fields`, `default` and `thumb`. */
  cartResponse(cart: CartRecord, url: URL, notices?: Notice[]): Response;
}

export interface ShopContextConfig {
  baseUrl: string;
  namespace: string;
  currency: MockCurrency;
  coupons: boolean;
  shape: () => MockShape;
  carts: CartBook;
  tokens: TokenBook;
  route: RouteBuilder;
  resolveCustomer: CustomerResolver;
}

export function createShopContext(config: ShopContextConfig): MockShopContext {
  const { carts } = config;
  return {
    baseUrl: config.baseUrl,
    namespace: config.namespace,
    currency: config.currency,
    coupons: config.coupons,
    get shape() {
      return config.shape();
    },
    carts,
    tokens: config.tokens,
    route: config.route,
    resolveCustomer: config.resolveCustomer,

    async cartOf(request, url) {
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

    cartResponse(cart, url, notices = []) {
      const shape = config.shape();
      const flag = (name: string) => ['true', '1', 'yes'].includes((url.searchParams.get(name) ?? '').toLowerCase());
      let body = cartToWire(priceCart(cart), { shape, currency: config.currency, thumb: flag('thumb'), notices });
      const fields = (url.searchParams.get('fields') ?? '').split(',').map((f) => f.trim()).filter(Boolean);
      // `default=true` asks for the default cart response, so it wins over `fields`.
      if (fields.length && !flag('default')) body = Object.fromEntries(Object.entries(body).filter(([name]) => fields.includes(name)));
      const header = shape === 'document' ? 'CoCart-API-Cart-Key' : 'Cart-Key';
      return jsonResponse(body, { headers: { [header]: cart.key } });
    },
  };
}
