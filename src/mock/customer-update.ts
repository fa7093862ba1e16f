import { setLineQuantity, type CartRecord, type CustomerAddresses } from './cart-state.js';
import { displayName, findProduct } from './catalog.js';
import type { MockCurrency } from './currency.js';
import { shopError } from './errors.js';
import { isObject } from './json.js';

/*
 * `POST cart/update` as CoCart 4.3.6 has it (real shape only): a `namespace` picks a callback.
 * - `update-customer`: address fields at the TOP level of the body (`country`, `postcode`, …; inside
 *   `data` they are ignored) set the BILLING address. Invalid values add an error notice and keep
 *   the old value; otherwise "Cart updated.". Any `s_…` / `shipping_…` field sent is set from the
 *   billing details, which never hold one, so it is wiped to empty. The shipping destination does
 *   not move, unless the shop is one where it follows (`shippingFollowsCustomer`).
 * - `update-cart`: `quantity: { <item_key>: "<n>" }` sets several lines at once; unknown keys are
 *   skipped, 0 removes the line, no stock check, more than one of a product sold individually adds
 *   an error notice instead.
 * Both answer 404 `cocart_cart_empty` on an empty cart; another namespace answers 404
 * `cocart_update_cart_no_namespace_error`. Source: `includes/classes/rest-api/callbacks/*.php`.
 */

type Body = Record<string, unknown>;

export interface CartUpdateOptions {
  currency: MockCurrency;
  shippingFollowsCustomer: boolean;
}

/** Address fields in WooCommerce's order; billing also has `email` and `phone`. */
const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'country', 'address_1', 'address_2', 'postcode', 'city', 'state'] as const;
const BILLING_FIELDS = [...ADDRESS_FIELDS, 'phone', 'email'] as const;
/** The fields `update-customer` reads, in the order it validates them. */
const CUSTOMER_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'company', 'address_1', 'address_2', 'city', 'state', 'country', 'postcode'];
/** Query parameters of the cart routes: never treated as customer fields. */
const ROUTE_PARAMS = new Set(['cart_key', 'fields', 'thumb', 'default', 'namespace']);

/** Countries the fake shop knows, as WooCommerce names them. */
export const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States (US)',
  CA: 'Canada',
  GB: 'United Kingdom (UK)',
  IE: 'Ireland',
  DE: 'Germany',
  AT: 'Austria',
  CH: 'Switzerland',
  FR: 'France',
  NL: 'Netherlands',
  BE: 'Belgium',
  IT: 'Italy',
  ES: 'Spain',
  SE: 'Sweden',
  JP: 'Japan',
  AU: 'Australia',
};

/** Postcode patterns per country (WooCommerce's `WC_Validation::is_postcode`, the common ones); others take anything. */
const POSTCODES: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJKLMNPRSTVXY]\d[ABCEGHJKLMNPRSTVWXYZ] ?\d[ABCEGHJKLMNPRSTVWXYZ]\d$/,
  GB: /^([A-Z]{1,2}\d[A-Z\d]?|GIR) ?\d[A-Z]{2}$/,
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  FR: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  BE: /^\d{4}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  SE: /^\d{3} ?\d{2}$/,
  JP: /^\d{3}-?\d{4}$/,
  AU: /^\d{4}$/,
};

/** The customer's addresses before anything was sent: empty, in the shop's own country. */
export function defaultAddresses(currency: MockCurrency): CustomerAddresses {
  const blank = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, field === 'country' ? currency.country : '']));
  return { billing: blank(BILLING_FIELDS), shipping: blank(ADDRESS_FIELDS) };
}

export function addressesOf(cart: CartRecord, currency: MockCurrency): CustomerAddresses {
  const defaults = defaultAddresses(currency);
  return {
    billing: { ...defaults.billing, ...cart.customer?.billing },
    shipping: { ...defaults.shipping, ...cart.customer?.shipping },
  };
}

/** `formatted_destination` of a package: the shipping address on one line, or the shop's country. */
export function formattedDestination(cart: CartRecord, currency: MockCurrency): string {
  if (!cart.customer) return currency.countryName;
  const { shipping } = addressesOf(cart, currency);
  const country = COUNTRY_NAMES[shipping.country ?? ''] ?? shipping.country ?? '';
  const place = [shipping.postcode, shipping.city].filter(Boolean).join(' ');
  return [shipping.address_1, place, shipping.state, country].filter(Boolean).join(', ');
}

/** Runs `POST cart/update`; returns the notices to answer with (the cart is changed in place). */
/** A notice as the cart answer lists it (`wire.ts`'s `Notice`). */
type Notice = { type: 'error' | 'success'; message: string };

