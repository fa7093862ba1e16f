/**
 * Page load with a 3-line cart (`run.mjs` loads `load-widget.html` and `load-vanilla.html` in turn):
 * the shop answers at once, and `window.loadBench` says when the page first showed the count and
 * which long tasks (over 50 ms) it ran until then. Imported first by both pages.
 */
import { StubService } from './stub-service.js';
import { benchLines, wireCart } from './wire-cart.js';

const service = new StubService();
service.cart = wireCart(benchLines(3));
service.install();

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
