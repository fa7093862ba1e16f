import {
  displayName,
  findProduct,
  inStock,
  variationsOf,
  type CatalogProduct,
  type ProductAttribute,
} from './catalog.js';
import { ShopError, invalidParam, invalidParamValue, missingParam, objectParam, shopError } from './errors.js';

/** How the fake service words its failures: the document's coded errors or a real server's. */
export type MockShape = 'document' | 'real';

/** One chosen product of a mix-and-match container, as sent in `item_data.mnm_config`. */
export interface MnmChoice {
  product_id: number;
  quantity: number;
}

const quoted = (product: CatalogProduct) => `“${product.name}”`;

/** A product's name in real-server messages: straight quotes, as 4.3.6 writes them. */
const realName = (product: CatalogProduct) => `"${displayName(product)}"`;

/**
 * Resolves add-item's `id` (+ `variation`) to the product that goes into the cart. Real shape: an
 * unknown id is 400 `invalid_product`, a variation that does not resolve 404 `no_variation_found`.
 */
export function resolveProduct(rawId: unknown, rawVariation: unknown, shape: MockShape = 'document'): CatalogProduct {
  if (rawId === undefined) throw missingParam('id');
  // Real servers validate against a schema that says string: a JSON number is a 400, not a cast.
  if (typeof rawId !== 'string') throw invalidParam('id', 'id is not of type string.');
  const product = /^\d+$/.test(rawId.trim()) ? findProduct(Number(rawId)) : undefined;
  if (!product) {
    if (shape === 'real') throw shopError(400, 'invalid_product', 'This product cannot be added to the cart.');
    throw shopError(404, 'product_not_found', 'This product cannot be found or no longer exists.');
  }
  if (product.type !== 'variable') return product;
  const variation = objectParam(rawVariation, 'variation');
  if (shape === 'document') return resolveVariation(product, variation);
  try {
    return resolveVariation(product, variation);
  } catch (error) {
    if (error instanceof ShopError) throw shopError(404, 'no_variation_found', 'No matching variation found.');
    throw error;
  }
}

function resolveVariation(parent: CatalogProduct, sent: Record<string, unknown>): CatalogProduct {
  const chosen: Record<string, string> = {};
  for (const attribute of parent.attributes ?? []) {
    const value = chosenValue(attribute, sent);
    const choices = attribute.options.map((option) => option.name).join(', ');
    if (value === undefined) {
      throw shopError(400, 'missing_variation_data', `${parent.name} needs a ${attribute.label}: choose one of ${choices}.`);
    }
    const option = attribute.options.find((o) => o.slug === value.toLowerCase() || o.name.toLowerCase() === value.toLowerCase());
    if (!option) {
      throw shopError(400, 'invalid_variation_data', `“${value}” is not a ${attribute.label} of ${parent.name}. Choose one of ${choices}.`);
    }
    chosen[attribute.taxonomy] = option.slug;
  }
  const match = variationsOf(parent.id).find((variation) =>
    Object.entries(chosen).every(([taxonomy, slug]) => variation.choice?.[taxonomy] === slug),
  );
  if (!match) throw shopError(400, 'invalid_variation_data', `That combination of ${parent.name} is not available.`);
  return match;
}

