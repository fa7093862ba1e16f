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
} from './cart-actions.js';
import type { CartRecord } from './cart-state.js';
import { findProduct } from './catalog.js';
import { noRoute, shopError } from './errors.js';
import { listedProducts, productToWire } from './product-wire.js';
import { jsonResponse, type RouteArgs, type RouteMethod } from './routing.js';
import type { MockShopContext } from './shop-context.js';

/**
 * The cart routes (all answer the whole cart). With `coupons: false` the coupon and
 * shipping-choice routes are left out, so they fall through to `rest_no_route` like a store without
 * the add-on.
 */
export function cartHandlers(shop: MockShopContext): HttpHandler[] {
  const cartRoute = (method: RouteMethod, path: string, act: (cart: CartRecord, args: RouteArgs) => string | void) =>
    shop.route(method, path, async (args) => {
      const cart = await shop.cartOf(args.request, args.url);
      const notice = act(cart, args);
      return shop.cartResponse(cart, args.url, notice ? [{ type: 'success', message: notice }] : []);
    });
  const key = (args: RouteArgs) => args.params.key ?? '';

  const handlers = [
    cartRoute('get', 'v2/cart', () => undefined),
    cartRoute('post', 'v2/cart/add-item', (cart, args) => addItem(cart, args.body, shop.shape)),
    cartRoute('post', 'v2/cart/item/:key', (cart, args) => updateItem(cart, key(args), args.body)),
    cartRoute('delete', 'v2/cart/item/:key', (cart, args) => removeItem(cart, key(args))),
    cartRoute('put', 'v2/cart/item/:key', (cart, args) => restoreItem(cart, key(args))),
    cartRoute('post', 'v2/cart/clear', (cart) => clearCart(cart)),
  ];
  if (shop.coupons) {
    handlers.push(
      cartRoute('post', 'v2/cart/apply-coupon', (cart, args) => applyCoupon(cart, args.body)),
      cartRoute('delete', 'v2/cart/coupons/:code', (cart, args) => removeCoupon(cart, args.params.code ?? '')),
      cartRoute('post', 'v2/cart/set-shipping-method', (cart, args) => chooseShippingRate(cart, args.body)),
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

/** Last in line: anything else under the namespace is `404 rest_no_route`, as WordPress answers. */
export function noRouteHandler(shop: MockShopContext): HttpHandler {
  return shop.route('all', '*', () => {
    throw noRoute();
  });
}
