/**
 * How fast the drawer is with a 200-line cart, in the test browser (median of 10 runs each):
 *   1. cart response → 200-line drawer painted: from the moment the shop's answer leaves the fake
 *      shop (reading, parsing, the store, rendering, layout) to the first frame painted after the
 *      drawer rendered every line;
 *   2. quantity change → line updated: from the shopper's click on "+" to the frame that shows
 *      the new quantity and line total (the optimistic update; the shop confirms later, printed too).
 * Run: npx wtr --files test/perf/cart-drawer.perf.ts   (prints the medians; not part of `npm test`)
 */
import { expect, fixture, html, waitUntil } from '../helpers/testing.js';
import { HttpResponse, http } from 'msw';
import '../../src/elements/cart-drawer/define.js';
import type { CartDrawer } from '../../src/elements/cart-drawer/cart-drawer.js';
import { seedLines, useShop, worker } from '../helpers/shop.js';

const RUNS = 10;
const LINES = 200;

const nextPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};
const lines = (el: CartDrawer) => el.shadowRoot!.querySelectorAll('[part~=line]');

describe('<cart-drawer> performance', () => {
  const shop = useShop();
  const responseToPaint: number[] = [];
  const changeToPaint: number[] = [];
  const changeToConfirmed: number[] = [];

  after(() => {
    const ms = (values: number[]) => `${median(values).toFixed(1)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
    console.log(`cart response → ${LINES}-line drawer painted: median ${ms(responseToPaint)}`);
    console.log(`quantity change → line updated: median ${ms(changeToPaint)}`);
    console.log(`quantity change → shop's answer painted (no network delay): median ${ms(changeToConfirmed)}`);
  });

  for (let run = 1; run <= RUNS; run++) {
    it(`run ${run}: paints ${LINES} lines, then one quantity change`, async () => {
      await seedLines(shop(), LINES);
      const el = await fixture<CartDrawer>(html`<cart-drawer base-url=${shop().baseUrl}></cart-drawer>`);
      await waitUntil(() => shop().store().state.cart);
      await el.show();
      await nextPaint();

      // The open drawer shows the seeded lines once the cart is read again. The fake shop's own
      // work (pricing 200 lines) is done beforehand, so the clock measures the widget alone.
      const body = await (await fetch(`${shop().url('v2/cart')}?thumb=true&cart_key=${shop().store().state.cart!.key}`)).json();
      let answered = 0;
      worker.use(
        http.get(shop().url('v2/cart'), () => {
          answered = performance.now();
          return HttpResponse.json(body);
        }),
      );
      const loaded = shop().store().load();
      await waitUntil(() => lines(el).length === LINES, 'the lines never showed', { interval: 1, timeout: 10000 });
      await el.updateComplete;
      const painted = await nextPaint();
      await loaded;
      responseToPaint.push(painted - answered);

      const target = lines(el)[LINES - 50]!;
      const clicked = performance.now();
      target.querySelector<HTMLButtonElement>('[part~=quantity-increase]')!.click();
      await el.updateComplete;
      const updated = await nextPaint();
      expect(target.querySelector('input')!.value).to.equal('2');
      expect(target.querySelector('[part~=line-total]')!.textContent).to.contain('$36.00');
      changeToPaint.push(updated - clicked);
      await waitUntil(() => !shop().store().state.pending.length, 'the change never settled', { interval: 1, timeout: 10000 });
      await el.updateComplete;
      changeToConfirmed.push((await nextPaint()) - clicked);
    });
  }
});
