/**
 * A 200-line cart stays quick where a shopper would notice, and every line stays in the
 * accessibility tree. Part of `npm test`; the bounds are generous (a loaded 2-core machine) and catch
 * stalls of seconds, not milliseconds.
 *
 * The stall these guard against: with `content-visibility: auto` on the lines, Chromium skips the
 * lines out of view, and anything that measures a control in a skipped line lays the list out again.
 * Chrome's autofill measures every form field ~100 ms after fields change, so one quantity change
 * (or opening the drawer) froze the page for 2–8 s; and skipped lines are left out of the
 * accessibility tree.
 */
import { expect, pause, waitUntil } from '../helpers/testing.js';
import { seedLines, useShop } from '../helpers/shop.js';
import { openDrawer } from '../elements/cart-drawer/drawer-page.js';

const LINES = 200;

const nextPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))));

/** Watches frames until `stop()`, which returns the longest time between two of them, ms. */
function watchFrames(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      return Math.max(longest, performance.now() - last);
    },
  };
}

describe(`<cart-drawer> with a ${LINES}-line cart, speed`, () => {
  const shop = useShop();

  async function longCart() {
    await seedLines(shop(), LINES);
    await shop().store().load();
    const el = await openDrawer(shop());
    const lines = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=line]')];
    expect(lines).to.have.length(LINES);
    return { el, lines };
  }

  it('changes a line out of view without a stall', async () => {
    const { el, lines } = await longCart();
    const target = lines[LINES - 10]!;
    const body = el.shadowRoot!.querySelector('[part~=body]')!;
    expect(target.getBoundingClientRect().top, 'the line is out of view').to.be.above(body.getBoundingClientRect().bottom);

    const frames = watchFrames();
    const clicked = performance.now();
    target.querySelector<HTMLButtonElement>('[part~=quantity-increase]')!.click();
    await el.updateComplete;
    const shown = (await nextPaint()) - clicked;
    expect(target.querySelector('input')!.value).to.equal('2');
    await waitUntil(() => !shop().store().state.pending.length, 'the change never settled', { interval: 5, timeout: 10000 });
    await el.updateComplete;
    const confirmed = (await nextPaint()) - clicked;
    // Long enough for Chrome's autofill to look at the changed fields inside the watch.
    await pause(600);
    const longestFrame = frames.stop();

    // Typically ~50 ms, ~200 ms and a frame or two; the stall was 2–8 s.
    expect(shown, 'change → line painted, ms').to.be.below(1000);
    expect(confirmed, "change → shop's answer painted, ms").to.be.below(2500);
    expect(longestFrame, 'longest time without a frame, ms').to.be.below(1500);
  });

  it('lets a script measure every quantity field quickly, as Chrome autofill does', async () => {
    const { el } = await longCart();
    const inputs = [...el.shadowRoot!.querySelectorAll('input')];
    const started = performance.now();
    for (const input of inputs) input.getBoundingClientRect();
    // A few ms; over a second with content-visibility: auto in the lines' flex column.
    expect(performance.now() - started, 'ms').to.be.below(500);
  });

  it('renders every line, so each is in the accessibility tree', async () => {
    const { lines } = await longCart();
    // Lines skipped by content-visibility: auto are out of view *and* out of Chromium's accessibility
    // tree: a screen reader would find empty list items.
    const skipped = lines.filter((line) => !line.querySelector('input')!.checkVisibility({ contentVisibilityAuto: true }));
    expect(skipped, 'lines skipped from rendering').to.have.length(0);
  });
});
