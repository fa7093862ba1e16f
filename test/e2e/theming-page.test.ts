/**
 * `/demo/theming.html`: right-to-left, with every string of the drawer replaced through `messages`.
 * A shopper reading Arabic sees the line's controls in Arabic, and what they see is part of what a
 * screen reader or voice control calls them (label in name).
 */
import { expect } from '@open-wc/testing';
import { emulateMedia, resetMouse, setViewport } from '@web/test-runner-commands';
import { byRole, click, nameOf, textOf, waitFor } from './demo-page.js';

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
});
