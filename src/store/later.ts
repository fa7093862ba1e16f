import { ApiError } from '../api/errors.js';
import type * as Module from './actions.js';

/**
 * What a page needs only once the shopper acts — sign-in, sign-out, every change of the cart, the
 * route index, products — is `actions.ts` (with the routes it calls), a module of its own: the
 * script tag's entry shows the cart without it. It loads when the browser is idle after the first
 * cart came in (`loadWhenIdle`), or at the first action that needs it (`loadActions`), whichever
 * comes first; once here, the store calls it synchronously, as if it had always been part of it.
 */
export type Actions = typeof Module;

/** The module, once loaded. */
export let actions: Actions | undefined;
let loading: Promise<Actions> | undefined;
let scheduled = false;

/** The module; rejects with an `ApiError` (`network`) when it could not be loaded, and tries again next time. */
export function loadActions(): Promise<Actions> {
  return (loading ??= import('./actions.js').then(
    (module) => (actions = module),
    (cause: unknown) => {
      loading = undefined;
      throw new ApiError({ kind: 'network', message: `cart-widget could not load its actions: ${String(cause)}`, cause });
    },
  ));
}

/** Starts loading the module once the browser has nothing else to do (the cart on screen first). */
export function loadWhenIdle(): void {
  if (loading || scheduled) return;
  scheduled = true;
  const load = () => void loadActions().catch(() => {});
  if ('requestIdleCallback' in globalThis) requestIdleCallback(load);
  else setTimeout(load, 200);
}