export function updateCart(cart: CartRecord, body: Body, options: CartUpdateOptions): Notice[] {
  const namespace = typeof body.namespace === 'string' ? body.namespace.trim() : '';
  if (namespace !== 'update-customer' && namespace !== 'update-cart') {
    throw shopError(404, 'update_cart_no_namespace_error', `There is no such namespace registered: ${namespace}.`);
  }
  if (!cart.lines.length && !cart.removed.length) {
    throw shopError(404, 'cart_empty', 'Cart is empty. Please add items to cart first.');
  }
  return namespace === 'update-customer' ? updateCustomer(cart, body, options) : updateQuantities(cart, body);
}

function updateCustomer(cart: CartRecord, body: Body, options: CartUpdateOptions): Notice[] {
  const errors: Notice[] = [];
  const current = addressesOf(cart, options.currency);
  const sent = (field: string) => {
    const value = body[field];
    return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  };

  // The billing details that pass validation; an invalid one keeps the customer's current value.
  const details: Record<string, string> = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = sent(field);
    if (!value) continue;
    if (field === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) details.email = current.billing.email ?? '';
    else if (field === 'country') {
      const code = value.toUpperCase();
      if (COUNTRY_NAMES[code]) details.country = code;
      else {
        errors.push({ type: 'error', message: `'${value}' is not a valid country code.` });
        details.country = current.billing.country ?? '';
      }
    } else if (field === 'postcode') {
      const country = details.country || sent('country').toUpperCase() || current.billing.country || options.currency.country;
      const postcode = value.toUpperCase();
      if (POSTCODES[country] && !POSTCODES[country].test(postcode)) {
        errors.push({ type: 'error', message: 'Billing postcode is not a valid postcode / ZIP.' });
        details.postcode = current.billing.postcode ?? '';
      } else details.postcode = postcode;
    } else details[field] = value;
  }
  // 4.3.6 changes nothing without a valid billing field; a shop where shipping follows takes `s_…` alone too.
  const shippingSent = Object.keys(body).some((key) => /^(s|shipping)_/i.test(key));
  if (!Object.keys(details).length && !(options.shippingFollowsCustomer && shippingSent)) return errors;

  const billing = { ...current.billing };
  const shipping = { ...current.shipping };
  for (const key of Object.keys(body)) {
    if (ROUTE_PARAMS.has(key)) continue;
    const shippingField = /^s_/i.test(key) ? key.slice(2) : /^shipping_/i.test(key) ? key.slice(9) : null;
    if (shippingField !== null) {
      if (!(ADDRESS_FIELDS as readonly string[]).includes(shippingField)) continue;
      // 4.3.6 sets it from the billing details, which have no shipping field: wiped.
      const value = sent(key);
      shipping[shippingField] = !options.shippingFollowsCustomer ? '' : ['country', 'postcode'].includes(shippingField) ? value.toUpperCase() : value;
      continue;
    }
    const field = key.replace(/^billing_/i, '');
    if (!(BILLING_FIELDS as readonly string[]).includes(field)) continue;
    billing[field] = details[field] ?? '';
    if (options.shippingFollowsCustomer && (ADDRESS_FIELDS as readonly string[]).includes(field) && !(`s_${field}` in body)) {
      shipping[field] = billing[field] ?? '';
    }
  }
  cart.customer = { billing, shipping };
  return errors.length ? errors : [{ type: 'success', message: 'Cart updated.' }];
}

function updateQuantities(cart: CartRecord, body: Body): Notice[] {
  const wanted = isObject(body.quantity) ? body.quantity : {};
  const errors: Notice[] = [];
  let updated = false;
  for (const [key, raw] of Object.entries(wanted)) {
    const line = cart.lines.find((l) => l.key === key && !l.container);
    if (!line || (typeof raw !== 'string' && typeof raw !== 'number')) continue;
    const digits = String(raw).replace(/[^0-9.]/g, '');
    if (digits === '') continue;
    const quantity = Math.trunc(Number(digits));
    if (!Number.isFinite(quantity) || quantity === line.quantity) continue;
    const product = findProduct(line.productId)!;
    if (product.soldIndividually && quantity > 1) {
      errors.push({ type: 'error', message: `You can only have 1 ${displayName(product)} in your cart.` });
      continue;
    }
    if (quantity === 0) cart.lines = cart.lines.filter((l) => l !== line && l.container?.key !== line.key);
    else setLineQuantity(cart, line, quantity);
    updated = true;
  }
  if (!updated) return errors;
  return errors.length ? errors : [{ type: 'success', message: 'Cart updated.' }];
}
