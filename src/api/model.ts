/**
 * The normalised shapes every layer above `src/api` sees. The schemas in `schemas.ts` turn both the
 * interface document's shapes and the real-server shapes (spec/real-world-notes.md) into these.
 *
 * Money is always an integer in the currency's minor units (cents); format it with
 * `src/format/money.ts` and the cart's `currency`.
 */

/** How the service's amounts are read: see the architecture's `amounts` attribute. */
export type AmountsMode = 'auto' | 'decimal' | 'minor-units';

export interface Currency {
  /** ISO 4217 code, e.g. `EUR`. */
  code: string;
  symbol: string;
  /** Number of decimals (0 for JPY). */
  minorUnit: number;
  decimalSeparator: string;
  thousandSeparator: string;
  /** Text placed before the number, e.g. `$` or `€ `. */
  prefix: string;
  /** Text placed after the number, e.g. ` €`. */
  suffix: string;
}

export interface ItemQuantity {
  value: number;
  min: number;
  /** `null` when there is no upper limit (`max_purchase: -1`). */
  max: number | null;
}

export interface ItemTotals {
  subtotal: number;
  subtotalTax: number;
  total: number;
  tax: number;
}

export interface VariationAttribute {
  /** Attribute label as the service sends it, e.g. `Colour` or `attribute_pa_colour`. */
  attribute: string;
  value: string;
}

export interface CartItem {
  /** The service's item key. */
  key: string;
  id: number;
  name: string;
  title: string;
  slug: string;
  /** Unit price, minor units. */
  price: number;
  quantity: ItemQuantity;
  totals: ItemTotals;
  /** `meta.product_type`: `simple`, `variation`, `mix-and-match`, … */
  type: string;
  sku: string;
  variation: VariationAttribute[];
  /** Featured image URL, when the cart was asked for it. */
  image: string | null;
  /** Mix-and-match links: a container lists its children, a child names its container. */
  mnm: { container: string | null; contents: string[] } | null;
  /** `cart_item_data`, as sent (never `[]`). */
  data: Record<string, unknown>;
}

export interface RemovedItem {
  key: string;
  id: number;
  name: string;
  title: string;
  quantity: number;
  /** Unit price, minor units; `null` when the service did not say. */
  price: number | null;
  image: string | null;
}

export interface Coupon {
  code: string;
  label: string;
  /** The discount, minor units, positive. */
  saving: number;
}

export interface ShippingRate {
  /** `method_id:instance_id`. */
  key: string;
  methodId: string;
  instanceId: number;
  label: string;
  /** Minor units. */
  cost: number;
  taxes: number;
  chosen: boolean;
}

export interface ShippingPackage {
  /** The key the package sits under (the service's package id). */
  id: string;
  name: string;
  destination: string;
  details: string;
  /** Key of the chosen rate, `''` when none. */
  chosenRate: string;
  rates: ShippingRate[];
}

export interface Shipping {
  packages: ShippingPackage[];
  calculated: boolean;
  showPackageDetails: boolean;
}

/** A postal address as far as shipping cares (the service's `customer` fields without their prefix). */
export interface Address {
  /** ISO 3166-1 alpha-2, e.g. `DE`; `''` when not set. */
  country: string;
  /** The shop's state code, e.g. `CA`. */
  state: string;
  postcode: string;
  city: string;
}

/** The customer's addresses as a cart answer has them (`customer`). */
export interface CustomerAddresses {
  billing: Address;
  shipping: Address;
}

export interface Fee {
  name: string;
  amount: number;
  total: number;
  tax: number;
  taxable: boolean;
  taxClass: string;
}

export interface Tax {
  id: number;
  label: string;
  compound: boolean;
  total: number;
  shippingTotal: number;
}

export interface Totals {
  subtotal: number;
  subtotalTax: number;
  shipping: number;
  shippingTax: number;
  discount: number;
  discountTax: number;
  contents: number;
  contentsTax: number;
  fees: number;
  feeTax: number;
  total: number;
  totalTax: number;
}

export interface CrossSell {
  id: number;
  name: string;
  title: string;
  /** Current price, minor units. */
  price: number;
  regularPrice: number;
  /** `null` when not on sale. */
  salePrice: number | null;
  image: string | null;
}

export type NoticeType = 'success' | 'error' | 'info' | 'notice';

export interface Notice {
  type: NoticeType;
  /** Plain text: markup from the service is reduced to its text. */
  message: string;
}

export interface Cart {
  /** The service's cart key (body `cart_key`, else the `CoCart-API-Cart-Key`/`Cart-Key` header). */
  key: string | null;
  // No `cart_hash`: on CoCart 4.4 it signs the customer in at checkout, so it never enters the
  // state, events or other tabs (only the checkout hand-over reads it, `readHandOver`).
  currency: Currency;
  items: CartItem[];
  itemCount: number;
  weight: number;
  coupons: Coupon[];
  needsPayment: boolean;
  needsShipping: boolean;
  shipping: Shipping;
  fees: Fee[];
  taxes: Tax[];
  totals: Totals;
  removedItems: RemovedItem[];
  crossSells: CrossSell[];
  notices: Notice[];
}

export interface ProductPrices {
  price: number;
  regularPrice: number;
  salePrice: number | null;
  onSale: boolean;
}

export interface MixAndMatchChild {
  id: number;
  name: string;
  prices: ProductPrices;
  image: string | null;
  /** `false` when the service says the product is out of stock. */
  inStock: boolean;
}

export interface MixAndMatch {
  min: number;
  /** `null` = no upper limit (0 or empty on the wire). */
  max: number | null;
  perProductPricing: boolean;
  products: MixAndMatchChild[];
}

export interface Product {
  id: number;
  name: string;
  type: string;
  prices: ProductPrices;
  /** The product's own currency when the route sends one; otherwise `null` (use the cart's). */
  currency: Currency | null;
  image: string | null;
  mnm: MixAndMatch | null;
}

export interface Customer {
  /** The service's user id (a string on real servers). */
  id: string;
  username: string;
  displayName: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface LoginResult {
  user: Customer;
  /** Bearer token (`extras.jwt_token` or top-level `token`), when the service issued one. */
  token: string | null;
  refreshToken: string | null;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export interface TwoFactorChallenge {
  providers: string[];
  defaultProvider: string;
  emailSent: boolean;
}

export interface AdminSession {
  cartId: string;
  cartKey: string;
  customerName: string;
  customerEmail: string;
  /** As the service sends it (a timestamp or a date string). */
  created: string;
  expiry: string;
  source: string;
  link: string;
}
