/** The admin sessions list and WordPress's route index. */
import * as z from 'zod/mini';
import type { AdminSession } from '../model.js';
import { entries, isObj, need, Str, Text, then } from './fields.js';

/**
 * The sessions route's answer: a list (or an object keyed by id) of sessions, each an object;
 * ids and timestamps may come as numbers.
 */
export const sessionsSchema = entries(
  then(
    z.object({
      cart_id: Str,
      cart_key: Str,
      customers_name: Text,
      customers_email: Str,
      cart_created: Str,
      cart_expiry: Str,
      cart_source: Str,
      link: Str,
    }),
    (s): AdminSession => ({
        cartId: s.cart_id,
        cartKey: s.cart_key,
        customerName: s.customers_name,
        customerEmail: s.customers_email,
        created: s.cart_created,
        expiry: s.cart_expiry,
        source: s.cart_source,
        link: s.link,
      }),
  ),
);

/** WordPress's namespace index, `{ namespace, routes: { "/ns/v2/cart": {…}, … } }`: the route paths it lists (`routes` must be an object). */
export const routeIndexSchema = z.object({ routes: z.transform((v: unknown, payload) => Object.keys(need(isObj(v) && v, payload) || {})) });
