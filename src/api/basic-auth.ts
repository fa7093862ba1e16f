import { ApiError } from './errors.js';

// Basic credentials on a request. They exist only in the page that signed in with them (never
// kept: spec rule 2), so this loads with that sign-in, in the store's actions chunk: a page's first
// script never carries it.

/**
 * Puts `credentials` on a request to `baseUrl` — the `Authorization` header, and the query too when
 * the shop needs them there (`inQuery`) — or refuses before anything is sent when the connection is
 * not `secure` (https, or this machine for development). Returns the query to send.
 */
export function withBasicCredentials(
  credentials: { username: string; password: string; inQuery?: boolean },
  headers: Record<string, string>,
  query: Record<string, string | undefined>,
  baseUrl: string,
  secure: boolean,
): Record<string, string | undefined> {
  if (!secure) throw new ApiError({ kind: 'insecure-transport', message: `Basic credentials need https (or localhost): not sent to ${baseUrl}.` });
  const { username, password } = credentials;
  headers.Authorization = `Basic ${base64(`${username}:${password}`)}`;
  return credentials.inQuery ? { ...query, username, password } : query;
}

function base64(text: string): string {
  // btoa takes Latin-1 only; encode UTF-8 first so passwords with any character work.
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}
