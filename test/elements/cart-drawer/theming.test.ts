import { expect, fixture, html, waitUntil } from '../../helpers/testing.js';
import { setViewport } from '../../helpers/browser.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import { defaultMessages, type Messages } from '../../../src/format/messages.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { deepQueryAll, getByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';

const shop = useShop();

/** A cart that shows every kind of surface: lines, a box, a removed line, a coupon, two packages, cross-sells. */
async function fullCart() {
  const store = shop().store();
  await store.addItem({ id: ID.ethiopiaBeans, quantity: 2 });
  await store.addItem({ id: ID.espressoMachine, quantity: 1 });
  await store.addItem({ id: ID.shirtBlackS, quantity: 1 });
  await store.addItem({ id: ID.tastingBox, quantity: 1, itemData: { mnm_config: [{ product_id: ID.kenyaSample, quantity: 3 }] } });
  await store.addItem({ id: ID.mug, quantity: 1 });
  await store.removeItem(store.state.cart!.items.find((item) => item.id === ID.mug)!.key);
  await store.applyCoupon('save10');
}

async function drawerIn(wrapper: ReturnType<typeof html>): Promise<CartDrawer> {
  const host = await fixture<HTMLElement>(wrapper);
  const el = host.querySelector('cart-drawer')!;
  await waitUntil(() => shop().store().state.cart);
  await el.show();
  await waitUntil(() => queryByRole(el, 'list', 'Items in your cart'));
  return el;
}

describe('<cart-drawer> theming', () => {
  it('names every surface with a part', async () => {
    await fullCart();
    const el = await openDrawer(shop());
    const parts = new Set(deepQueryAll(el, '[part]').flatMap((node) => node.getAttribute('part')!.split(/\s+/)));
    const expected = [
      'trigger', 'trigger-label', 'count', 'icon', 'dialog', 'panel', 'header', 'title', 'close', 'body', 'notices',
      'notice', 'alert', 'lines', 'line', 'image', 'line-details', 'line-name', 'variation', 'line-price', 'quantity',
      'quantity-input', 'quantity-button', 'quantity-decrease', 'quantity-increase', 'line-total', 'remove',
      'box-contents', 'box-item', 'box-item-name', 'box-item-quantity', 'removed', 'removed-line', 'undo', 'coupons',
      'coupon-list', 'coupon', 'coupon-code', 'coupon-saving', 'coupon-remove', 'coupon-form', 'coupon-input',
      'coupon-apply', 'coupon-error', 'shipping', 'shipping-package', 'shipping-package-name', 'shipping-destination',
      'shipping-rate', 'shipping-radio', 'shipping-rate-label', 'shipping-rate-cost', 'cross-sells', 'cross-sell',
      'cross-sell-name', 'cross-sell-price', 'regular-price', 'sale-price', 'cross-sell-add', 'section-title', 'footer',
      'totals', 'totals-row', 'total', 'checkout', 'empty',
    ];
    expect(expected.filter((part) => !parts.has(part)), 'missing parts').to.deep.equal([]);
  });

  it('lets the page style any part', async () => {
    await fullCart();
    const el = await drawerIn(html`<div>
      <style>
        .themed cart-drawer::part(checkout) { background: rgb(1, 2, 3); }
        .themed cart-drawer::part(line) { border-block-end-color: rgb(4, 5, 6); }
      </style>
      <div class="themed"><cart-drawer base-url=${shop().baseUrl}></cart-drawer></div>
    </div>`);
    expect(getComputedStyle(getByRole(el, 'link', 'Checkout')).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(el.shadowRoot!.querySelector('[part~=line]')!).borderBlockEndColor).to.equal('rgb(4, 5, 6)');
  });

  it('takes colour, spacing, radius, font and sizes from custom properties set on an ancestor', async () => {
    await fullCart();
    const el = await drawerIn(html`<div
      style="--cart-accent: rgb(200, 0, 100); --cart-accent-fg: rgb(255, 255, 0); --cart-bg: rgb(250, 240, 230);
        --cart-fg: rgb(20, 30, 40); --cart-radius: 3px; --cart-space: 5px; --cart-font: Georgia, serif;
        --cart-image-size: 40px; --cart-drawer-width: 300px;"
    >
      <cart-drawer base-url=${shop().baseUrl}></cart-drawer>
    </div>`);
    const checkout = getComputedStyle(getByRole(el, 'link', 'Checkout'));
    expect([checkout.backgroundColor, checkout.color, checkout.borderTopLeftRadius]).to.deep.equal([
      'rgb(200, 0, 100)',
      'rgb(255, 255, 0)',
      '3px',
    ]);
    const dialog = getComputedStyle(el.shadowRoot!.querySelector('dialog')!);
    expect([dialog.backgroundColor, dialog.color, dialog.fontFamily]).to.deep.equal(['rgb(250, 240, 230)', 'rgb(20, 30, 40)', 'Georgia, serif']);
    expect(getComputedStyle(el.shadowRoot!.querySelector('[part~=header]')!).paddingTop).to.equal('10px');
    expect(el.shadowRoot!.querySelector('[part~=line] [part~=image]')!.getBoundingClientRect().width).to.equal(40);
    expect(el.shadowRoot!.querySelector('dialog')!.getBoundingClientRect().width).to.equal(300);
  });

  it('opens from the right in a left-to-right page and from the left in a right-to-left one', async () => {
    await setViewport({ width: 1000, height: 700 });
    await fullCart();
    const ltr = await drawerIn(html`<div><cart-drawer base-url=${shop().baseUrl}></cart-drawer></div>`);
    await waitUntil(() => ltr.shadowRoot!.querySelector('dialog')!.getAnimations().length === 0);
    expect(Math.round(ltr.shadowRoot!.querySelector('dialog')!.getBoundingClientRect().right)).to.equal(1000);
    await ltr.hide();

    const rtl = await drawerIn(html`<div dir="rtl"><cart-drawer base-url=${shop().baseUrl}></cart-drawer></div>`);
    const dialog = rtl.shadowRoot!.querySelector('dialog')!;
    await waitUntil(() => dialog.getAnimations().length === 0);
    expect(Math.round(dialog.getBoundingClientRect().left)).to.equal(0);
    const line = rtl.shadowRoot!.querySelector('[part~=line]')!;
    const image = line.querySelector('[part~=image]')!.getBoundingClientRect();
    const total = line.querySelector('[part~=line-total]')!.getBoundingClientRect();
    expect(image.left, 'the picture sits at the start (right) of the line').to.be.greaterThan(total.left);
    await expect(rtl).to.be.accessible();
  });

  it('keeps the shop\'s text in its own direction in a right-to-left drawer, punctuation with its words', async () => {
    const store = shop().store();
    await store.addItem({ id: ID.filters, quantity: 1 });
    await store.addItem({ id: ID.shirtBlackS, quantity: 1 });
    await store.addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await drawerIn(html`<div dir="rtl"><cart-drawer base-url=${shop().baseUrl}></cart-drawer></div>`);
    const root = el.shadowRoot!;
    await waitUntil(() => root.querySelector('dialog')!.getAnimations().length === 0);
    const notice = root.querySelector('[part~=notice]')!;
    expect(visibleText(notice)).to.equal('“Ethiopia Yirgacheffe Beans” has been added to your cart.');
    // Drawn left to right, as English reads: the opening quote before the name, the full stop last.
    expect(drawnAt(notice, '“'), 'the opening quote').to.be.lessThan(drawnAt(notice, 'E'));
    expect(drawnAt(notice, '.'), 'the full stop').to.be.greaterThan(drawnAt(notice, 't'));
    const name = [...root.querySelectorAll('[part~=line-name]')].find((node) => node.textContent === 'Paper Filters (100)')!;
    expect(drawnAt(name, ')'), 'the closing bracket').to.be.greaterThan(drawnAt(name, 'P'));
    const nameText = document.createRange();
    nameText.selectNodeContents(name);
    expect(nameText.getBoundingClientRect().right, 'the name sits at the line\'s start (right)').to.be.closeTo(name.getBoundingClientRect().right, 1);
    const colour = root.querySelector('[part~=variation] dt')!;
    expect(colour.textContent).to.equal('Colour');
    expect(getComputedStyle(colour).unicodeBidi).to.equal('plaintext');
    await expect(el).to.be.accessible();
  });

  it('takes slotted content for the trigger, the empty state and the footer', async () => {
    const host = await fixture<HTMLElement>(html`<div>
      <cart-drawer base-url=${shop().baseUrl}>
        <span slot="trigger">Basket</span>
        <p slot="empty">Why not try our beans?</p>
        <p slot="footer">Free returns within 30 days.</p>
      </cart-drawer>
    </div>`);
    const el = host.querySelector('cart-drawer')!;
    getByRole(el, 'button', 'Basket');
    await el.show();
    await waitUntil(() => el.shadowRoot!.querySelector('[part~=empty]')!.checkVisibility());
    const slotted = (name: string) => el.querySelector(`[slot=${name}]`)!;
    expect(slotted('empty').checkVisibility()).to.equal(true);
    expect(slotted('footer').checkVisibility()).to.equal(true);
    await shop().store().addItem({ id: ID.mug, quantity: 1 });
    await el.updateComplete;
    expect(slotted('empty').checkVisibility(), 'the empty-state slot shows with items').to.equal(false);
    expect(el.shadowRoot!.querySelectorAll('slot')).to.have.length(3);
  });
});

describe('<cart-drawer> messages', () => {
  it('replaces every string it shows through the messages property', async () => {
    await fullCart();
    // Every message becomes «n», with the values a function receives.
    const marked = Object.fromEntries(
      Object.entries(defaultMessages).map(([key, value], n) => [
        key,
        typeof value === 'function' ? (...args: unknown[]) => `«${n}${args.length ? ` ${args.join(' ')}` : ''}»` : `«${n}»`,
      ]),
    ) as unknown as Messages;
    const marker = (key: keyof Messages) => `«${Object.keys(defaultMessages).indexOf(key)}`;
    const el = await fixture<CartDrawer>(html`<cart-drawer base-url=${shop().baseUrl} .messages=${marked}></cart-drawer>`);
    await waitUntil(() => shop().store().state.cart);
    await el.show();
    await waitUntil(() => el.shadowRoot!.querySelector('[part~=line]'));
    getByRole(el, 'dialog', `${marker('cart')}»`);
    getByRole(el, 'spinbutton', `${marker('quantityFor')} Ethiopia Yirgacheffe Beans»`);
    getByRole(el, 'textbox', `${marker('couponCode')}»`);
    const words = [
      visibleText(el),
      ...deepQueryAll(el, '[aria-label]').map((node) => node.getAttribute('aria-label')),
      el.shadowRoot!.getElementById('cart-count')!.textContent,
    ].join(' ');
    // The shop's own words ("Shipping", "Free shipping") may match a default; only ours count.
    const data = JSON.stringify(shop().store().state.cart);
    const leftovers = Object.values(defaultMessages)
      .filter((value): value is string => typeof value === 'string' && !data.includes(value))
      .filter((value) => words.includes(value));
    expect(leftovers, 'default strings still shown').to.deep.equal([]);
    expect(words).to.not.match(/Price|Remove|Undo|Apply|Checkout|Subtotal|Quantity|quantity of/);
  });
});

/** The left edge (px) at which the first `character` of `element`'s text is drawn. */
function drawnAt(element: Element, character: string): number {
  const text = [...element.childNodes].find((node): node is Text => node instanceof Text && node.data.includes(character));
  if (!text) throw new Error(`drawnAt(): no "${character}" in ${element.textContent}`);
  const range = document.createRange();
  const index = text.data.indexOf(character);
  range.setStart(text, index);
  range.setEnd(text, index + 1);
  return range.getBoundingClientRect().left;
}
