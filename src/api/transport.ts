import { ApiError } from './errors.js';
import { pageUrl } from './page-url.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP exchange with the shop: the request, its answer's JSON (`undefined` when the body is
 * not JSON) and headers, or an `ApiError` saying why not. Retries, deadlines and credentials are
 * the client's; what an error answer means is `http-errors.ts`'s.
 */
export async function exchange(
  method: Method,
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<{ json: unknown; headers: Headers }> {
  if (signal?.aborted) throw aborted(signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, Math.max(0, timeoutMs));
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  let text: string;
  // The timer and the caller's signal also cover reading the body, not only the headers.
  try {
    response = await fetch(url, { ...init, signal: controller.signal });
    text = await response.text();
  } catch (cause) {
    throw signal?.aborted
      ? aborted(cause)
      : timedOut
        ? new ApiError({ kind: 'timeout', message: `${method} ${redactUrl(url)}: no answer in ${Math.round(timeoutMs)} ms`, cause })
        : new ApiError({ kind: 'network', message: `${method} ${redactUrl(url)}: no answer (offline, DNS or CORS)`, cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  // An empty or non-JSON body (a proxy's HTML page) reads as `undefined`: error bodies then
  // fall back to a message for the status, and the parsers refuse it for routes that need one.
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  if (!response.ok) {
    const request = `${method} ${redactUrl(url)}`;
    throw await import('./http-errors.js').then(
      ({ httpError }) => httpError(response, json, request),
      // The explanation could not load (the script's host is down, not the shop's): the status still says what happened.
      () => new ApiError({ kind: response.status === 401 ? 'auth' : 'http', status: response.status, message: `${request} answered ${response.status}` }),
    );
  }
  return { json, headers: response.headers };
}

/**
 * A URL fit for a console line, an error message or an event: without its query, which may carry a
 * secret (Basic credentials in spec rule 5's fallback, the admin key pair, the guest cart key, the
 * hand-over hash), and without user info. Every URL that leaves the api layer in words goes through here.
 */
export const redactUrl = (url: string): string => url.split(/[?#]/)[0]!.replace(/\/\/[^/]*@/, '//');

function aborted(cause: unknown): ApiError {
  return new ApiError({ kind: 'aborted', message: 'The request was cancelled.', cause });
}

/** Waits `ms`; rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** https, or a loopback host (localhost, 127.0.0.1, [::1]) for development. */
export function isSecureBase(baseUrl: string): boolean {
  const url = pageUrl(baseUrl);
  if (url.protocol === 'https:') return true;
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}
