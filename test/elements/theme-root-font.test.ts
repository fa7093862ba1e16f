// Architecture §3 "The page is the merchant's": a theme's root font size changes nothing inside the
// elements (issue 31, point 2). Many themes set `html { font-size: 62.5% }` so that 1rem is 10px,
// and size their own text back up on `body`; `rem` inside a shadow root follows that root.
import { expect, html, waitUntil } from '../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import type { CartDrawer } from '../../src/elements/cart-drawer/cart-drawer.js';
import { deepQueryAll, getByRole, isPerceivable, queryAllByRole } from '../helpers/queries.js';
import { useShop } from '../helpers/shop.js';
import { openDrawer } from './cart-drawer/drawer-page.js';
import { BOX_ID, pickerFor, waitForBox } from './mnm-container-picker/picker-page.js';

const shop = useShop();

/** A theme's rules on the page, for one test. */
function theme(rules: string): () => void {
  const style = document.createElement('style');
  style.textContent = rules;
  document.head.append(style);
  return () => style.remove();
}

const box = (node: Element) => {
  const { width, height } = node.getBoundingClientRect();
  return `${Math.round(width)}×${Math.round(height)}`;
};

/** What a shopper sees of the open drawer's size: its width, the title's size, the quantity control. */
function drawerSizes(el: CartDrawer) {
  const part = (name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
  return {
    drawer: box(part('dialog')),
    title: getComputedStyle(part('title')).fontSize,
    decrease: box(part('quantity-decrease')),
    increase: box(part('quantity-increase')),
    input: box(part('quantity-input')),
    close: box(part('close')),
    image: box(part('image')),
  };
}

/** Every control a pointer can hit that is smaller than WCAG 2.5.8's 24 × 24 px. */
function smallTargets(root: Element): string[] {
  return deepQueryAll(root, 'button, a[href], input, select, summary')
    .filter((node) => isPerceivable(node) && node.getClientRects().length)
    .filter((node) => {
      // A radio or checkbox is hit through its label, which wraps it.
      const target = node.matches('[type=radio], [type=checkbox]') ? (node.closest('label') ?? node) : node;
      const { width, height } = target.getBoundingClientRect();
      return width < 24 || height < 24;
    })
    .map((node) => `${node.getAttribute('part') ?? node.localName} ${box(node)}`);
}

async function drawerWithLines(): Promise<CartDrawer> {
  await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
  await shop().store().addItem({ id: ID.espressoMachine, quantity: 1 });
  const el = await openDrawer(shop());
  await waitUntil(() => queryAllByRole(el, 'spinbutton').length === 2, 'no lines');
  return el;
}

async function pickerSizes() {
  const el = await pickerFor(html`<mnm-container-picker base-url=${shop().baseUrl} product-id=${BOX_ID}></mnm-container-picker>`);
  await waitForBox(el);
  const part = (name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
  return { el, sizes: { step: box(part('step')), image: box(part('image')) } };
}

// Why not follow the root at all: `rem` is the root's font size, which is both the shopper's
// preferred text size (the browser's font-size setting, which must scale the elements) and whatever
// the theme's CSS did to it (which must not). The elements size themselves from `medium` — the
// shopper's preference alone — so 200 % text in the browser still doubles them, and a theme's
// `html { font-size: 62.5% }` does nothing.
const THEMES = {
  'html { font-size: 62.5% } with the body text set back': 'html { font-size: 62.5% } body { font-size: 1.6rem }',
  'html { font-size: 62.5% } alone': 'html { font-size: 62.5% }',
  'html { font-size: 150% }': 'html { font-size: 150% }',
};

describe("a theme's root font size", function () {
  // Two drawers (or pickers) per test, one on each page: slow on a busy machine.
  this.timeout(30000);

  for (const [name, rules] of Object.entries(THEMES)) {
    it(`leaves the open drawer as on a plain page: ${name}`, async () => {
      const first = await drawerWithLines();
      const plain = drawerSizes(first);
      first.remove();
      expect(plain.drawer.startsWith('448×'), plain.drawer).to.be.true;
      const undo = theme(rules);
      try {
        const el = await drawerWithLines();
        expect(drawerSizes(el)).to.deep.equal(plain);
        expect(smallTargets(el), 'targets under 24 × 24 px').to.deep.equal([]);
        await expect(el).to.be.accessible();
      } finally {
        undo();
      }
    });

    it(`leaves the box picker's buttons and pictures as on a plain page: ${name}`, async () => {
      const { el: first, sizes: plain } = await pickerSizes();
      first.remove();
      const undo = theme(rules);
      try {
        const { el, sizes } = await pickerSizes();
        expect(sizes).to.deep.equal(plain);
        expect(smallTargets(el), 'targets under 24 × 24 px').to.deep.equal([]);
        expect(getByRole(el, 'button', 'Add to cart')).to.exist;
        await expect(el).to.be.accessible();
      } finally {
        undo();
      }
    });
  }

  it('leaves no target under 24 × 24 px on a plain page', async () => {
    const el = await drawerWithLines();
    expect(smallTargets(el)).to.deep.equal([]);
  });
});
