/** The fake shop's settings besides its products: coupons, tax, fee and shipping. Amounts in minor units. */

export interface CouponRule {
  code: string;
  kind: 'percent' | 'fixed_cart' | 'free_shipping';
  /** Percent for `percent`, minor units for `fixed_cart`. */
  amount: number;
}

/** Codes are matched case-insensitively and reported in lower case, as WooCommerce does. */
export const COUPONS: readonly CouponRule[] = [
  { code: 'save10', kind: 'percent', amount: 10 },
  { code: 'fiveoff', kind: 'fixed_cart', amount: 500 },
  { code: 'freeship', kind: 'free_shipping', amount: 0 },
];

export const TAX = { rateId: 1, label: 'VAT', basisPoints: 2000 } as const;

/** Added to every non-empty cart; taxable. */
export const HANDLING_FEE = { name: 'Handling fee', amount: 150 } as const;

export interface RateRule {
  methodId: 'flat_rate' | 'free_shipping' | 'local_pickup';
  instanceId: number;
  label: string;
  cost: number;
}

export interface PackageRule {
  /** The key the package sits under: `default` for the first, as CoCart sends. */
  id: string;
  name: string;
  shippingClass: 'bulky' | null;
  rates: RateRule[];
}

/** Free shipping is offered when cart contents after discounts (ex-tax) reach this, or via `FREESHIP`. */
export const FREE_SHIPPING_MIN = 10000;

export const PACKAGES: readonly PackageRule[] = [
  {
    id: 'default',
    name: 'Shipping',
    shippingClass: null,
    rates: [
      { methodId: 'flat_rate', instanceId: 1, label: 'Flat rate', cost: 500 },
      { methodId: 'free_shipping', instanceId: 2, label: 'Free shipping', cost: 0 },
      { methodId: 'local_pickup', instanceId: 3, label: 'Local pickup', cost: 0 },
    ],
  },
  {
    id: '1',
    name: 'Freight',
    shippingClass: 'bulky',
    rates: [
      { methodId: 'flat_rate', instanceId: 4, label: 'Freight delivery', cost: 2500 },
      { methodId: 'local_pickup', instanceId: 3, label: 'Local pickup', cost: 0 },
    ],
  },
];

/** The only rate for a destination outside the shop's country (`shippingFollowsCustomer` shops). */
export const INTERNATIONAL_RATE: RateRule = { methodId: 'flat_rate', instanceId: 5, label: 'International flat rate', cost: 1500 };

export function findCoupon(code: string): CouponRule | undefined {
  const wanted = code.trim().toLowerCase();
  return COUPONS.find((coupon) => coupon.code === wanted);
}
