/**
 * Architecture §3 "The page is the merchant's": globals other scripts extended break nothing (issue
 * 31, point 3). zod's `members()` walks a table with `for…in` and no own-property check, so one
 * enumerable property on `Object.prototype` threw while the wire schemas were built as the script
 * loaded: no cart, no "Add to cart". The built script tag (`dist/cart-widget.js`) runs in a frame
 * whose prototypes were extended before it.
 */
import { expect, waitUntil } from '../helpers/testing.js';
import { byRole, descriptionOf, openEmbed, signInOn, type EmbedFrame } from './embed-frame.js';

const slow = { timeout: 5000, interval: 20 };

describe('a page whose Object.prototype and Array.prototype an old plugin extended', () => {
  let page: EmbedFrame;

  beforeEach(async () => {
    page = await openEmbed(undefined, '/test/embed/polluted-page.html');
  });

  afterEach(() => {
    const frame = page.document.defaultView as (Window & typeof globalThis) | null;
    if (frame) {
      delete (frame.Object.prototype as Record<string, unknown>).pluginHelper;
      delete (frame.Array.prototype as unknown as Record<string, unknown>).pluginHelper;
    }
    page.remove();
  });

  it('still shows the cart, adds to it and reads the cart the shop sends', async () => {
    const frame = page.document.defaultView as Window & typeof globalThis;
    await waitUntil(() => Object.keys(frame.Array.prototype).length, 'the plugin never ran', slow);
    expect(Object.keys(frame.Object.prototype).concat(Object.keys(frame.Array.prototype))).to.deep.equal(['pluginHelper', 'pluginHelper']);
    await waitUntil(() => byRole(page.document, 'button', 'Cart') && descriptionOf(byRole(page.document, 'button', 'Cart')!), 'no cart loaded', slow);
    expect(descriptionOf(byRole(page.document, 'button', 'Cart')!)).to.match(/\b0 items\b/);

    byRole(page.document, 'button', 'Add to cart')!.click();

    await waitUntil(() => byRole(page.document, 'spinbutton', 'Quantity for Ethiopia Yirgacheffe Beans'), 'the drawer never showed the added line', slow);
    const dialog = page.document.querySelector('cart-drawer')!.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open, 'open-on-add opened the drawer').to.equal(true);
    expect(byRole<HTMLInputElement>(page.document, 'spinbutton', 'Quantity for Ethiopia Yirgacheffe Beans')!.value).to.equal('1');
    await waitUntil(() => page.document.querySelector('cart-count')!.shadowRoot?.textContent?.includes('1'), '<cart-count> never counted the line', slow);
    // The page's own additions are still there, enumerable, as the plugin left them.
    expect(Object.keys(frame.Object.prototype).concat(Object.keys(frame.Array.prototype))).to.deep.equal(['pluginHelper', 'pluginHelper']);
    expect(page.violations()).to.deep.equal([]);
  });

  it('reads an error answer and a two-factor challenge: a wrong password, then the verification step', async () => {
    // The readers of error answers load at the first one (api/http-errors.ts), after the page's
    // plugin ran: the sign-in's refusal and its challenge are read with the additions still there.
    const form = await signInOn(page, 'grace', 'not-her-password');
    await waitUntil(() => form.querySelector('[role="alert"]')?.textContent?.trim(), 'no message for the wrong password', slow);
    expect(form.querySelector('[role="alert"]')!.textContent).to.match(/password is not correct/);

    await signInOn(page, 'grace', 'compiler-1952');
    await waitUntil(() => byRole(form, 'textbox', 'Verification code'), 'no verification step', slow);
    const frame = page.document.defaultView as Window & typeof globalThis;
    expect(Object.keys(frame.Object.prototype).concat(Object.keys(frame.Array.prototype))).to.deep.equal(['pluginHelper', 'pluginHelper']);
    expect(page.violations()).to.deep.equal([]);
  });
});
