import { displayName, findProduct, type CatalogProduct } from './catalog.js';
import { childrenOf, itemKey, setLineQuantity, type CartLine, type CartRecord } from './cart-state.js';
import { invalidParam, missingParam, objectParam, shopError } from './errors.js';
import {
  checkQuantity,
  parseMnmConfig,
  parseQuantity,
  resolveProduct,
  type MnmChoice,
  type MockShape,
} from './purchase-rules.js';
import { findCoupon } from './shop-settings.js';
import { priceCart, type PricingPlace } from './totals.js';
import type { Notice } from './wire.js';

/*
 * What each cart route does to a cart. Every action validates first and changes the cart only when
 * everything is valid, so a failed request leaves the cart as it was. Each returns the success
 * notice to show, if any.
 */

type Body = Record<string, unknown>;

const named = (product: CatalogProduct) => `“${displayName(product)}”`;
/** 4.3.6 writes straight quotes in the remove and restore notices. */
const quoted = (product: CatalogProduct) => `"${displayName(product)}"`;

/**
 * What a route answers besides the cart: a success notice (a plain string), a notice of another
 * type, or nothing.
 */
export type ActionNotice = string | Notice | void;

export function addItem(cart: CartRecord, body: Body, shape: MockShape): string {
  const product = resolveProduct(body.id, body.variation, shape);
  // 4.3.6's schema gives add-item's quantity a default of "1".
  const quantity = parseQuantity(shape === 'real' && body.quantity === undefined ? '1' : body.quantity, product, 1, shape);
  const { mnm_config: rawConfig, ...data } = objectParam(body.item_data, 'item_data');
  const config = product.mnm ? parseMnmConfig(product, rawConfig, shape) : null;
  if (!product.mnm && rawConfig !== undefined) data.mnm_config = rawConfig;

  const key = itemKey(product.id, data, config);
  const existing = cart.lines.find((line) => line.key === key);
  const inCart = existing?.quantity ?? 0;
  checkAll(product, config, inCart + quantity, inCart, shape);

  if (existing) setLineQuantity(cart, existing, inCart + quantity);
  else cart.lines.push(...newLines(key, product, quantity, data, config));
  return `${named(product)} has been added to your cart.`;
}

/** Document: 0 removes the line. Real (4.3.6): 0 is a 405, and the answer has no notice. */
export function updateItem(cart: CartRecord, key: string, body: Body, shape: MockShape = 'document'): ActionNotice {
  const line = topLevelLine(cart, key, shape === 'real' ? 'Item specified does not exist in cart.' : undefined);
  const product = productOf(line);
  const quantity = parseQuantity(body.quantity, product, shape === 'real' ? 1 : 0, shape);
  if (quantity === 0) return removeItem(cart, key);
  checkAll(product, line.mnm?.config ?? null, quantity, 0, shape);
  setLineQuantity(cart, line, quantity);
  if (shape === 'real') return;
  return `The quantity of ${named(product)} has been updated to ${quantity}.`;
}

export function removeItem(cart: CartRecord, key: string, shape: MockShape = 'document'): string {
  const line = topLevelLine(cart, key, shape === 'real' ? 'Item does not exist in cart.' : undefined);
  const children = childrenOf(cart, line);
  cart.lines = cart.lines.filter((l) => l !== line && !children.includes(l));
  cart.removed = [...cart.removed.filter((entry) => entry.line.key !== key), { line, children }];
  if (shape === 'real') return `${quoted(productOf(line))} has been removed from cart.`;
  return `${named(productOf(line))} has been removed from your cart.`;
}

export function restoreItem(cart: CartRecord, key: string, shape: MockShape = 'document'): string {
  const entry = cart.removed.find((e) => e.line.key === key);
  if (!entry) {
    // Sic: 4.3.6 answers this with the code of its success path.
    if (shape === 'real') throw shopError(404, 'item_restored_to_cart', 'Item does not exist in cart.');
    throw shopError(404, 'item_not_in_cart', 'That item is not among the recently removed items.');
  }
  const product = productOf(entry.line);
  const existing = cart.lines.find((line) => line.key === key);
  const inCart = existing?.quantity ?? 0;
  checkAll(product, entry.line.mnm?.config ?? null, inCart + entry.line.quantity, inCart, shape);
  if (existing) setLineQuantity(cart, existing, inCart + entry.line.quantity);
  else cart.lines.push(entry.line, ...entry.children);
  cart.removed = cart.removed.filter((e) => e !== entry);
  if (shape === 'real') return `${quoted(product)} has been added back to your cart.`;
  return `${named(product)} has been restored to your cart.`;
}

