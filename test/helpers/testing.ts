/**
 * The one module tests import their tools from: `@open-wc/testing` (re-exported whole), with patient
 * waits — its `waitUntil` gives up after 1 s, and a busy CI machine can spend that on a lazy chunk
 * (the store's actions, the drawer's panel) and an answer through msw; a condition that holds is
 * seen at once, so only a failing wait takes longer — and the few small helpers every kind of test
 * needs: `pause`, `waitFor`, and the `bearer` / `basic` Authorization headers.
 */
import * as openWc from '@open-wc/testing';

export * from '@open-wc/testing';

export const waitUntil: typeof openWc.waitUntil = (predicate, message, options = {}) =>
  openWc.waitUntil(predicate, message, { timeout: 4000, ...options });

/** Resolves after `ms` milliseconds (a task later, without `ms`). */
export const pause = (ms?: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `find` finds something (a throw counts as not yet) and returns it; `what` names what
 * never came when the wait times out (after 4 s, unless `options` says otherwise).
 */
export async function waitFor<T>(
  find: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  what: string,
  options?: { timeout?: number; interval?: number },
): Promise<T> {
  let found: T | null | undefined | false;
  await waitUntil(
    async () => {
      try {
        found = await find();
      } catch {
        found = undefined;
      }
      return Boolean(found);
    },
    `waited in vain for ${what}`,
    options,
  );
  return found as T;
}

/** The `Authorization` header of a bearer token, as a request's headers. */
export const bearer = (token: string): { Authorization: string } => ({ Authorization: `Bearer ${token}` });

/** The `Authorization` header of Basic credentials, as a request's headers. */
export const basic = (username: string, password: string): { Authorization: string } => ({ Authorization: `Basic ${btoa(`${username}:${password}`)}` });

/** A task after the next frame. */
export const afterNextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * Once the page was idle after its next frame: by then a store has told the other tabs everything
 * it had to say before this was called (a cart goes once the page is idle, the rest in the next
 * task: `persistence.ts`; Safari has no idle callbacks and sends it all in the next task).
 */
export const afterTabsTold = (): Promise<void> =>
  afterNextFrame().then(() => ('requestIdleCallback' in globalThis ? new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve))) : undefined));

/** Links the stylesheet a merchant links beside the script (`cart-widget.css`); resolves with the link once it applies. */
export function linkWidgetStylesheet(): Promise<HTMLLinkElement> {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/src/cart-widget.css' });
  const linked = new Promise<HTMLLinkElement>((resolve, reject) => {
    link.addEventListener('load', () => resolve(link), { once: true });
    link.addEventListener('error', reject, { once: true });
  });
  document.head.append(link);
  return linked;
}

/** Runs `task` as in a browser without the Web Locks API (an http page, an older browser). */
export async function withoutWebLocks<T>(task: () => Promise<T>): Promise<T> {
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
  try {
    return await task();
  } finally {
    delete (navigator as { locks?: unknown }).locks;
  }
}
