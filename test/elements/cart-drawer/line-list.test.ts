import { render } from 'lit';
import { expect } from '../../helpers/testing.js';
import { renderLines, type LineView } from '../../../src/elements/cart-drawer/line-items.js';
import { drawerMessages } from '../../../src/format/messages/cart-drawer.js';
import type { CartItem, Currency } from '../../../src/api/model.js';
import type { LineError } from '../../../src/elements/cart-drawer/drawer-actions.js';
import { visibleText } from '../../helpers/queries.js';

/**
 * The drawer's lines, drawn by hand into copies of one prepared line (issue 32: a lit template per
 * line kept about thirty binding objects alive for each). The drawer's own tests drive them through
 * the shop; these play the renders the panel makes, and hold what a template did for free: lines in
 * the cart's order with their nodes kept, only what changed changed, and the rare parts (an error,
 * a variation, a picture, a box's contents) coming and going.
 */
const usd: Currency = { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' };

function item(key: string, changes: Partial<CartItem> = {}): CartItem {
  return {
    key,
    id: 1,
    name: `Beans ${key}`,
    title: `Beans ${key}`,
    slug: key,
    price: 1800,
    quantity: { value: 1, min: 1, max: null },
    totals: { subtotal: 1800, subtotalTax: 0, total: 1800, tax: 0 },
    type: 'simple',
    sku: '',
    variation: [],
    image: null,
    mnm: null,
    data: {},
    ...changes,
  };
}

describe('the drawer\'s lines', () => {
  let container: HTMLElement;
  let view: LineView;

  const draw = (lines: CartItem[], changes: Partial<LineView> = {}) => {
    view = { ...view, ...changes };
    render(renderLines(lines, view), container);
  };
  const lines = () => [...container.querySelectorAll<HTMLLIElement>('[part~=line]')];
  const lineOf = (key: string) => container.querySelector(`input[data-key="${key}"]`)!.closest('li')!;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    view = { m: drawerMessages, currency: usd, pending: new Set(), errors: new Map(), children: new Map(), editing: new Set() };
  });

  afterEach(() => container.remove());

  it('draws each line as a template did: picture, name, prices, quantity control and remove', async () => {
    draw([item('a', { quantity: { value: 2, min: 1, max: 2 }, totals: { subtotal: 3600, subtotalTax: 0, total: 3600, tax: 0 } })]);
    const line = lineOf('a');
    expect(line.getAttribute('part')).to.equal('line');
    expect(line.querySelector('[part~=image-placeholder]')).to.exist;
    expect(visibleText(line.querySelector('[part~=line-name]')!)).to.equal('Beans a');
    expect(visibleText(line.querySelector('[part~=line-price]')!)).to.equal('Price $18.00');
    expect(visibleText(line.querySelector('[part~=line-total]')!)).to.equal('Total $36.00');
    const field = line.querySelector('input')!;
    expect([field.getAttribute('aria-label'), field.min, field.getAttribute('max'), field.dataset.value]).to.deep.equal(['Quantity for Beans a', '1', '2', '2']);
    expect(line.querySelector('[part~=quantity-decrease]')!.getAttribute('aria-label')).to.equal('Decrease quantity of Beans a');
    expect(line.querySelector('[part~=quantity-decrease]')!.hasAttribute('aria-disabled')).to.equal(false);
    // At the shop's maximum, + stays focusable but says it does nothing.
    expect(line.querySelector('[part~=quantity-increase]')!.getAttribute('aria-disabled')).to.equal('true');
    expect(line.querySelector('[part~=remove]')!.getAttribute('aria-label')).to.equal('Remove Beans a');
    expect(line.querySelector('[part~=remove]')!.textContent).to.equal('Remove');
    await expect(container).to.be.accessible();
  });

  it('follows the cart\'s order, keeping each line\'s nodes: a line that left goes, a new one comes', () => {
    const [a, b, c] = [item('a'), item('b'), item('c')];
    draw([a, b, c]);
    const [lineA, lineB, lineC] = lines() as [HTMLLIElement, HTMLLIElement, HTMLLIElement];
    draw([c, a, b]);
    expect(lines()).to.deep.equal([lineC, lineA, lineB]);
    const d = item('d');
    draw([c, d, b]);
    expect(lines().map((line) => line.querySelector('input')!.dataset.key)).to.deep.equal(['c', 'd', 'b']);
    expect(lines()[0]).to.equal(lineC);
    expect(lines()[2]).to.equal(lineB);
    expect(lineA.isConnected).to.equal(false);
  });

  it('changes only the nodes of the line whose data changed, and only what differs', () => {
    const [a, b, c] = [item('a'), item('b', { quantity: { value: 2, min: 1, max: null } }), item('c')];
    draw([a, b, c]);
    const changed: Node[] = [];
    const observer = new MutationObserver((records) => changed.push(...records.map((record) => record.target)));
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    const b2 = item('b', { quantity: { value: 3, min: 1, max: null }, totals: { subtotal: 5400, subtotalTax: 0, total: 5400, tax: 0 } });
    draw([a, b2, c], { pending: new Set(['b']) });
    changed.push(...observer.takeRecords().map((record) => record.target));
    observer.disconnect();
    const lineB = lineOf('b');
    expect(changed.length).to.be.greaterThan(0);
    expect(changed.filter((node) => !lineB.contains(node))).to.deep.equal([]);
    // The quantity, the total and the busy mark; not the name, the labels or the unit price.
    const parts = changed.map((node) => (node instanceof Element ? node : node.parentElement!).getAttribute('part'));
    expect([...new Set(parts)].sort()).to.deep.equal(['line line-pending', 'line-total', 'quantity-input']);
    expect(lineB.getAttribute('aria-busy')).to.equal('true');
  });

  it('leaves out the value in effect while the shopper types, and brings it back after', () => {
    const a = item('a');
    draw([a], { editing: new Set(['a']) });
    expect(lineOf('a').querySelector('input')!.hasAttribute('data-value')).to.equal(false);
    draw([a], { editing: new Set() });
    expect(lineOf('a').querySelector('input')!.dataset.value).to.equal('1');
  });

  it('shows an error and takes it away, in its place before a box\'s contents', async () => {
    const box = item('box', { type: 'mix-and-match', price: 0, totals: { subtotal: 0, subtotalTax: 0, total: 0, tax: 0 } });
    const child = item('child', { name: 'Colombia', quantity: { value: 2, min: 1, max: null } });
    draw([box], { children: new Map([['box', [child]]]) });
    const line = lineOf('box');
    expect(visibleText(line.querySelector('[part~=box-contents]')!)).to.include('Colombia');
    // A box priced per product costs what is in it.
    expect(visibleText(line.querySelector('[part~=line-total]')!)).to.equal('Total $18.00');
    const error: LineError = { text: 'Only 2 left in stock.', field: true };
    draw([box], { errors: new Map([['box', error]]) });
    const said = line.querySelector('[part~=line-error]')!;
    expect([said.textContent, said.getAttribute('role')]).to.deep.equal(['Only 2 left in stock.', 'alert']);
    expect([...line.children].slice(-2).map((element) => element.getAttribute('part'))).to.deep.equal(['line-error', 'box-contents']);
    const field = line.querySelector('input')!;
    expect([field.getAttribute('aria-invalid'), field.getAttribute('aria-describedby')]).to.deep.equal(['true', said.id]);
    await expect(container).to.be.accessible();
    draw([box], { errors: new Map([['box', { text: 'Brought to 2.', field: true, note: true }]]) });
    expect(line.querySelector('[part~=line-error]')).to.equal(said);
    expect([said.textContent, said.hasAttribute('role'), field.hasAttribute('aria-invalid')]).to.deep.equal(['Brought to 2.', false, false]);
    draw([box], { errors: new Map(), children: new Map() });
    expect(line.querySelector('[part~=line-error], [part~=box-contents]')).to.equal(null);
    expect([field.hasAttribute('aria-invalid'), field.hasAttribute('aria-describedby')]).to.deep.equal([false, false]);
  });

  it('shows a variation and a picture when they come, and takes them away when they go', () => {
    draw([item('a')]);
    const line = lineOf('a');
    expect(line.querySelector('[part~=variation]')).to.equal(null);
    draw([item('a', { variation: [{ attribute: 'attribute_pa_colour', value: 'Black' }], image: 'https://shop.test/black.png' })]);
    expect(visibleText(line.querySelector('[part~=variation]')!)).to.equal('Colour Black');
    // Between the name and the price.
    expect([...line.querySelector('[part~=line-details]')!.children].map((element) => element.getAttribute('part'))).to.deep.equal(['line-name', 'variation', 'line-price']);
    const picture = line.querySelector('img')!;
    expect([picture.getAttribute('src'), picture.alt, picture.loading, picture.getAttribute('part')]).to.deep.equal(['https://shop.test/black.png', '', 'lazy', 'image']);
    expect(line.firstElementChild).to.equal(picture);
    draw([item('a')]);
    expect(line.querySelector('[part~=variation], img')).to.equal(null);
    expect(line.firstElementChild!.getAttribute('part')).to.equal('image image-placeholder');
  });
});
