/**
 * `@open-wc/testing`, with patient waits: its `waitUntil` gives up after 1 s, and a busy CI machine
 * can spend that on a lazy chunk (the store's actions, the drawer's panel) and an answer through
 * msw. A condition that holds is seen at once, so only a failing wait takes longer. Tests that wait
 * import `waitUntil` from here.
 */
import * as openWc from '@open-wc/testing';

export * from '@open-wc/testing';

export const waitUntil: typeof openWc.waitUntil = (predicate, message, options = {}) =>
  openWc.waitUntil(predicate, message, { timeout: 4000, ...options });

/**
 * A task after the next frame: what a store tells the other tabs goes out then (`persistence.ts`),
 * so by now a store has sent everything it had to say before this was called.
 */
export const afterNextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

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
