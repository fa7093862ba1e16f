/**
 * The readers a page needs before the shopper acts: the cart and an error answer, with the one way
 * a failed read becomes an `ApiError`. `schemas.ts` adds the readers of what only the shopper's
 * actions get (products, sign-in, the route index, addresses, sessions), and `token-refresh.ts`
 * the refreshed token pair's: the script tag's entry carries only these (docs/architecture.md,
 * "Loading later, and bytes").
 */
import type * as z from 'zod/mini';
import { ApiError } from './errors.js';
import type { AmountsMode, Cart } from './model.js';
import { cartSchema } from './wire/cart.js';
import { withPlainPrototypes } from './wire/plain-prototypes.js';

export type { ErrorBody } from './wire/auth.js';

export interface ParseOptions {
  amounts: AmountsMode;
  /** Reads cart answers (`cartReader`); none: `cartSchema`, each line read anew. */
  cartReader?: z.ZodMiniType<Cart>;
}

/**
 * Runs a parse; any failure becomes the api layer's one error type, never a zod error. A parse may
 * build schemas (`cartSchema(options)`), so it runs with the page's prototype additions hidden.
 */
export function readOrThrow<T>(parse: () => T, what = 'answer'): T {
  try {
    return withPlainPrototypes(parse);
  } catch (cause) {
    throw new ApiError({ kind: 'invalid-response', message: `unreadable ${what}: ${String(cause)}`, cause });
  }
}

export const parseCart = (raw: unknown, options: ParseOptions): Cart => readOrThrow(() => (options.cartReader ?? cartSchema(options)).parse(raw));
