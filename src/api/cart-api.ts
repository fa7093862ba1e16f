import { ShopConnection, type CallContext } from './shop-connection.js';
import type { Cart, LoginResult, Product } from './model.js';
import * as routes from './routes.js';
import type { AddItemInput, CustomerAddressInput, CustomerUpdate, LoginInput } from './routes.js';

export { ApiCore, ShopConnection, isSecureBase } from './shop-connection.js';
export type { ApiConfig, CallContext, Credentials, GetCartOptions, Method, Query } from './shop-connection.js';
export type { AddItemInput, CustomerAddressInput, CustomerUpdate, LoginInput } from './routes.js';

/**
 * One method per route of the service: `ShopConnection` (the connection, the cart read, the token
 * checks) with every route of `routes.ts`. Stateless: the store owns cart keys and sessions. The
 * store itself holds a `ShopConnection` and loads the other routes when they are first needed, so
 * the script tag does not carry them before a page shows its cart; this class is for code that
 * wants them all at hand.
 */
export class CartApi extends ShopConnection {
  addItem(input: AddItemInput, ctx?: CallContext): Promise<Cart> {
    return routes.addItem(this, input, ctx);
  }

  updateItem(itemKey: string, quantity: number, ctx?: CallContext): Promise<Cart> {
    return routes.updateItem(this, itemKey, quantity, ctx);
  }

  removeItem(itemKey: string, ctx?: CallContext): Promise<Cart> {
    return routes.removeItem(this, itemKey, ctx);
  }

  restoreItem(itemKey: string, ctx?: CallContext): Promise<Cart> {
    return routes.restoreItem(this, itemKey, ctx);
  }

  clear(ctx?: CallContext): Promise<Cart> {
    return routes.clear(this, ctx);
  }

  applyCoupon(code: string, ctx?: CallContext): Promise<Cart> {
    return routes.applyCoupon(this, code, ctx);
  }

  removeCoupon(code: string, ctx?: CallContext): Promise<Cart> {
    return routes.removeCoupon(this, code, ctx);
  }

  setShippingMethod(packageId: string, rateId: string, ctx?: CallContext): Promise<Cart> {
    return routes.setShippingMethod(this, packageId, rateId, ctx);
  }

  /** `cart/update` with `namespace: "update-customer"`: see `routes.updateCustomer`. */
  updateCustomer(address: CustomerAddressInput, ctx?: CallContext): Promise<CustomerUpdate> {
    return routes.updateCustomer(this, address, ctx);
  }

  /** The routes the shop has below this namespace's `v2`, e.g. `v2/cart/apply-coupon`. */
  getRoutes(ctx?: CallContext): Promise<string[]> {
    return routes.getRoutes(this, ctx);
  }

  getProduct(id: number | string, ctx?: CallContext): Promise<Product> {
    return routes.getProduct(this, id, ctx);
  }

  /** Signs in (Basic authorization and the JSON body); a two-factor challenge rejects with `is('2fa_required')`. */
  login(input: LoginInput, ctx?: CallContext & { credentialsInQuery?: boolean }): Promise<LoginResult> {
    return routes.login(this, input, ctx);
  }

  logout(ctx?: CallContext): Promise<void> {
    return routes.logout(this, ctx);
  }
}
