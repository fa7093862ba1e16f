/** The customer block of a cart answer: the billing and shipping address the shop holds. */
import * as z from 'zod/mini';
import type { Address, CustomerAddresses } from '../model.js';
import { isObj, run } from './fields.js';
import { decode, str } from './text.js';

/** An address; its fields are prefixed (`billing_country`) on real servers, bare in the document. Country and postcode as sent. */
const address = (prefix: string) =>
  z.transform((v: unknown): Address => {
    const a = isObj(v) ? v : {};
    const field = (name: string) => decode(str(a[`${prefix}_${name}`] ?? a[name])).trim();
    return { country: field('country'), state: field('state'), postcode: field('postcode'), city: field('city') };
  });

/**
 * The customer's billing and shipping address in a cart answer (`customer.billing_address`,
 * `customer.shipping_address`), or `null` when the answer has no customer block.
 */
const Customer = z.object({ billing_address: address('billing'), shipping_address: address('shipping') });

export const customerAddressesSchema = z.transform((raw: unknown, payload): CustomerAddresses | null =>
  isObj(raw) && isObj(raw.customer)
    ? run(Customer, raw.customer, payload, (c) => ({ billing: c.billing_address, shipping: c.shipping_address }))
    : null,
);
