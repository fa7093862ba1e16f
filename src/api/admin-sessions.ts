import type { ApiCore } from './connection.js';
import { ApiError } from './errors.js';
import type { AdminSession } from './model.js';
import { parseSessions } from './schemas.js';

export interface KeyPair {
  consumerKey: string;
  consumerSecret: string;
  /** Spec rule 5: send the pair as query parameters too, for servers that drop `Authorization`. */
  inQuery?: boolean;
}

/**
 * Admin: the carts' sessions. It belongs on a back-office page, never a shopper's (architecture
 * §4), so the script tag leaves it out; the npm package exports it. The store-issued key pair is
 * used for this call only and never kept; like every Basic credential it is refused over plain
 * http (localhost excepted) before anything is sent.
 */
export async function listSessions(api: ApiCore, keys: KeyPair, signal?: AbortSignal): Promise<AdminSession[]> {
  const { consumerKey, consumerSecret } = keys;
  try {
    const { json } = await api.send(
      'GET',
      'v2/sessions',
      { credentials: { kind: 'basic', username: consumerKey, password: consumerSecret }, signal },
      undefined,
      keys.inQuery ? { consumer_key: consumerKey, consumer_secret: consumerSecret } : {},
    );
    return parseSessions(json);
  } catch (error) {
    // Real servers answer 404 when there are no sessions at all.
    if (error instanceof ApiError && error.status === 404 && !error.is('rest_no_route')) return [];
    throw error;
  }
}
