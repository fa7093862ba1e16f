import { displayName, findProduct, variationLabels, type CatalogProduct } from './catalog.js';
import { itemKey, type CartLine, type CartRecord, type RemovedEntry } from './cart-state.js';
import { addressesOf, formattedDestination } from './customer-update.js';
import { formatPrice, toDecimal, toMajor, type MockCurrency } from './currency.js';
import { maxPurchase, type MockShape } from './purchase-rules.js';
import { TAX, findCoupon } from './shop-settings.js';
import { taxOf, type PricedCart, type PricedLine, type PricedPackage } from './totals.js';

/*
 * The cart as JSON on the wire, in one of two shapes:
 * - `document`: as spec/service-interface.md says: `items` keyed by item key, money as decimal
 *   strings (`"38.00"`), item `price` formatted with the symbol, `currency_symbol_pos`, keyed
 *   packages/rates, `notices` an object.
 * - `real`: as CoCart 4.3.6 (spec/real-world-notes.md, shared/realworld/fixtures/server): `items`
 *   an array, money as integer strings in minor units (`"3800"`) except item `totals.*` other than
 *   `subtotal` (numbers, major units), `currency_symbol_pos` naming `currency_prefix` /
 *   `currency_suffix`, fees and taxes as objects (`{slug: {name, fee}}`, `{rate: {name, price}}`),
 *   ten totals, negative coupon savings, `[]` for every empty collection, removed items a list with
 *   a plain-number quantity, cross-sells with `name` / `image` / `sale_price: "0"`, extra fields
 *   (`extensions`, `dev_note`).
 */

export type NoticeType = 'success' | 'error' | 'info' | 'notice';

export interface Notice {
  type: NoticeType;
  message: string;
}

export interface CartWireOptions {
  shape: MockShape;
  currency: MockCurrency;
  /** Include each item's `featured_image` (`thumb=true`). */
  thumb: boolean;
  notices: Notice[];
}

type Json = Record<string, unknown>;

/** Writes amounts (integer minor units) as the shape wants them. */
export function moneyWriter(shape: MockShape, currency: MockCurrency): (minor: number) => string {
  return shape === 'document' ? (minor) => toDecimal(minor, currency) : (minor) => String(minor);
}

export function currencyToWire(currency: MockCurrency, shape: MockShape): Json {
  return {
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    // WooCommerce's position in the document; 4.3.6 names which of prefix / suffix holds the symbol.
    currency_symbol_pos: shape === 'document' ? currency.position : currency.prefix ? 'currency_prefix' : 'currency_suffix',
    currency_minor_unit: currency.minorUnit,
    currency_decimal_separator: currency.decimalSeparator,
    currency_thousand_separator: currency.thousandSeparator,
    currency_prefix: currency.prefix,
    currency_suffix: currency.suffix,
  };
}

