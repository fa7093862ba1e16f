/**
 * `/demo/theming.html`: right-to-left, with every string of the drawer replaced through `messages`.
 * A shopper reading Arabic sees the line's controls in Arabic, and what they see is part of what a
 * screen reader or voice control calls them (label in name).
 */
import { expect } from '../helpers/testing.js';
import { resetMouse } from '@web/test-runner-commands';
import { emulateMedia, setViewport } from '../helpers/browser.js';
import { defaultMessages } from '../../src/format/messages.js';
import { HANDLING_FEE, PACKAGES, PRODUCTS, TAX } from '../../src/mock/index.js';
import { deepQueryAll } from '../helpers/queries.js';
import { byRole, click, descriptionOf, field, nameOf, textOf, waitFor, waitUntilSeen } from './demo-page.js';

/**
 * Every English phrase our defaults can put on screen: each string message, and the fixed parts of
 * each template (called with a marker and with 1, and split there; "1 item" leaves "item").
 */
function englishDefaults(): string[] {
  const phrases = new Set<string>();
  for (const message of Object.values(defaultMessages)) {
    const texts =
      typeof message === 'string'
        ? [message]
        : ['\u0001', 1].map((value) => String((message as (...args: unknown[]) => unknown)(value, value, value)));
    for (const text of texts) for (const part of text.split(/[\u0001\d]+/)) if (/[a-z]/i.test(part)) phrases.add(part.trim());
  }
  return [...phrases];
}

/** What a screen reader can get from `element`: its text through shadow roots, names and descriptions. */
function everythingReadable(element: Element): string {
  const attributes = ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext', 'aria-roledescription'];
  // From the shadow root: `deepQueryAll` cannot tell this frame's elements have one (`instanceof`).
  const named = deepQueryAll(element.shadowRoot ?? element, '*').flatMap((node) => [...attributes.map((name) => node.getAttribute(name) ?? ''), descriptionOf(node)]);
  return [textOf(element), ...named].join(' | ');
}

/** What the fake shop itself names in English: its products, packages, rates, fee and tax (its notices are read from the page). */
const SHOP_TEXT = [
  ...PRODUCTS.map((product) => product.name),
  ...PACKAGES.flatMap((pack) => [pack.name, ...pack.rates.map((rate) => rate.label)]),
  HANDLING_FEE.name,
  TAX.label,
].sort((a, b) => b.length - a.length);

/** The English defaults found in the drawer and the Add to cart elements, with the shop's own text left out. */
function englishLeftIn(doc: Document): string[] {
  let readable = [...doc.querySelectorAll('cart-drawer, add-to-cart')].map(everythingReadable).join(' | ');
  const notices = [...doc.querySelectorAll('cart-drawer')].flatMap((drawer) => deepQueryAll(drawer.shadowRoot!, '[part=notices]').map(textOf));
  for (const text of [...notices, ...SHOP_TEXT]) if (text) readable = readable.replaceAll(text, ' | ');
  const escape = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return englishDefaults().filter((phrase) => new RegExp(`(^|\\W)${escape(phrase)}(\\W|$)`).test(readable));
}

describe('the theming demo page (right-to-left, translated)', function () {
  this.timeout(40_000);

  let iframe: HTMLIFrameElement;
  let doc: Document;

  before(async () => {
    localStorage.clear();
    await setViewport({ width: 1280, height: 900 });
    await emulateMedia({ reducedMotion: 'reduce' });
    iframe = Object.assign(document.createElement('iframe'), { src: '/demo/theming.html?latency=0', title: 'Theming demo' });
    iframe.style.cssText = 'position: fixed; inset: 0; width: 100%; height: 100%; border: 0;';
    const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
    document.body.append(iframe);
    await loaded;
    doc = iframe.contentDocument!;
    // axe checks a frame only with its own copy running inside it.
    const axe = Object.assign(doc.createElement('script'), { src: '/node_modules/axe-core/axe.min.js' });
    const axeLoaded = new Promise((resolve, reject) => {
      axe.addEventListener('load', resolve, { once: true });
      axe.addEventListener('error', reject, { once: true });
    });
    doc.head.append(axe);
    await axeLoaded;
  });

  after(async () => {
    await resetMouse();
    iframe.remove();
  });

  it('shows the line’s remove button in Arabic, its visible text part of its name', async () => {
    const beans = doc.querySelector('add-to-cart[product-id="11"]')!;
    await click(await waitFor(() => byRole(beans, 'button', 'أضف إلى السلة'), 'the translated Add to cart button'));
    const drawer = await waitFor(() => byRole<HTMLDialogElement>(doc, 'dialog', 'السلة'), 'the drawer to open');

    const remove = await waitFor(() => byRole(drawer, 'button', 'إزالة Ethiopia Yirgacheffe Beans'), 'the line’s remove button');
    expect(textOf(remove)).to.equal('إزالة');
    expect(nameOf(remove).startsWith(textOf(remove)), 'the visible text starts the accessible name').to.equal(true);
    await expect(iframe).to.be.accessible();
  });

  it('leaves no English default anywhere in the drawer or the buttons: after adding, a quantity change, a removal and its undo', async () => {
    // The cart holds the beans from the test before; the drawer is open.
    const drawer = await waitFor(() => byRole<HTMLDialogElement>(doc, 'dialog', 'السلة'), 'the open drawer');
    const live = () => drawer.querySelector('.visually-hidden[role=status]')!;
    expect(englishLeftIn(doc), 'after adding').to.deep.equal([]);

    await click(byRole(drawer, 'button', 'زيادة كمية Ethiopia Yirgacheffe Beans'));
    await waitUntilSeen(() => field(drawer, 'الكمية من Ethiopia Yirgacheffe Beans').value === '2' && textOf(live()), 'the quantity change to be announced');
    expect(englishLeftIn(doc), 'after a quantity change').to.deep.equal([]);

    await click(byRole(drawer, 'button', 'إزالة Ethiopia Yirgacheffe Beans'));
    const undo = await waitFor(() => byRole(drawer, 'button', 'تراجع عن إزالة Ethiopia Yirgacheffe Beans'), 'the Undo button');
    expect(englishLeftIn(doc), 'after a removal').to.deep.equal([]);
    await expect(iframe).to.be.accessible();

    await click(undo);
    await waitFor(() => byRole(drawer, 'button', 'إزالة Ethiopia Yirgacheffe Beans'), 'the line to come back');
    await waitUntilSeen(() => textOf(live()).includes('Ethiopia'), 'the restore to be announced');
    expect(englishLeftIn(doc), 'after undoing the removal').to.deep.equal([]);
    await expect(iframe).to.be.accessible();
  });
});
