/**
 * The merchant's page does not jump as the widget fills in: `demo/embed.html` links
 * `dist/cart-widget.css` beside the script, and its layout shifts (the browser's own measure behind
 * Cumulative Layout Shift) stay within Lighthouse's "good" margin, on a desktop and a phone width.
 */
import { expect, waitUntil } from '../helpers/testing.js';
import { byRole, descriptionOf, openEmbed, type EmbedFrame } from './embed-frame.js';

const slow = { timeout: 10_000, interval: 20 };
/** Only Chromium reports `layout-shift` entries: elsewhere there is nothing to measure. */
const measurable = PerformanceObserver.supportedEntryTypes.includes('layout-shift');

interface Shift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node?: Node | null }[];
}

for (const size of [
  { name: 'a desktop', width: 1280, height: 900 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  describe(`the embed page's layout, on ${size.name}`, () => {
    let page: EmbedFrame | undefined;

    afterEach(() => page?.remove());

    (measurable ? it : it.skip)(
      `shifts by less than 0.02 while every element loads (skipped where the engine reports no layout-shift entries)`,
      async () => {
        page = await openEmbed(size);
        const frame = page.document.defaultView as Window & typeof globalThis;
        const shifts: Shift[] = [];
        // `buffered`: also the shifts from before this observer, back to the page's first paint.
        const observer = new frame.PerformanceObserver((list) => shifts.push(...(list.getEntries() as Shift[])));
        observer.observe({ type: 'layout-shift', buffered: true });
        try {
          await waitUntil(() => descriptionOf(byRole(page!.document, 'button', 'Cart') ?? page!.document.body) === '0 items', 'the cart never loaded', slow);
          await waitUntil(() => byRole(page!.document, 'spinbutton', 'Quantity of Kenya Sample'), 'the tasting box never loaded', slow);
          await waitUntil(() => byRole(page!.document, 'textbox', 'Username, email or phone'), 'the sign-in form never showed', slow);
          // Two frames, so the last render's shifts have been reported.
          for (let i = 0; i < 2; i++) await new Promise((resolve) => frame.requestAnimationFrame(resolve));
          shifts.push(...(observer.takeRecords() as Shift[]));
        } finally {
          observer.disconnect();
        }
        const total = shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0);
        const moved = shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.sources.map((source) => source.node?.nodeName ?? '?').join(', ')}`);
        expect(total, `layout shifts: ${moved.join('; ') || 'none'}`).to.be.at.most(0.02);
      },
    );
  });
}