/** The whole cart response body. */
export function cartToWire(priced: PricedCart, options: CartWireOptions): Json {
  const { shape, currency } = options;
  const money = moneyWriter(shape, currency);
  const real = shape === 'real';
  const t = priced.totals;
  const empty = priced.lines.length === 0;
  // Per tax rate; one rate here. Numbers: minor units on real servers, major in the document.
  const taxArray = (amount: number) => (empty ? [] : [real ? amount : toMajor(amount, currency)]);

  const lines = priced.lines.map((line) => itemToWire(line, options));
  return {
    cart_hash: empty ? (real ? 'No items in cart so no hash' : '') : cartHash(priced),
    cart_key: priced.cart.key,
    currency: currencyToWire(currency, shape),
    customer: customerToWire(priced.cart, currency),
    items: real ? lines : Object.fromEntries(lines.map((item) => [item.item_key, item])),
    item_count: priced.itemCount,
    items_weight: real ? String(priced.weight) : priced.weight,
    coupons: priced.coupons.map((coupon) => couponToWire(coupon)),
    needs_payment: t.total > 0,
    needs_shipping: priced.needsShipping,
    shipping: real && !priced.packages.length ? [] : shippingToWire(priced.packages, { ...options, cart: priced.cart }),
    ...(real ? realCharges() : documentCharges()),
    removed_items: removedToWire(priced.cart.removed, options),
    cross_sells: priced.crossSells.map((product) => crossSellToWire(product, money, real)),
    notices: noticesToWire(options),
    ...(real ? { extensions: [], dev_note: 'This response was produced by the cart-widget mock (real shape).' } : { extensions: {} }),
  };

  function couponToWire(coupon: PricedCart['coupons'][number]): Json {
    const rule = findCoupon(coupon.code);
    if (real) {
      // As fixtures/server/cart-with-coupon.json: a negative saving and plain text in saving_html.
      return {
        coupon: coupon.code,
        label: `Coupon: ${coupon.code}`,
        discount_type: rule?.kind ?? 'percent',
        saving: money(-coupon.saving),
        saving_html: `-${formatPrice(coupon.saving, currency)}`,
      };
    }
    return {
      coupon: coupon.code,
      label: `Coupon: ${coupon.code}`,
      saving: money(coupon.saving),
      saving_html: `-<span class="woocommerce-Price-amount amount">${formatPrice(coupon.saving, currency)}</span>`,
    };
  }

  /** Fees, taxes and totals as the document describes them. */
  function documentCharges(): Json {
    const fee = priced.fee;
    return {
      // Numbers in major units, as the document says.
      fees: fee
        ? [
            {
              name: fee.name,
              amount: toMajor(fee.amount, currency),
              taxable: true,
              tax_class: '',
              total: toMajor(fee.amount, currency),
              tax: toMajor(fee.tax, currency),
            },
          ]
        : [],
      taxes: empty
        ? []
        : [{ rate_id: TAX.rateId, label: TAX.label, compound: false, tax_total: money(t.contentsTax + t.feeTax), shipping_tax_total: money(t.shippingTax) }],
      totals: {
        subtotal: money(t.subtotal),
        subtotal_tax: money(t.subtotalTax),
        shipping_total: money(t.shipping),
        shipping_tax: money(t.shippingTax),
        shipping_taxes: taxArray(t.shippingTax),
        discount_total: money(t.discount),
        discount_tax: money(t.discountTax),
        cart_contents_total: money(t.contents),
        cart_contents_tax: money(t.contentsTax),
        cart_contents_taxes: taxArray(t.contentsTax),
        fee_total: money(t.fees),
        fee_tax: money(t.feeTax),
        fee_taxes: taxArray(t.feeTax),
        total: money(t.total),
        total_tax: money(t.totalTax),
      },
    };
  }

  /**
   * As CoCart 4.3.6 (fixtures/server/cart-variation-fee-tax-shipping.json): fees keyed by their
   * slug as `{name, fee}`, taxes keyed by rate code as `{name, price}` (all taxes of the rate), and
   * ten totals, no `cart_contents_*` or per-rate arrays. Minor-unit strings throughout.
   */
  function realCharges(): Json {
    const fee = priced.fee;
    const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return {
      fees: fee ? { [slug(fee.name)]: { name: fee.name, fee: money(fee.amount) } } : [],
      taxes: empty ? [] : { [`${currency.country}-${TAX.label.toUpperCase()}-${TAX.rateId}`]: { name: TAX.label, price: money(t.totalTax) } },
      totals: {
        subtotal: money(t.subtotal),
        subtotal_tax: money(t.subtotalTax),
        fee_total: money(t.fees),
        fee_tax: money(t.feeTax),
        discount_total: money(t.discount),
        discount_tax: money(t.discountTax),
        shipping_total: money(t.shipping),
        shipping_tax: money(t.shippingTax),
        total: money(t.total),
        total_tax: money(t.totalTax),
      },
    };
  }
}

function itemToWire(priced: PricedLine, options: CartWireOptions): Json & { item_key: string } {
  const { shape, currency } = options;
  const real = shape === 'real';
  const { line, product } = priced;
  const labels = Object.fromEntries(variationLabels(product));
  const dimensions = product.dimensions ? { ...product.dimensions, unit: 'cm' } : real ? [] : { length: '', width: '', height: '', unit: 'cm' };
  const data = cartItemData(line);
  return {
    item_key: line.key,
    id: product.id,
    name: displayName(product),
    title: product.name,
    price: real ? String(priced.unitPrice) : formatPrice(priced.unitPrice, currency),
    quantity: { value: line.quantity, min_purchase: 1, max_purchase: maxPurchase(product) },
    totals: {
      // 4.3.6: the subtotal is a minor-unit string, the rest numbers in major units.
      subtotal: real ? String(priced.subtotal) : toMajor(priced.subtotal, currency),
      subtotal_tax: toMajor(priced.subtotalTax, currency),
      total: toMajor(priced.total, currency),
      tax: toMajor(priced.tax, currency),
    },
    slug: product.slug,
    meta: {
      product_type: product.type,
      sku: product.sku,
      dimensions,
      weight: product.weight,
      variation: real && !Object.keys(labels).length ? [] : labels,
    },
    backorders: 'no',
    cart_item_data: real && !Object.keys(data).length ? [] : data,
    ...(options.thumb ? { featured_image: product.image } : {}),
  };
}

