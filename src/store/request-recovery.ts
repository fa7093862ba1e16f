import type { Credentials } from '../api/shop-connection.js';
import type { ApiError } from '../api/errors.js';
import { forgetCartKey } from './cart-key.js';
import type { Persistence } from './persistence.js';
import type { CartKeyChoice, StageOptions } from './request-stages.js';
import type { Session } from './session.js';

// The stages of a request that failed (`RequestPipeline.send`, docs/architecture.md "A request,
// stage by stage"), each tested alone in `test/store/request-stages.test.ts`. Loaded at a page's
// first failed request, with the store's actions (a page loads them when idle anyway): a page whose
// requests all succeed never runs them.

/**
 * Stage "a refused token": `Session.recover` (a refresh, or the new tokens of another tab) says
 * whether the request goes once more with fresh credentials. A recovery that fails says no.
 */
export function recoverRefusedToken(session: Session, error: ApiError, sent: Credentials): Promise<boolean> {
  return session.recover(error, sent).catch(() => false);
}

/**
 * Stage "a lost key": a kept key the service no longer knows is forgotten in every tab. Returns
 * `true` when the request goes once more without it (`freshCart`: an add makes a fresh cart);
 * otherwise the cart is read again (`reread`) and the failure stands.
 */
export function dropLostKey(persistence: Persistence, error: ApiError, sent: CartKeyChoice, options: StageOptions, reread: () => Promise<unknown>): boolean {
  if (!sent.guest || !sent.cartKey || !error.lostCart) return false;
  forgetCartKey(persistence);
  if (options.freshCart) return true;
  reread().catch(ignore);
  return false;
}

/**
 * Stage "a reread after an unknown write": a change whose answer never came (or whose line was
 * gone) is followed by a read of the cart, so the shopper sees the shop's truth, never a guess; the
 * failure then says the cart was read again (`ApiError.withCartReread`).
 */
export async function rereadAfterUnknownWrite(error: ApiError, options: StageOptions, reread: () => Promise<unknown>): Promise<ApiError> {
  if (options.write && (error.outcomeUnknown || error.lineGone) && (await reread().then(() => true, () => false))) return error.withCartReread();
  return error;
}

function ignore(): void {}
