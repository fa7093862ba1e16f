import type { HttpHandler } from 'msw';
import {
  addItem,
  applyCoupon,
  chooseShippingRate,
  clearCart,
  removeCoupon,
  removeItem,
  restoreItem,
  updateItem,
  type ActionNotice,
} from './cart-actions.js';
import type { CartRecord } from './cart-state.js';
import { findProduct } from './catalog.js';
import { updateCart } from './customer-update.js';
import { noRoute, shopError } from './errors.js';
import { listedProducts, productToWire } from './product-wire.js';
import { jsonResponse, type RouteArgs, type RouteMethod } from './routing.js';
import type { MockShopContext } from './shop-context.js';

/**
 * The cart routes (all answer the whole cart; each goes through `MockShopContext.write`, the read
 * `GET v2/cart` included: a real shop saves the cart a read loaded, so a read overlapping a write
 * undoes it). With `addOns: false` (or `coupons: false`) the coupon
 * and shipping-choice routes are left out, so they fall through to `rest_no_route` like a store
 * without CoCart Plus. `cart/update` exists in the real shape only.
 */
export function cartHandlers(shop: MockShopContext): HttpHandler[] {
  const cartRoute = (method: RouteMethod, path: string, act: (cart: CartRecord, args: RouteArgs) => ActionNotice) =>
    shop.route(method, path, async (args) => {
      const { cart, result: notice } = await shop.write(await shop.cartOf(args.request, args.url), (copy) => act(copy, args));
      const notices = !notice ? [] : typeof notice === 'string' ? [{ type: 'success' as const, message: notice }] : [notice];
      return shop.cartResponse(cart, args.url, notices);
    });
  const key = (args: RouteArgs) => args.params.key ?? '';
  const place = () => ({ baseCountry: shop.currency.country });

  const handlers = [
    // A read saves the cart it loaded as well (the session is saved on the way out), so it races too.
    cartRoute('get', 'v2/cart', () => undefined),
    cartRoute('post', 'v2/cart/add-item', (cart, args) => addItem(cart, args.body, shop.shape)),
    cartRoute('post', 'v2/cart/item/:key', (cart, args) => updateItem(cart, key(args), args.body, shop.shape)),
    cartRoute('delete', 'v2/cart/item/:key', (cart, args) => removeItem(cart, key(args), shop.shape)),
    cartRoute('put', 'v2/cart/item/:key', (cart, args) => restoreItem(cart, key(args), shop.shape)),
    cartRoute('post', 'v2/cart/clear', (cart) => clearCart(cart, shop.shape)),
    shop.route('post', 'v2/cart/update', async (args) => {
      if (shop.shape !== 'real') throw noRoute();
      const options = { currency: shop.currency, shippingFollowsCustomer: shop.shippingFollowsCustomer };
      const written = await shop.write(await shop.cartOf(args.request, args.url), (cart) => updateCart(cart, args.body, options));
      return shop.cartResponse(written.cart, args.url, written.result);
    }),
  ];
  if (shop.addOns) {
    handlers.push(
      cartRoute('post', 'v2/cart/apply-coupon', (cart, args) => applyCoupon(cart, args.body)),
      cartRoute('delete', 'v2/cart/coupons/:code', (cart, args) => removeCoupon(cart, args.params.code ?? '')),
      cartRoute('post', 'v2/cart/set-shipping-method', (cart, args) => chooseShippingRate(cart, args.body, place())),
    );
  }
  return handlers;
}

/** `GET v2/products` (every product but variations) and `GET v2/products/{id}`. */
export function productHandlers(shop: MockShopContext): HttpHandler[] {
  return [
    shop.route('get', 'v2/products', () => {
      const products = listedProducts().map((product) => productToWire(product, shop.shape, shop.currency));
      return jsonResponse(products, { headers: { 'X-WP-Total': String(products.length), 'X-WP-TotalPages': '1' } });
    }),
    shop.route('get', 'v2/products/:id', ({ params }) => {
      const id = params.id ?? '';
      const product = /^\d+$/.test(id) ? findProduct(Number(id)) : undefined;
      if (!product) throw shopError(404, 'product_not_found', 'This product cannot be found or no longer exists.');
      return jsonResponse(productToWire(product, shop.shape, shop.currency));
    }),
  ];
}

