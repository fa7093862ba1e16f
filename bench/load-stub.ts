/**
 * Page load with a 3-line cart (`run.mjs` loads `load-widget.html` and `load-vanilla.html` in turn):
 * the shop answers without delay, and `window.loadBench` says when the page first showed the count
 * and which long tasks (over 50 ms) it ran until then. Imported first by both pages.
 */
import { StubService } from './stub-service.js';
import { benchLines, wireCart } from './wire-cart.js';

const service = new StubService();
service.cart = wireCart(benchLines(3));
service.install();
// No delay, but in a task of its own, as an answer from the network always comes: the stub alone
// hands its answer over in the same task as the request, which no real page can (both pages alike).
const answer = globalThis.fetch;
globalThis.fetch = (input, init) => new Promise((resolve) => setTimeout(resolve)).then(() => answer(input, init));

const longTasks: number[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask', buffered: true });

/** Looks once a frame (the same for both pages) until `shown()` holds: ms since navigation start. */
export function whenShown(shown: () => boolean): void {
  const look = () => {
    if (!shown()) return void requestAnimationFrame(look);
    Object.assign(globalThis, { loadBench: { shown: performance.now(), longTasks } });
  };
  requestAnimationFrame(look);
}
