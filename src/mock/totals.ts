import { currentPrice, findProduct, type CatalogProduct } from './catalog.js';
import {
  FREE_SHIPPING_MIN,
  HANDLING_FEE,
  INTERNATIONAL_RATE,
  PACKAGES,
  TAX,
  findCoupon,
  type CouponRule,
  type PackageRule,
  type RateRule,
} from './shop-settings.js';
import type { CartLine, CartRecord } from './cart-state.js';

/*
 * The cart's money, WooCommerce-style, all in integer minor units so everything adds up exactly:
 *   line subtotal = unit price × quantity; coupons take their discount from line subtotals;
 *   line total = subtotal − discount; each tax is rounded once per line, rate or fee;
 *   total = contents total + shipping + fees + every tax.
 */

export interface PricedLine {
  line: CartLine;
  product: CatalogProduct;
  unitPrice: number;
  subtotal: number;
  subtotalTax: number;
  total: number;
  tax: number;
}

export interface PricedRate {
  rule: RateRule;
  /** `method_id:instance_id`. */
  key: string;
  cost: number;
  tax: number;
}

export interface PricedPackage {
  rule: PackageRule;
  lines: PricedLine[];
  rates: PricedRate[];
  chosen: string;
}

export interface PricedCoupon {
  code: string;
  saving: number;
  savingTax: number;
}

export interface CartTotals {
  subtotal: number;
  subtotalTax: number;
  discount: number;
  discountTax: number;
  contents: number;
  contentsTax: number;
  shipping: number;
  shippingTax: number;
  fees: number;
  feeTax: number;
  totalTax: number;
  total: number;
}

export interface PricedCart {
  cart: CartRecord;
  lines: PricedLine[];
  coupons: PricedCoupon[];
  packages: PricedPackage[];
  fee: { name: string; amount: number; tax: number } | null;
  totals: CartTotals;
  itemCount: number;
  weight: number;
  needsShipping: boolean;
  crossSells: CatalogProduct[];
}

export function taxOf(amount: number): number {
  return Math.round((amount * TAX.basisPoints) / 10_000);
}

/**
 * Where the shop is: a cart whose shipping country (set by `cart/update`) is elsewhere gets the
 * international rate only; one whose shipping country was wiped gets no packages at all.
 */
export interface PricingPlace {
  baseCountry: string;
}

export function priceCart(cart: CartRecord, place?: PricingPlace): PricedCart {
  const lines = cart.lines.map(priceLine);
  const coupons = applyCoupons(lines, cart.coupons);
  const contents = sum(lines.map((l) => l.total));
  const freeShipping = contents >= FREE_SHIPPING_MIN || cart.coupons.some((c) => findCoupon(c)?.kind === 'free_shipping');
  const destination = cart.customer?.shipping.country;
  const international = place !== undefined && !!destination && destination !== place.baseCountry;
  const packages =
    destination === ''
      ? []
      : PACKAGES.map((rule) => pricePackage(international ? { ...rule, rates: [INTERNATIONAL_RATE] } : rule, lines, cart, freeShipping)).filter(
          (p) => p !== null,
        );
  const fee = lines.length ? { name: HANDLING_FEE.name, amount: HANDLING_FEE.amount, tax: taxOf(HANDLING_FEE.amount) } : null;
  const chosenRates = packages.map((p) => p.rates.find((r) => r.key === p.chosen)).filter((r) => r !== undefined);

  const totals: CartTotals = {
    subtotal: sum(lines.map((l) => l.subtotal)),
    subtotalTax: sum(lines.map((l) => l.subtotalTax)),
    discount: sum(lines.map((l) => l.subtotal - l.total)),
    discountTax: sum(lines.map((l) => l.subtotalTax - l.tax)),
    contents,
    contentsTax: sum(lines.map((l) => l.tax)),
    shipping: sum(chosenRates.map((r) => r.cost)),
    shippingTax: sum(chosenRates.map((r) => r.tax)),
    fees: fee?.amount ?? 0,
    feeTax: fee?.tax ?? 0,
    totalTax: 0,
    total: 0,
  };
  totals.totalTax = totals.contentsTax + totals.shippingTax + totals.feeTax;
  totals.total = totals.contents + totals.shipping + totals.fees + totals.totalTax;

  return {
    cart,
    lines,
    coupons,
    packages,
    fee,
    totals,
    itemCount: sum(lines.map((l) => l.line.quantity)),
    weight: Math.round(sum(lines.map((l) => Number(l.product.weight || 0) * l.line.quantity)) * 1000) / 1000,
    needsShipping: lines.some((l) => !l.product.virtual),
    crossSells: crossSells(lines),
  };
}

function priceLine(line: CartLine): PricedLine {
  const product = findProduct(line.productId)!;
  const unitPrice = currentPrice(product);
  const subtotal = unitPrice * line.quantity;
  const subtotalTax = taxOf(subtotal);
  return { line, product, unitPrice, subtotal, subtotalTax, total: subtotal, tax: subtotalTax };
}

/** Takes each coupon's discount from the lines in turn (mutating their totals); returns the savings. */
function applyCoupons(lines: PricedLine[], codes: string[]): PricedCoupon[] {
  return codes
    .map((code) => findCoupon(code))
    .filter((rule): rule is CouponRule => rule !== undefined)
    .map((rule) => {
      const remaining = lines.map((l) => l.total);
      const left = sum(remaining);
      const wanted = rule.kind === 'percent' ? Math.round((left * rule.amount) / 100) : rule.kind === 'fixed_cart' ? rule.amount : 0;
      const shares = distribute(Math.min(wanted, left), remaining);
      let savingTax = 0;
      lines.forEach((l, i) => {
        l.total -= shares[i] ?? 0;
        const tax = taxOf(l.total);
        savingTax += l.tax - tax;
        l.tax = tax;
      });
      return { code: rule.code, saving: sum(shares), savingTax };
    });
}

/** Splits `amount` in proportion to `weights`, in whole units, so the shares add up to `amount` exactly. */
export function distribute(amount: number, weights: number[]): number[] {
  const total = sum(weights);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (let k = 0, left = amount - sum(shares); left > 0; k++, left--) {
    const index = order[k % order.length]!.i;
    shares[index] = shares[index]! + 1;
  }
  return shares;
}

function pricePackage(rule: PackageRule, lines: PricedLine[], cart: CartRecord, freeShipping: boolean): PricedPackage | null {
  const contents = lines.filter((l) => !l.product.virtual && (l.product.shippingClass ?? null) === rule.shippingClass);
  if (!contents.length) return null;
  const rates = rule.rates
    .filter((rate) => rate.methodId !== 'free_shipping' || freeShipping)
    .map((rate) => ({ rule: rate, key: `${rate.methodId}:${rate.instanceId}`, cost: rate.cost, tax: taxOf(rate.cost) }));
  const picked = cart.chosenRates[rule.id];
  // Like WooCommerce: keep the shopper's choice while it is offered; otherwise free shipping when
  // it is offered, else the first rate.
  const fallback = rates.find((r) => r.rule.methodId === 'free_shipping') ?? rates[0];
  const chosen = rates.some((r) => r.key === picked) ? picked! : (fallback?.key ?? '');
  return { rule, lines: contents, rates, chosen };
}

function crossSells(lines: PricedLine[]): CatalogProduct[] {
  const inCart = new Set(lines.flatMap((l) => [l.product.id, l.product.parentId ?? l.product.id]));
  const ids = new Set(lines.flatMap((l) => l.product.crossSells ?? []));
  return [...ids].filter((id) => !inCart.has(id)).map((id) => findProduct(id)!);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