/**
 * A route of the namespace index: its path under `{ns}/v2` in WordPress's notation (`/cart`,
 * `/cart/item/(?P<item_key>[\w]+)`), its methods, one endpoint each, and the names of its arguments.
 */
export interface IndexedRoute {
  path: string;
  methods: string[];
  args?: string[];
}

const CART_ARGS = ['cart_key', 'fields', 'thumb', 'default'];

/** The routes `cartHandlers` and `productHandlers` serve, as the index lists them. */
function ownRoutes(shop: MockShopContext): IndexedRoute[] {
  const routes: IndexedRoute[] = [
    { path: '', methods: ['GET'], args: ['namespace', 'context'] },
    { path: '/cart', methods: ['GET'], args: CART_ARGS },
    { path: '/cart/add-item', methods: ['POST'], args: [...CART_ARGS, 'id', 'quantity', 'variation', 'item_data'] },
    { path: '/cart/clear', methods: ['POST'], args: CART_ARGS },
    { path: '/cart/item/(?P<item_key>[\\w]+)', methods: ['POST', 'DELETE', 'PUT'], args: [...CART_ARGS, 'item_key', 'quantity'] },
  ];
  if (shop.shape === 'real') routes.push({ path: '/cart/update', methods: ['POST'], args: [...CART_ARGS, 'namespace', 'data'] });
  if (shop.addOns) {
    routes.push(
      { path: '/cart/apply-coupon', methods: ['POST'], args: [...CART_ARGS, 'code'] },
      { path: '/cart/coupons/(?P<code>[\\w-]+)', methods: ['DELETE'], args: [...CART_ARGS, 'code'] },
      { path: '/cart/set-shipping-method', methods: ['POST'], args: [...CART_ARGS, 'rate_id', 'package_id'] },
    );
  }
  routes.push({ path: '/products', methods: ['GET'], args: [] }, { path: '/products/(?P<id>[\\w-]+)', methods: ['GET'], args: ['id'] });
  return routes;
}

/**
 * `GET {ns}/v2`: the namespace index, as WordPress answers it (`fixtures`: none; shape taken from
 * the real store): `{ namespace, routes: { "/{ns}/v2/…": { namespace, methods, endpoints, _links? } },
 * _links }`. It lists exactly the routes this shop has, so a client can learn whether the coupon and
 * shipping-choice routes exist without a failed try.
 */
export function namespaceIndexHandler(shop: MockShopContext, extensionRoutes: () => IndexedRoute[]): HttpHandler {
  return shop.route('get', 'v2', () => {
    const namespace = `${shop.namespace}/v2`;
    const routes = [...ownRoutes(shop), ...extensionRoutes()].sort((a, b) => a.path.localeCompare(b.path));
    const described = (name: string) => ({ type: 'string', required: name === 'id' });
    const body = {
      namespace,
      routes: Object.fromEntries(
        routes.map((route) => {
          const path = `/${namespace}${route.path}`;
          const entry: Record<string, unknown> = {
            namespace,
            methods: route.methods,
            endpoints: route.methods.map((method) => ({
              methods: [method],
              args: Object.fromEntries((route.args ?? []).map((name) => [name, described(name)])),
            })),
          };
          if (!path.includes('(?P<')) entry._links = { self: [{ href: `${shop.baseUrl}${path}` }] };
          return [path, entry];
        }),
      ),
      _links: { up: [{ href: `${shop.baseUrl}/` }] },
    };
    return jsonResponse(body);
  });
}

/** Last in line: anything else under the namespace is `404 rest_no_route`, as WordPress answers. */
export function noRouteHandler(shop: MockShopContext): HttpHandler {
  return shop.route('all', '*', () => {
    throw noRoute();
  });
}
