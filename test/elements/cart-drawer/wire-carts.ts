/**
 * Hand-made answers of the service for what the fake shop never says (markup in every text
 * field, packages without rates, every kind of notice), built on the api tests' fixtures.
 */
import { HttpResponse, http } from 'msw';
import { clone, documentCart } from '../../api/fixtures.js';
import { worker, type TestShop } from '../../helpers/shop.js';

export type WireCart = ReturnType<typeof clone<typeof documentCart>>;

/** Answers every cart read of the test's shop with `body` (in either shape). */
export function serveCart(shop: TestShop, body: object): void {
  worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(body)));
}

/** A cart in the document's shape to change freely. */
export const wireCart = (): WireCart => clone(documentCart);

/** Markup that would run script if it were ever inserted as HTML. */
export const HOSTILE = '<img src=x onerror="window.__hacked=true"><b>bold</b>';

/** The document's cart with hostile markup in every text the drawer shows. */
export function hostileCart(): WireCart {
  const cart = wireCart();
  const hoodie = cart.items['key-hoodie'];
  hoodie.name = `Hoodie ${HOSTILE}`;
  hoodie.meta.variation = { Colour: HOSTILE } as never;
  const cap = cart.items['key-cap'];
  cap.name = `Cap ${HOSTILE}`;
  const [coupon] = cart.coupons;
  Object.assign(coupon!, { label: `Coupon ${HOSTILE}`, saving_html: HOSTILE });
  const pkg = cart.shipping.packages.default;
  pkg.package_name = `Parcel ${HOSTILE}`;
  pkg.formatted_destination = `Street ${HOSTILE}`;
  for (const rate of Object.values(pkg.rates)) Object.assign(rate, { label: `Rate ${HOSTILE}`, html: HOSTILE });
  cart.fees[0]!.name = `Fee ${HOSTILE}`;
  cart.taxes[0]!.label = `Tax ${HOSTILE}`;
  cart.removed_items[0]!.name = `Mug ${HOSTILE}`;
  cart.cross_sells[0]!.product_name = `Beanie ${HOSTILE}`;
  cart.notices = { success: [`Added ${HOSTILE}`], error: [`Oops ${HOSTILE}`], info: [`Note ${HOSTILE}`] } as never;
  return cart;
}