function cartItemData(line: CartLine): Json {
  if (line.mnm) return { ...line.data, mnm_config: line.mnm.config, mnm_contents: line.mnm.contents };
  if (line.container) return { ...line.data, mnm_container: line.container.key };
  return line.data;
}

function shippingToWire(packages: PricedPackage[], options: CartWireOptions & { cart: CartRecord }): Json {
  const { currency } = options;
  const money = moneyWriter(options.shape, currency);
  return {
    total_packages: packages.length,
    show_package_details: packages.length > 1,
    has_calculated_shipping: true,
    packages: Object.fromEntries(
      packages.map((pack, index) => [
        pack.rule.id,
        {
          package_name: pack.rule.name,
          rates: Object.fromEntries(
            pack.rates.map((rate) => [
              rate.key,
              {
                key: rate.key,
                method_id: rate.rule.methodId,
                instance_id: rate.rule.instanceId,
                label: rate.rule.label,
                cost: money(rate.cost),
                html: rate.cost
                  ? `${rate.rule.label}: <span class="woocommerce-Price-amount amount"><bdi>${formatPrice(rate.cost, currency)}</bdi></span>`
                  : rate.rule.label,
                taxes: money(rate.tax),
                chosen_method: rate.key === pack.chosen,
              },
            ]),
          ),
          package_details: pack.lines.map((l) => `${displayName(l.product)} &times; ${l.line.quantity}`).join(', '),
          index,
          chosen_method: pack.chosen,
          formatted_destination: formattedDestination(options.cart, currency),
        },
      ]),
    ),
  };
}

/**
 * Document: a list with quantity objects. Real (4.3.6, fixtures/server/cart-with-removed-items.json):
 * a list too, each line with a plain-number quantity and its `totals` as a live line has them.
 */
function removedToWire(removed: RemovedEntry[], options: CartWireOptions): unknown {
  const { shape, currency } = options;
  const real = shape === 'real';
  return removed.map(({ line }) => {
    const product = findProduct(line.productId)!;
    const price = product.salePrice ?? product.regularPrice;
    const subtotal = price * line.quantity;
    return {
      item_key: line.key,
      id: product.id,
      name: displayName(product),
      title: product.name,
      price: real ? String(price) : formatPrice(price, currency),
      quantity: real ? line.quantity : { value: line.quantity, min_purchase: 1, max_purchase: maxPurchase(product) },
      ...(real
        ? {
            totals: {
              subtotal: String(subtotal),
              subtotal_tax: toMajor(taxOf(subtotal), currency),
              total: toMajor(subtotal, currency),
              tax: toMajor(taxOf(subtotal), currency),
            },
            slug: product.slug,
          }
        : {}),
      ...(options.thumb ? { featured_image: product.image } : {}),
    };
  });
}

/** Document: `product_name`, `product_image`, `''` when not on sale. Real (4.3.6): `name`, `image`, `"0"`. */
function crossSellToWire(product: CatalogProduct, money: (minor: number) => string, real: boolean): Json {
  const price = money(product.salePrice ?? product.regularPrice);
  if (real) {
    return {
      id: product.id,
      name: displayName(product),
      title: product.name,
      slug: product.slug,
      price,
      regular_price: money(product.regularPrice),
      sale_price: product.salePrice === undefined ? '0' : money(product.salePrice),
      image: product.image,
      average_rating: '',
      on_sale: product.salePrice !== undefined,
      type: product.type,
    };
  }
  return {
    id: product.id,
    product_name: displayName(product),
    product_title: product.name,
    price,
    regular_price: money(product.regularPrice),
    sale_price: product.salePrice === undefined ? '' : money(product.salePrice),
    product_image: product.image,
  };
}

function noticesToWire({ notices, shape }: CartWireOptions): unknown {
  if (!notices.length) return shape === 'real' ? [] : {};
  const grouped: Partial<Record<NoticeType, string[]>> = {};
  // Real 4.3.6 sends the curly quotes as they are (`\u201c` in the JSON), as the document does.
  for (const notice of notices) (grouped[notice.type] ??= []).push(notice.message);
  return grouped;
}

function customerToWire(cart: CartRecord, currency: MockCurrency): Json {
  const { billing, shipping } = addressesOf(cart, currency);
  const prefixed = (prefix: string, fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${prefix}_${field}`, value]));
  return { billing_address: prefixed('billing', billing), shipping_address: prefixed('shipping', shipping) };
}

function cartHash(priced: PricedCart): string {
  return itemKey(priced.lines.map((l) => [l.line.key, l.line.quantity, l.total]));
}
