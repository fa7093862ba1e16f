import { ApiError } from '../api/errors.js';
import { lazy, type Lazy } from './lazy.js';
import type * as Module from './store-actions.js';

/**
 * What a page needs only once the shopper acts — sign-in, sign-out, every change of the cart, the
 * route index, products — is `store-actions.ts` (with the concepts and routes it uses), a module of
 * its own: the script tag's entry shows the cart without it. It loads when the browser is idle
 * after the first cart came in (`loadWhenIdle`), or at the first action that needs it
 * (`loadStoreActions`), whichever comes first; once here, each store makes its `StoreActions` and
 * calls them synchronously, as if they had always been part of it.
 */
export type StoreActionsModule = typeof Module;

/** The module, once loaded. */
export let actions: StoreActionsModule | undefined;
let scheduled = false;

/** The module; rejects with an `ApiError` (`network`) when it could not be loaded, and tries again next time. */
export const loadStoreActions: Lazy<StoreActionsModule> = lazy(() =>
  import('./store-actions.js').then(
    (module) => (actions = module),
    (cause: unknown) => {
      throw new ApiError({ kind: 'network', message: `no store actions: ${String(cause)}`, cause });
    },
  ),
);

/** Starts loading the module once the browser has nothing else to do (the cart on screen first). */
export function loadWhenIdle(): void {
  if (loadStoreActions.asked || scheduled) return;
  scheduled = true;
  const load = () => void loadStoreActions().catch(() => {});
  if ('requestIdleCallback' in globalThis) requestIdleCallback(load);
  else setTimeout(load, 200);
}
