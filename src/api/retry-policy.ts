import type { ApiError } from './errors.js';

/**
 * The one retry policy: how long to wait before a failed request goes again unchanged, or `-1`
 * when this failure is the answer. Only reads go again (a write may have reached the shop), only
 * after a failure that may pass (no answer, 429, 502, 503, 504: `ApiError.retryable`), at most
 * `retries` times, and only when the pause still ends before the read's deadline (`msLeft`): a
 * shop that never answers shows the shopper an error in time. The pause doubles from `backoffMs`,
 * or is the shop's `Retry-After` (at most 10 s).
 *
 * (The pipeline's recoveries — a refreshed token, a forgotten cart key — send a *changed* request
 * once more: `store/request-stages.ts`.)
 */
export function retryPause(error: ApiError, read: boolean, attempt: number, retries: number, backoffMs: number, msLeft: number): number {
  const { retryAfter } = error;
  const pause = retryAfter === undefined ? backoffMs * 2 ** (attempt - 1) : Math.min(retryAfter * 1000, 10_000);
  return !error.retryable || !read || attempt > retries || pause >= msLeft ? -1 : pause;
}
