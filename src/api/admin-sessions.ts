import type { Credentials, ShopConnection } from './shop-connection.js';
import { ApiError } from './errors.js';
import type { AdminSession } from './model.js';
import { refusedCredentials, refusedCredentialsOn500 } from './refused-credentials.js';
import { parseSessions } from './schemas.js';

export interface KeyPair {
  consumerKey: string;
  consumerSecret: string;
  /**
   * Spec rule 5: send the pair as query parameters instead of `Authorization`, for servers that
   * drop the header. Only over https (or this machine), as Basic.
   */
  inQuery?: boolean;
}

/**
 * Admin: the carts' sessions. It belongs on a back-office page, never a shopper's (architecture
 * §4), so the script tag leaves it out; the npm package exports it. The store-issued key pair is
 * used for this call only and never kept; like every Basic credential it is refused over plain
 * http (localhost excepted) before anything is sent.
 *
 * A pair the shop refuses rejects with an `ApiError` whose `refusedCredentials` is true: real CoCart
 * answers a wrong pair sent as Basic with an empty 500 (it then tries the key as a username), told
 * from an outage by asking the route again without credentials; as query parameters, with 401
 * `cocart_rest_cannot_view`. A customer's credentials get 403: refused too.
 */
export async function listSessions(connection: ShopConnection, keys: KeyPair, signal?: AbortSignal): Promise<AdminSession[]> {
  const { consumerKey, consumerSecret, inQuery } = keys;
  const basic: Credentials = { kind: 'basic', username: consumerKey, password: consumerSecret };
  // The pair in the query is refused over plain http as Basic is: asked with it as Basic, the api
  // refuses before anything is sent.
  if (inQuery && !connection.secure) await connection.send('GET', 'v2/sessions', { credentials: basic, signal });
  try {
    const { json } = await connection.send(
      'GET',
      'v2/sessions',
      { credentials: inQuery ? { kind: 'none' } : basic, signal },
      undefined,
      inQuery ? { consumer_key: consumerKey, consumer_secret: consumerSecret } : {},
    );
    return parseSessions(json);
  } catch (caught) {
    const error = await refusedCredentialsOn500(connection, 'v2/sessions', caught, signal, 'GET');
    if (!(error instanceof ApiError)) throw error;
    // Real servers answer 404 when there are no sessions at all.
    if (error.status === 404 && !error.is('rest_no_route')) return [];
    throw !error.refusedCredentials && (error.status === 401 || error.status === 403) ? refusedCredentials(error, 'the key pair was refused') : error;
  }
}
