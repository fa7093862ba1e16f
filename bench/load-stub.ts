/**
 * Page load with a 3-line cart (`run.mjs` loads `load-widget.html` and `load-vanilla.html` in turn):
 * `window.loadBench` says when the page first showed the count, which long tasks (over 50 ms) it
 * ran until then, and when the drawer was usable after a tap on the cart button made as soon as
 * the count showed. Imported first by both pages.
 *
 * The shop's answers come from the stand-in below, in one of two ways, both pages alike:
 * - on loopback (no `?shop=`): without delay, in a task of their own;
 * - under `run.mjs`'s network profile (`?shop=<origin>`): each request first makes a real request
 *   to the bench's server at that origin (a second port, so the shop is an origin of its own, as a
 *   real shop is), which answers after the profile's round trip; then the stand-in answers.
 */
import { StubService } from './stub-service.js';
import { benchLines, wireCart } from './wire-cart.js';

const network = globalThis.fetch.bind(globalThis);
const shop = new URLSearchParams(location.search).get('shop');
const service = new StubService();
service.cart = wireCart(benchLines(3));
service.install();
const answer = globalThis.fetch;
globalThis.fetch = shop
  ? async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      // A simple request (no headers of its own, so no preflight), logged by the server as what the page asked the shop.
      const trip = await network(`${shop}/__shop/${init?.method ?? 'GET'}${url.pathname}`, { signal: init?.signal, cache: 'no-store' });
      await trip.arrayBuffer();
      return answer(input, init);
    }
  : // No delay, but in a task of its own, as an answer from the network always comes: the stub alone
    // hands its answer over in the same task as the request, which no real page can.
    (input, init) => new Promise((resolve) => setTimeout(resolve)).then(() => answer(input, init));

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration })))).observe({
  type: 'longtask',
  buffered: true,
});

export interface LoadedPage {
  /** The count is on the cart button. */
  shown(): boolean;
  /** The cart button, which the shopper taps as soon as the count shows. */
  trigger(): HTMLElement;
  /** The drawer's dialog is open and lists every line, with its quantity field. */
  usable(): boolean;
}

/**
 * Looks once a frame (the same for both pages) until the count is shown, taps the cart button in
 * that frame, then looks once a frame until the drawer is usable: ms since navigation start.
 */
export function measureLoad(page: LoadedPage): void {
  let shown = 0;
  const look = () => {
    if (!page.shown()) return void requestAnimationFrame(look);
    shown = performance.now();
    tap(page.trigger());
    requestAnimationFrame(opened);
  };
  const opened = () => {
    if (!page.usable()) return void requestAnimationFrame(opened);
    const tasks = longTasks.filter((task) => task.start < shown).map((task) => task.duration);
    // When the page's own request left, so that `run.mjs` can put the server's log on this clock.
    const requestStart = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.requestStart ?? 0;
    Object.assign(globalThis, { loadBench: { shown, usable: performance.now(), longTasks: tasks, requestStart } });
  };
  requestAnimationFrame(look);
}

/**
 * A finger's tap, its events in one go: the pointer events a phone sends before the click (the
 * widget starts fetching the open drawer's code at `pointerenter` / `pointerdown`), then the click.
 * A real tap's click comes some 50–100 ms after its pointerdown: this is the least head start.
 */
function tap(target: HTMLElement): void {
  const init = { bubbles: true, composed: true, cancelable: true, pointerType: 'touch', isPrimary: true, pointerId: 1 };
  target.dispatchEvent(new PointerEvent('pointerover', init));
  target.dispatchEvent(new PointerEvent('pointerenter', { ...init, bubbles: false }));
  target.dispatchEvent(new PointerEvent('pointerdown', init));
  target.dispatchEvent(new PointerEvent('pointerup', init));
  target.click();
}
