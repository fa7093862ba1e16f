/**
 * A product on the wire (`GET products/{id}`): CoCart's shape, with `mnm_data` for a mix-and-match
 * container. `productSchema(options)` reads it into the normalised `Product`.
 */
import * as z from 'zod/mini';
import type { AmountsMode, Product, ProductPrices } from '../model.js';
import { Any, block, orNull, bool, Bool, isObj, list, need, Num, run, Str, Text, then, Url } from './fields.js';
import { currencySchema, maybe, money, type Money } from './money.js';

/** The first image's URL: `images: [{src: "…"}]`, or CoCart's `src: {thumbnail, medium, full, …}` per size. */
const FirstImage = z.transform((images: unknown): string | null => {
  const first: unknown = Array.isArray(images) ? images[0] : undefined;
  const src = isObj(first) ? first.src : undefined;
  if (typeof src == 'string') return src || null;
  if (!isObj(src)) return null;
  const sizes = [src.thumbnail, src.woocommerce_thumbnail, src.medium, src.full, ...Object.values(src)];
  return (sizes.find((s) => typeof s == 'string' && s) as string | undefined) ?? null;
});

/** Prices as sent; their currency is the product's (see `ProductWire`). */
const Prices = block({ price: Any, regular_price: Any, sale_price: Any, on_sale: Any });

const toPrices = (p: z.output<typeof Prices>, m: Money): ProductPrices => {
  const regular = maybe(m, p.regular_price);
  const sale = p.on_sale === false ? null : maybe(m, p.sale_price);
  const price = maybe(m, p.price) ?? sale ?? regular ?? 0;
  return {
    price,
    regularPrice: regular ?? price,
    salePrice: sale,
    onSale: p.on_sale == null ? sale !== null && sale < (regular ?? price) : bool(p.on_sale),
  };
};

/** A product a mix-and-match box may hold. Stock: flat `stock_status`/`in_stock`, or CoCart's `stock: {is_in_stock, stock_status}`. */
const BoxProduct = z.object({
  id: Num,
  name: Text,
  prices: Prices,
  images: FirstImage,
  image: Url,
  stock_status: Any,
  in_stock: Any,
  stock: block({ is_in_stock: Any, stock_status: Any }),
});

/** A mix-and-match container's rules and the products it may hold (`max_container_size` 0, empty or `null`: no limit). */
const MnmData = z.object({
  min_container_size: Num,
  max_container_size: Num,
  per_product_pricing: Bool,
  products: list(BoxProduct),
});

/**
 * The product as sent. Its currency: CoCart nests it under `prices.currency`; WooCommerce's Store
 * API spreads it into `prices`; without either the product has none (`$currency: null`).
 * `mnm_data` is there only for a container (other products send none, or `[]`).
 */
const ProductFields = z.object({
    id: Num,
    name: Text,
    type: Str,
    prices: Prices,
    $currency: orNull(currencySchema),
    images: FirstImage,
    mnm_data: orNull(MnmData),
});
export const ProductWire = z.transform((raw: unknown, payload) => {
  const product = isObj(raw) ? raw : {};
  const prices = isObj(product.prices) ? product.prices : {};
  const own = isObj(prices.currency) ? prices.currency : 'currency_code' in prices ? prices : null;
  return run(ProductFields, { ...product, $currency: own }, payload);
});

export type ProductWire = z.output<typeof ProductWire>;

function toProduct(p: ProductWire, amounts: AmountsMode, payload: z.core.ParsePayload): Product {
  const currency = p.$currency;
  // Without its own currency a product's amounts are read with two decimals.
  const m = money(currency ?? currencySchema.parse({}), amounts);
  const box = p.mnm_data;
  const max = box?.max_container_size;
  return {
    id: need(p.id, payload),
    name: p.name,
    type: p.type,
    prices: toPrices(p.prices, m),
    image: p.images,
    mnm: box && {
      min: box.min_container_size,
      max: max && max > 0 ? max : null,
      perProductPricing: box.per_product_pricing,
      products: box.products.map((c) => {
        const inStock = c.in_stock ?? c.stock.is_in_stock;
        return {
          id: c.id,
          name: c.name,
          prices: toPrices(c.prices, m),
          image: c.images ?? c.image,
          inStock: (c.stock_status ?? c.stock.stock_status) !== 'outofstock' && (inStock == null || bool(inStock)),
        };
      }),
    },
    currency,
  };
}

const productSchemas: Partial<Record<AmountsMode, z.ZodMiniType<Product>>> = {};

/** The products route's answer read into a `Product`, its amounts in `options.amounts` mode. A product without an id is no product. */
export const productSchema = ({ amounts }: { amounts: AmountsMode }): z.ZodMiniType<Product> =>
  (productSchemas[amounts] ??= then(ProductWire, (p, payload) => toProduct(p, amounts, payload)));