/** Accepts `attribute_pa_colour`, `pa_colour` or the label (`Colour`) as the attribute's name. */
function chosenValue(attribute: ProductAttribute, sent: Record<string, unknown>): string | undefined {
  const names = [`attribute_${attribute.taxonomy}`, attribute.taxonomy, attribute.label.toLowerCase()];
  for (const [name, value] of Object.entries(sent)) {
    if (names.includes(name.toLowerCase()) && typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * Reads a quantity sent as a string (`"2"`). Numbers are a schema error (400 `rest_invalid_param`);
 * text that is not a whole number, or one below `min`, is `quantity_invalid_amount`.
 */
export function parseQuantity(raw: unknown, product: CatalogProduct, min = 1, shape: MockShape = 'document'): number {
  if (raw === undefined) throw missingParam('quantity');
  if (typeof raw !== 'string') throw invalidParam('quantity', 'quantity is not of type string.');
  if (shape === 'real') {
    // 4.3.6: text that is no number fails the schema; anything below 1 is a 405.
    if (!/^\s*-?\d+(\.\d+)?\s*$/.test(raw)) throw invalidParamValue('quantity');
    const quantity = Math.trunc(Number(raw));
    if (quantity < 1) throw shopError(405, 'quantity_invalid_amount', 'Quantity must be a minimum of 1.');
    return quantity;
  }
  if (!/^\s*-?\d+\s*$/.test(raw)) {
    throw shopError(400, 'quantity_invalid_amount', `The quantity of ${quoted(product)} must be a whole number.`);
  }
  const quantity = Number(raw);
  if (quantity < min) {
    throw shopError(400, 'quantity_invalid_amount', `The quantity of ${quoted(product)} must be at least ${min}.`);
  }
  return quantity;
}

/**
 * Whether `wanted` units of `product` may sit in the cart. `inCart` is how many were there before
 * an add (0 for an update, which replaces the quantity).
 */
export function checkQuantity(product: CatalogProduct, wanted: number, inCart = 0, shape: MockShape = 'document'): void {
  if (shape === 'real') return checkRealQuantity(product, wanted, inCart);
  if (!inStock(product)) {
    throw shopError(400, 'product_out_of_stock', `You cannot add ${quoted(product)} to the cart because the product is out of stock.`);
  }
  if (product.soldIndividually && wanted > 1) {
    if (inCart > 0) throw shopError(403, 'product_sold_individually', `You cannot add another ${quoted(product)} to your cart.`);
    throw shopError(400, 'product_sold_individually', `You can only have 1 ${quoted(product)} in your cart.`);
  }
  if (product.stock !== null && wanted > product.stock) {
    const message =
      inCart > 0
        ? `You cannot add that amount to the cart: we have ${product.stock} ${quoted(product)} in stock and you already have ${inCart} in your cart.`
        : `You cannot add that amount of ${quoted(product)} to the cart because there is not enough stock (${product.stock} remaining).`;
    throw shopError(400, 'not_enough_in_stock', message, { available: product.stock });
  }
}

/** CoCart 4.3.6's wording and statuses (`fixtures/server/error-*.json`). */
function checkRealQuantity(product: CatalogProduct, wanted: number, inCart: number): void {
  if (!inStock(product)) {
    throw shopError(404, 'product_out_of_stock', `You cannot add ${realName(product)} to the cart because the product is out of stock.`);
  }
  const max = maxPurchase(product);
  if (max >= 0 && wanted - inCart > max) throw shopError(405, 'quantity_invalid_amount', `Quantity must be ${max} or lower.`);
  if (product.soldIndividually && inCart > 0) {
    // WooCommerce's notice with its "View cart" link, the link's markup stripped by CoCart.
    throw shopError(400, 'add_to_cart_error', `You cannot add another &quot;${displayName(product)}&quot; to your cart. View cart`);
  }
  if (product.stock !== null && wanted > product.stock) {
    throw shopError(
      404,
      'not_enough_stock_remaining',
      `You cannot add that amount of ${realName(product)} to the cart &mdash; we have (${product.stock}) in stock remaining. You already have (${inCart}) in your cart.`,
    );
  }
}

/** The maximum a line may hold, as `max_purchase` reports it; -1 = no limit. */
export function maxPurchase(product: CatalogProduct): number {
  if (product.soldIndividually) return 1;
  return product.stock ?? -1;
}

/**
 * Validates a container's `item_data.mnm_config`, in this order: shape (integers), products
 * allowed, products in stock, then the count per container against min/max. Duplicate products
 * are merged and zero quantities dropped.
 *
 * Failures, `document` shape (400, coded): `{ns}_mnm_product_not_allowed`,
 * `{ns}_mnm_product_out_of_stock`, `{ns}_mnm_container_size_invalid` (too few and too many).
 *
 * Failures, `real` shape (400, codeless, as real servers send them):
 * | case | body |
 * |---|---|
 * | too few | empty |
 * | too many | `{ success: false, data: [{ message }] }` |
 * | product not allowed | `{ success: false, data: [] }` (no message at all) |
 * | product out of stock | `{ success: false, data: [{ code: '{ns}_product_out_of_stock', message }] }` |
 */
export function parseMnmConfig(container: CatalogProduct, raw: unknown, shape: MockShape): MnmChoice[] {
  const rules = container.mnm;
  if (!rules) return [];
  const choices = mergeChoices(raw);
  for (const choice of choices) {
    const child = findProduct(choice.product_id);
    if (!child || !rules.allowed.includes(child.id)) {
      const message = `${child ? quoted(child) : `Product ${choice.product_id}`} cannot be packed in ${quoted(container)}.`;
      throw mnmFailure(shape, 'mnm_product_not_allowed', message, () => ({ success: false, data: [] }));
    }
    if (!inStock(child)) {
      const message = `${quoted(child)} is out of stock and cannot be packed in ${quoted(container)}.`;
      throw mnmFailure(shape, 'mnm_product_out_of_stock', message, (ns) => ({
        success: false,
        data: [{ code: `${ns}_product_out_of_stock`, message }],
      }));
    }
  }
  const size = choices.reduce((sum, choice) => sum + choice.quantity, 0);
  if (size < rules.min) {
    const message = `Please choose at least ${rules.min} items for ${quoted(container)}; you chose ${size}.`;
    throw mnmFailure(shape, 'mnm_container_size_invalid', message, () => null);
  }
  if (rules.max > 0 && size > rules.max) {
    const message = `Please choose no more than ${rules.max} items for ${quoted(container)}; you chose ${size}.`;
    throw mnmFailure(shape, 'mnm_container_size_invalid', message, () => ({ success: false, data: [{ message }] }));
  }
  return choices;
}

function mergeChoices(raw: unknown): MnmChoice[] {
  if (raw === undefined) return [];
  const bad = () => invalidParam('item_data', 'item_data[mnm_config] must be a list of { product_id, quantity } integers.');
  if (!Array.isArray(raw)) throw bad();
  const merged = new Map<number, number>();
  for (const entry of raw as unknown[]) {
    const { product_id: id, quantity } = (entry ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(id) || !Number.isInteger(quantity) || (quantity as number) < 0) throw bad();
    merged.set(id as number, (merged.get(id as number) ?? 0) + (quantity as number));
  }
  return [...merged].filter(([, quantity]) => quantity > 0).map(([product_id, quantity]) => ({ product_id, quantity }));
}

function mnmFailure(shape: MockShape, code: string, message: string, realBody: (namespace: string) => unknown): ShopError {
  if (shape === 'document') return shopError(400, code, message);
  return new ShopError(400, code, message, { raw: { body: realBody } });
}
