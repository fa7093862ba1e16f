import * as z from 'zod/mini';
import { ApiError } from './errors.js';
import type { Product, ProductPrices } from './model.js';
import { parseProduct, type ParseOptions } from './schemas.js';

const count = z.int().check(z.minimum(0));
const money = z.int();

const pricesSchema = z.optional(
  z.object({
    price: z.optional(money),
    regularPrice: z.optional(money),
    salePrice: z.nullish(money),
    onSale: z.optional(z.boolean()),
  }),
);

const currencySchema = z.nullish(
  z.object({
    code: z.string(),
    symbol: z.string(),
    minorUnit: count,
    decimalSeparator: z.string(),
    thousandSeparator: z.string(),
    prefix: z.string(),
    suffix: z.string(),
  }),
);

const configSchema = z.object({
  id: z.int(),
  name: z.string(),
  type: z.optional(z.string()),
  prices: pricesSchema,
  currency: currencySchema,
  image: z.nullish(z.string()),
  mnm: z.object({
    min: z.optional(count),
    max: z.nullish(count),
    perProductPricing: z.optional(z.boolean()),
    products: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        prices: pricesSchema,
        image: z.nullish(z.string()),
        inStock: z.optional(z.boolean()),
      }),
    ),
  }),
});

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
export type ProductConfigInit = z.input<typeof configSchema>;

/** The products route's JSON for a container: read exactly like the route's answer. */
export interface ProductWire {
  mnm_data: unknown;
  [field: string]: unknown;
}

/** A box configuration: the normalised shape above (a `Product` is one), or the products route's JSON. */
export type ProductConfig = ProductConfigInit | Product | ProductWire;

/**
 * Reads a box configuration — JSON text (a `<script type="application/json">`'s content) or an
 * object — into the `Product` the products route would give. Throws an `invalid-response`
 * `ApiError` when it is not a box the picker can show.
 */
export function parseProductConfig(input: string | ProductConfig, options: ParseOptions = { amounts: 'auto' }): Product {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (cause) {
      throw invalid(cause);
    }
  }
  if (raw && typeof raw === 'object' && 'mnm_data' in raw) return parseProduct(raw, options);
  const parsed = z.safeParse(configSchema, raw);
  if (!parsed.success) throw invalid(parsed.error);
  const config = parsed.data;
  const { mnm } = config;
  return {
    id: config.id,
    name: config.name,
    type: config.type ?? 'mix-and-match',
    prices: prices(config.prices),
    currency: config.currency ?? null,
    image: config.image ?? null,
    mnm: {
      min: mnm.min ?? 0,
      max: mnm.max || null,
      perProductPricing: mnm.perProductPricing ?? false,
      products: mnm.products.map((child) => ({
        id: child.id,
        name: child.name,
        prices: prices(child.prices),
        image: child.image ?? null,
        inStock: child.inStock ?? true,
      })),
    },
  };
}

function prices(init: Partial<ProductPrices> | undefined = {}): ProductPrices {
  const price = init.price ?? init.salePrice ?? init.regularPrice ?? 0;
  const salePrice = init.salePrice ?? null;
  return { price, regularPrice: init.regularPrice ?? price, salePrice, onSale: init.onSale ?? salePrice !== null };
}

function invalid(cause: unknown): ApiError {
  return new ApiError({ kind: 'invalid-response', message: 'The box configuration could not be read.', cause });
}
