import type { Currency, Product, ProductPrices } from './model.js';
import { isObj, parseProduct, readOrThrow, type ParseOptions } from './schemas.js';

/** Money in minor units, as the normalised shape carries it. */
type PricesInit = { [K in keyof ProductPrices]?: ProductPrices[K] | null };

/**
 * A mix-and-match box described by the page instead of the products route (stores without it),
 * money in minor units; left-out fields default (`min` 0, `max` none — also for `0` or `null` —,
 * prices 0, in stock):
 *
 * ```json
 * { "id": 30, "name": "Tasting Box", "prices": { "price": 0 },
 *   "mnm": { "min": 3, "max": 6, "perProductPricing": true,
 *            "products": [{ "id": 31, "name": "Kenya Sample", "prices": { "price": 450 } }] } }
 * ```
 */
export interface ProductConfigInit {
  id: number;
  name: string;
  type?: string;
  prices?: PricesInit;
  currency?: Currency | null;
  image?: string | null;
  mnm: {
    min?: number;
    max?: number | null;
    perProductPricing?: boolean;
    products: Array<{ id: number; name: string; prices?: PricesInit; image?: string | null; inStock?: boolean }>;
  };
}

/** The products route's JSON for a container: read exactly like the route's answer. */
export interface ProductWire {
  mnm_data: unknown;
  [field: string]: unknown;
}

/** A box configuration: the normalised shape above (a `Product` is one), or the products route's JSON. */
export type ProductConfig = ProductConfigInit | Product | ProductWire;

const UNREADABLE = 'box configuration';
const NAMED = { id: 0, name: '' };
const CURRENCY: Currency = { code: '', symbol: '', minorUnit: 0, decimalSeparator: '', thousandSeparator: '', prefix: '', suffix: '' };

/** Whether `value` has every field of `example`, each of the same type. */
const fits = (value: unknown, example: object): boolean =>
  !!value && typeof value === 'object' && Object.entries(example).every(([name, field]) => typeof (value as Record<string, unknown>)[name] === typeof field);

/** Normalised prices (minor units) as the route sends them, read back with `amounts: 'minor-units'`. */
const wirePrices = (p: PricesInit = {}) => {
  const minor = (amount: number | null | undefined) => (amount == null ? amount : String(amount));
  return {
    price: minor(p.price ?? p.salePrice ?? p.regularPrice),
    regular_price: minor(p.regularPrice),
    sale_price: minor(p.salePrice),
    on_sale: p.onSale ?? p.salePrice != null,
  };
};

/**
 * Reads a box configuration — JSON text (a `<script type="application/json">`'s content) or an
 * object — into the `Product` the products route would give. Throws an `invalid-response`
 * `ApiError` when it is not a box the picker can show.
 */
export function parseProductConfig(input: string | ProductConfig, options: ParseOptions = { amounts: 'auto' }): Product {
  const raw: unknown = typeof input === 'string' ? readOrThrow(() => JSON.parse(input), UNREADABLE) : input;
  if (raw && typeof raw === 'object' && 'mnm_data' in raw) return parseProduct(raw, options);
  return readOrThrow(() => {
    // The structure of the normalised shape, and each product's fields; the rest is read like the products route's answer.
    if (!isObj(raw) || !isObj(raw.mnm) || !Array.isArray(raw.mnm.products)) throw new Error('Not a box');
    const config = raw as unknown as ProductConfigInit;
    const { mnm, currency = null } = config;
    if (![config, ...mnm.products].every((item) => fits(item, NAMED)) || (currency && !fits(currency, CURRENCY))) {
      throw new Error('Every product needs a numeric id and a name');
    }
    const wire = {
      id: config.id,
      name: config.name,
      type: config.type ?? 'mix-and-match',
      prices: wirePrices(config.prices),
      images: [{ src: config.image }],
      mnm_data: {
        min_container_size: mnm.min,
        max_container_size: mnm.max,
        per_product_pricing: mnm.perProductPricing,
        products: mnm.products.map((child) => ({
          id: child.id,
          name: child.name,
          prices: wirePrices(child.prices),
          image: child.image,
          in_stock: child.inStock,
        })),
      },
    };
    return { ...parseProduct(wire, { amounts: 'minor-units' }), currency };
  }, UNREADABLE);
}
