import { PRODUCTS, findProduct, inStock, variationsOf, type CatalogProduct } from './catalog.js';
import type { MockCurrency } from './currency.js';
import { maxPurchase, type MockShape } from './purchase-rules.js';
import { currencyToWire, moneyWriter } from './wire.js';

/*
 * A product as `GET {ns}/v2/products/{id}` answers it (CoCart's v2 products shape, trimmed):
 * `prices` (with the shop `currency`), `images`, `stock`, and per type `attributes` + `variations`
 * (variable) or `mnm_data` (mix-and-match). Money follows the shape: decimal strings in the
 * document shape, minor-unit integer strings in the real one.
 */

type Json = Record<string, unknown>;

/** Products a shop page lists: everything but variations. */
export function listedProducts(): CatalogProduct[] {
  return PRODUCTS.filter((product) => product.type !== 'variation');
}

export function productToWire(product: CatalogProduct, shape: MockShape, currency: MockCurrency): Json {
  const prices = pricesToWire(product, shape, currency);
  const body: Json = {
    id: product.id,
    parent_id: product.parentId ?? 0,
    name: product.name,
    slug: product.slug,
    type: product.type,
    sku: product.sku,
    prices: { ...prices, currency: currencyToWire(currency, shape) },
    images: imagesToWire(product),
    stock: stockToWire(product),
    sold_individually: product.soldIndividually ?? false,
    virtual: product.virtual ?? false,
    quantity: { min_purchase: 1, max_purchase: maxPurchase(product) },
    cross_sell_ids: product.crossSells ?? [],
  };
  if (product.attributes) {
    body.attributes = product.attributes.map((attribute) => ({
      name: attribute.label,
      attribute: `attribute_${attribute.taxonomy}`,
      options: attribute.options,
    }));
    body.variations = variationsOf(product.id).map((variation) => ({
      id: variation.id,
      sku: variation.sku,
      attributes: Object.fromEntries(Object.entries(variation.choice ?? {}).map(([taxonomy, slug]) => [`attribute_${taxonomy}`, slug])),
      prices: pricesToWire(variation, shape, currency),
      images: imagesToWire(variation),
      stock: stockToWire(variation),
    }));
  }
  if (product.mnm) {
    body.mnm_data = {
      min_container_size: product.mnm.min,
      max_container_size: product.mnm.max,
      per_product_pricing: product.mnm.perProductPricing,
      products: product.mnm.allowed.map((id) => {
        const child = findProduct(id)!;
        return {
          id: child.id,
          name: child.name,
          prices: pricesToWire(child, shape, currency),
          images: imagesToWire(child),
          stock: stockToWire(child),
        };
      }),
    };
  }
  return body;
}

function pricesToWire(product: CatalogProduct, shape: MockShape, currency: MockCurrency): Json {
  const money = moneyWriter(shape, currency);
  return {
    price: money(product.salePrice ?? product.regularPrice),
    regular_price: money(product.regularPrice),
    sale_price: product.salePrice === undefined ? '' : money(product.salePrice),
    on_sale: product.salePrice !== undefined,
  };
}

function imagesToWire(product: CatalogProduct): Json[] {
  const src = { thumbnail: product.image, medium: product.image, full: product.image };
  return [{ id: product.id * 100, src, name: product.name, alt: product.name, position: 0, featured: true }];
}

function stockToWire(product: CatalogProduct): Json {
  return {
    is_in_stock: inStock(product),
    stock_quantity: product.stock,
    stock_status: inStock(product) ? 'instock' : 'outofstock',
  };
}
