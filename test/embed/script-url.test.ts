/**
 * One copy of the script tag whatever its URL (issue 31.1). WordPress's `wp_enqueue_script` loads
 * `cart-widget.js?ver=6.6.2`; a CDN may add a hash or rewrite the path. The element chunks used to
 * import `../cart-widget.js` by that name, which to the browser is another module than
 * `cart-widget.js?ver=6.6.2`: the page ran the entry twice, two stores, the header's count in one and
 * the drawer in the other, two cart reads. Now no chunk names the entry: the entry hands what they use
 * to a slot of its build on `globalThis` (scripts/one-copy.ts). The page: test/embed/wordpress.html.
 */
import { expect, waitUntil } from '../helpers/testing.js';
import { byRole, descriptionOf, openEmbed, type EmbedFrame } from './embed-frame.js';

const slow = { timeout: 5000, interval: 20 };

// `&twice`: the same file enqueued again as `?ver=7.0`; both copies run, the first one's store serves the page.
for (const suffix of ['?ver=6.6.2', '#v2', '?ver=6.6.2&twice']) {
  describe(`the script tag at cart-widget.js${suffix}`, () => {
    let page: EmbedFrame;

    beforeEach(async () => {
      page = await openEmbed(undefined, `/test/embed/wordpress.html${suffix}`);
    });

    afterEach(() => {
      page.remove();
    });

    const frame = () => page.document.defaultView as Window & typeof globalThis;
    const loaded = () => frame().performance.getEntriesByType('resource').map((entry) => new URL(entry.name));
    /** What the header's `<cart-count>` says, and the drawer's button. */
    const counts = () => {
      const count = page.document.querySelector('cart-count')!.shadowRoot?.querySelector('.visually-hidden')?.textContent?.trim();
      const trigger = byRole(page.document, 'button', 'Cart');
      return { header: count ?? '', drawer: trigger ? descriptionOf(trigger) : '' };
    };

    it('runs one copy: the script once, one cart read, and "+" in the drawer counts in the header', async () => {
      await waitUntil(() => counts().header && counts().drawer, 'the count or the drawer never showed the cart', slow);
      // Long enough for a second copy's first cart read to go out.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const entries = loaded().filter((url) => url.pathname === '/dist/cart-widget.js').length - (suffix.endsWith('twice') ? 1 : 0);
      const reads = loaded().filter((url) => /^\/wp-json\/[^/]+\/v2\/cart$/.test(url.pathname)).length;
      const before = counts();

      byRole<HTMLButtonElement>(page.document.querySelector('add-to-cart')!, 'button', 'Add to cart')!.click();
      await waitUntil(() => byRole<HTMLDialogElement>(page.document, 'dialog', 'Cart')?.open, 'the drawer did not open', slow);
      const drawer = byRole<HTMLDialogElement>(page.document, 'dialog', 'Cart')!;
      const plus = () => byRole<HTMLButtonElement>(drawer, 'button', 'Increase quantity of Ethiopia Yirgacheffe Beans');
      await waitUntil(() => plus() && counts().drawer === '1 item', 'the new line is not listed', slow);
      plus()!.click();
      await waitUntil(() => counts().drawer === '2 items', 'the drawer did not count 2 after "+"', slow);
      // The header's count follows at once from the same store (a second store would hear it only
      // through the tabs' channel, if at all): give it one frame.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await page.document.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>('cart-count')!.updateComplete;
      expect({ entries, reads, before, after: counts() }).to.deep.equal({
        entries: 1,
        reads: 1,
        before: { header: '0 items in your cart', drawer: '0 items' },
        after: { header: '2 items in your cart', drawer: '2 items' },
      });
      expect(page.violations()).to.deep.equal([]);
    });
  });
}
