/**
 * Reads the service's answers and normalises them into `model.ts`. The wire shapes are zod/mini
 * schemas under `wire/`, one file per kind of answer, each naming what the interface document and
 * real servers (shared/spec/real-world-notes.md) send: lenient about missing or extra fields,
 * strict only where a wrong answer would show the shopper a wrong cart (a cart's items, the
 * sessions list). Theme developers can import the schemas from the package's index.
 *
 * The readers a page needs at load are in `page-load-schemas.ts` (re-exported here; apart for bytes:
 * docs/architecture.md, "Loading later, and bytes"); these are what `CartApi` calls: each turns
 * any failure into the api layer's one error type, never a zod error. Nothing here touches the DOM.
 */
import type { AdminSession, CustomerAddresses, LoginResult, Product } from './model.js';
import { readOrThrow, type ParseOptions } from './page-load-schemas.js';
import { loginSchema } from './wire/login.js';
import { customerAddressesSchema } from './wire/customer.js';
import { isObj } from './wire/fields.js';
import { productSchema } from './wire/product.js';
import { routeIndexSchema, sessionsSchema } from './wire/sessions.js';

export { parseCart, readOrThrow, type ErrorBody, type ParseOptions } from './page-load-schemas.js';
export { isObj };

/** The customer's addresses in a cart answer, or `null` when it has none; never fails. */
export const parseCustomerAddresses = (raw: unknown): CustomerAddresses | null => customerAddressesSchema.parse(raw);

export const parseProduct = (raw: unknown, options: ParseOptions): Product => readOrThrow(() => productSchema(options).parse(raw));

export const parseLogin = (raw: unknown): LoginResult => readOrThrow(() => loginSchema.parse(raw));

export const parseSessions = (raw: unknown): AdminSession[] => readOrThrow(() => sessionsSchema.parse(raw));

/** The route paths below `namespace` in WordPress's namespace index. */
export function parseRoutes(raw: unknown, namespace: string): string[] {
  return readOrThrow(() => {
    const prefix = `/${namespace}/`;
    return routeIndexSchema.parse(raw).routes
      .filter((route) => route.startsWith(prefix))
      .map((route) => route.slice(prefix.length));
  }, 'route index');
}

