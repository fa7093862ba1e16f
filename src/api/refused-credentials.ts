// What a refusal of credentials looks like: the sign-in (`CartApi.login`) and the sessions route
// (`admin-sessions.ts`) both tell one from an outage.
import { ApiError } from './errors.js';
import type { ShopConnection } from './shop-connection.js';

/**
 * The same failure, known now to be the shop refusing the credentials the request carried (`why`,
 * for developers): `auth`, with no status (the message keeps the one the shop sent), so that
 * nothing reads a refusal as an outage (`transient`) or as anything else a status says.
 */
export function refusedCredentials(error: ApiError, why: string): ApiError {
  const { code, shopMessage, twoFactor } = error;
  return new ApiError({ kind: 'auth', code, shopMessage, twoFactor, message: `${error.message} (${why})`, cause: error.cause });
}

/**
 * What a 500 to a request with credentials meant. Real shops answer some refused credentials with
 * a PHP error, not a 401: an unknown username (CoCart's Basic check fails on the user it did not
 * find: an empty 500 on WordPress 6, the critical-error JSON on WordPress 7), a wrong admin key pair
 * sent as Basic. Told from an outage by what the shop does, not by the body: asked again without
 * credentials (nothing to change, nothing to read), a healthy shop refuses the request as it
 * refuses a guest (401/403), and then the 500 was about the credentials (`refusedCredentials`). A
 * shop that fails that too, or does not answer, is in trouble: the error stays as it was.
 */
export async function refusedCredentialsOn500(connection: ShopConnection, path: string, error: unknown, signal?: AbortSignal, method: 'GET' | 'POST' = 'POST'): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status !== 500) return error;
  try {
    await connection.send(method, path, { signal });
  } catch (probe) {
    if (probe instanceof ApiError && (probe.status === 401 || probe.status === 403)) return refusedCredentials(error, `${probe.status} without them: credentials refused`);
  }
  return error;
}