export function clearCart(cart: CartRecord, shape: MockShape = 'document'): ActionNotice {
  Object.assign(cart, { lines: [], removed: [], coupons: [], chosenRates: {} });
  // 4.3.6 files it under `notice`, not `success`.
  return shape === 'real' ? { type: 'notice', message: 'Cart is cleared.' } : 'Cart is cleared.';
}

export function applyCoupon(cart: CartRecord, body: Body): string {
  const code = body.code;
  if (code === undefined) throw missingParam('code');
  if (typeof code !== 'string') throw invalidParam('code', 'code is not of type string.');
  const rule = findCoupon(code);
  if (!rule) throw shopError(400, 'coupon_not_exist', `Coupon “${code.trim()}” does not exist!`);
  if (cart.coupons.includes(rule.code)) throw shopError(400, 'coupon_already_applied', 'Coupon code already applied!');
  cart.coupons = [...cart.coupons, rule.code];
  return 'Coupon code applied successfully.';
}

export function removeCoupon(cart: CartRecord, code: string): string {
  const wanted = code.trim().toLowerCase();
  if (!cart.coupons.includes(wanted)) throw shopError(404, 'coupon_not_applied', `Coupon “${code}” is not applied to this cart.`);
  cart.coupons = cart.coupons.filter((c) => c !== wanted);
  return 'Coupon has been removed.';
}

/** `package_id` is the package's key (`default`, `1`) or its index, as a string or a number. */
export function chooseShippingRate(cart: CartRecord, body: Body, place?: PricingPlace): void {
  const { rate_id: rateId, package_id: packageId = 0 } = body;
  if (typeof rateId !== 'string') throw invalidParam('rate_id', 'rate_id is not of type string.');
  if (typeof packageId !== 'string' && typeof packageId !== 'number') throw invalidParam('package_id', 'package_id is not of type string.');
  const packages = priceCart(cart, place).packages;
  const pack = packages.find((p, index) => p.rule.id === String(packageId) || String(index) === String(packageId));
  if (!pack) throw shopError(400, 'invalid_package', `There is no shipping package “${packageId}” in this cart.`);
  if (!pack.rates.some((rate) => rate.key === rateId)) {
    throw shopError(400, 'invalid_shipping_method', `The shipping method “${rateId}” is not available for this package.`);
  }
  cart.chosenRates = { ...cart.chosenRates, [pack.rule.id]: rateId };
}

/** Quantity rules for the product and, for a container, for each child at `quantity` containers. */
function checkAll(product: CatalogProduct, config: MnmChoice[] | null, quantity: number, inCart: number, shape: MockShape): void {
  checkQuantity(product, quantity, inCart, shape);
  for (const choice of config ?? []) checkQuantity(findProduct(choice.product_id)!, choice.quantity * quantity, 0, shape);
}

function newLines(key: string, product: CatalogProduct, quantity: number, data: Body, config: MnmChoice[] | null): CartLine[] {
  const line: CartLine = { key, productId: product.id, quantity, data };
  if (!config) return [line];
  const children = config.map<CartLine>((choice) => ({
    key: itemKey(key, choice.product_id),
    productId: choice.product_id,
    quantity: choice.quantity * quantity,
    data: {},
    container: { key, perContainer: choice.quantity },
  }));
  line.mnm = { config, contents: children.map((child) => child.key) };
  return [line, ...children];
}

/** A line the shopper may change: children follow their container and are changed through it. */
function topLevelLine(cart: CartRecord, key: string, notFound = 'That item is no longer in the cart.'): CartLine {
  const line = cart.lines.find((l) => l.key === key);
  if (!line) throw shopError(404, 'item_not_in_cart', notFound);
  if (line.container) {
    const container = cart.lines.find((l) => l.key === line.container?.key);
    const box = container ? named(productOf(container)) : 'its box';
    throw shopError(403, 'item_in_container', `${named(productOf(line))} is packed in ${box}: change the box instead.`);
  }
  return line;
}

function productOf(line: CartLine): CatalogProduct {
  return findProduct(line.productId)!;
}
