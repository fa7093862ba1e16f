import { type ApiError, toApiError } from '../api/errors.js';
import type { Address, Cart, CustomerAddresses } from '../api/model.js';
import * as routes from '../api/routes.js';
import type { CartChanges } from './cart-changes.js';
import type { CartView } from './cart-view.js';
import type { Call, RequestPipeline } from './request-pipeline.js';
import type { CartState, ShippingDestination, ShippingEstimate } from './state.js';

type Feature = keyof CartState['features'];

/**
 * What this shop offers beyond the cart itself (`state.features`): coupons, a choice of shipping
 * rate, a shipping estimate, the signed-in Checkout hand-over. Learnt from the shop's route index
 * once per page (read when a drawer first opens or Checkout needs it), and switched off for good
 * when a route turns out to be missing; the changes through those add-on routes go here too.
 */
export class ShopFeatures {
  readonly #pipeline: RequestPipeline;
  readonly #view: CartView;
  readonly #changes: CartChanges;
  #discovered?: Promise<void>;

  constructor(pipeline: RequestPipeline, view: CartView, changes: CartChanges) {
    this.#pipeline = pipeline;
    this.#view = view;
    this.#changes = changes;
  }

  /** Reads the route index, once: no request on page load, nothing switched off when it fails. */
  discover(): Promise<void> {
    return (this.#discovered ??= this.#pipeline.send((api, ctx) => routes.getShopRoutes(api, ctx), { anonymous: true }).then(
      ({ answer: { routes, handOver } }) => {
        const has = (route: string) => routes.includes(`v2/cart/${route}`);
        const { features, shippingEstimate } = this.#view.state;
        const keptOwnRegion = shippingEstimate?.outcome === 'shop-region';
        this.#view.set({
          features: Object.freeze({
            coupons: features.coupons && has('apply-coupon'),
            shipping: features.shipping && has('set-shipping-method'),
            estimate: has('update') && !keptOwnRegion,
            handOver,
          }),
        });
      },
      (error: unknown) => console.warn('cart-widget: no route index;', toApiError(error).message),
    ));
  }

  applyCoupon(code: string): Promise<Cart> {
    return this.#addOn('coupons', (api, ctx) => routes.applyCoupon(api, code, ctx));
  }

  removeCoupon(code: string): Promise<Cart> {
    return this.#addOn('coupons', (api, ctx) => routes.removeCoupon(api, code, ctx));
  }

  selectShippingRate(packageId: string, rateKey: string): Promise<Cart> {
    return this.#addOn('shipping', (api, ctx) => routes.setShippingMethod(api, packageId, rateKey, ctx));
  }

  /** `CartStore.estimateShipping`: rates to `destination`, and whether the shop followed it (`judgeEstimate`). */
  async estimateShipping(destination: ShippingDestination): Promise<Cart> {
    const sent: ShippingDestination = { country: destination.country.trim().toUpperCase() };
    const state = destination.state?.trim();
    const postcode = destination.postcode?.trim();
    if (state) sent.state = state;
    if (postcode) sent.postcode = postcode;
    let addresses: CustomerAddresses | null = null;
    let cart: Cart;
    try {
      cart = await this.#addOn('estimate', async (api, ctx) => {
        const reply = await routes.updateCustomer(api, sent, ctx);
        addresses = reply.addresses;
        return reply.cart;
      });
    } catch (caught) {
      const error = caught as ApiError;
      // Before CoCart 4.1 the route exists without this callback.
      if (error.status === 404 && error.is('no_namespace_error')) this.#switchOff('estimate');
      // Emptied elsewhere: show the cart as the shop has it.
      if (error.is('cart_empty')) this.#view.read().catch(ignore);
      throw error;
    }
    const estimate = judgeEstimate(sent, addresses);
    this.#view.set({ shippingEstimate: Object.freeze(estimate) });
    if (estimate.outcome === 'shop-region') this.#switchOff('estimate');
    return cart;
  }

  /** A change through an add-on route: a 404 `rest_no_route` means the shop does not have it. */
  async #addOn(feature: Feature, call: Call<Cart>): Promise<Cart> {
    try {
      return await this.#changes.write(call);
    } catch (caught) {
      const error = caught as ApiError;
      if (error.missingRoute) this.#switchOff(feature);
      throw error;
    }
  }

  /** The shop does not offer `feature` (no route, or not for this shop): its controls go. */
  #switchOff(feature: Feature): void {
    this.#view.set({ features: Object.freeze({ ...this.#view.state.features, [feature]: false }) });
  }
}

/**
 * Whether the shop's rates are for `sent`: a field the billing address did not take was refused
 * (the shop keeps the old value and adds an error notice); otherwise the shipping address must hold
 * what was sent, else the shop rated its own region. An answer without addresses proves nothing:
 * its rates are not claimed for the shopper's address either.
 */
function judgeEstimate(sent: ShippingDestination, addresses: CustomerAddresses | null): ShippingEstimate {
  const holds = (address: Address, field: 'country' | 'state' | 'postcode') => !sent[field] || same(address[field], sent[field]!);
  const fields = ['country', 'state', 'postcode'] as const;
  const refused = addresses ? fields.filter((field) => !holds(addresses!.billing, field)) : [];
  if (refused.length) return { destination: sent, outcome: 'refused', refused };
  const followed = !!addresses && fields.every((field) => holds(addresses!.shipping, field));
  return { destination: sent, outcome: followed ? 'followed' : 'shop-region', refused: [] };
}

/** Two codes or postcodes alike but for case, spaces and dashes (WooCommerce formats `sw1a1aa` as `SW1A 1AA`). */
function same(a: string, b: string): boolean {
  const squeeze = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();
  return squeeze(a) === squeeze(b);
}

function ignore(): void {}
