/**
 * Dark shops: on a page with the package's stylesheet (`cart-widget.css`, which the README's snippet
 * links), one setting, `color-scheme: dark` on the page (or `light dark` with a shopper who prefers
 * dark), gives every element its dark palette, and axe finds no contrast failure in any state a
 * shopper sees. The elements inherit the scheme; nothing else is set.
 */
import { expect, fixture, html, linkWidgetStylesheet, waitUntil } from '../helpers/testing.js';
import { canEmulate, emulateMedia, itIn } from '../helpers/browser.js';
import '../../src/elements/add-to-cart/define.js';
import '../../src/elements/cart-count/define.js';
import '../../src/elements/login-form/define.js';
import type { AddToCart } from '../../src/elements/add-to-cart/add-to-cart.js';
import type { CartCount } from '../../src/elements/cart-count/cart-count.js';
import { getByRole } from '../helpers/queries.js';
import { useShop } from '../helpers/shop.js';
import { openDrawer } from './cart-drawer/drawer-page.js';
import { formFor, regionText, submitCredentials } from './login-form/login-page.js';
import { button, loadedPicker, press } from './mnm-container-picker/picker-page.js';

const shop = useShop();
const DARK_BG = 'rgb(28, 33, 40)';
const LIGHT_BG = 'rgb(255, 255, 255)';

describe('dark mode', () => {
  before(async () => {
    await linkWidgetStylesheet();
  });

  // A dark page is dark behind the elements too: its canvas, which follows its colour scheme
  // (axe reads a page without a background of its own as white).
  beforeEach(() => {
    document.body.style.background = 'Canvas';
  });

  afterEach(async () => {
    document.documentElement.style.colorScheme = '';
    document.body.style.background = '';
    await emulateMedia({ colorScheme: null });
  });

  describe('with color-scheme: dark on the page', () => {
    beforeEach(() => {
      document.documentElement.style.colorScheme = 'dark';
    });

    it('gives the drawer a dark trigger and a dark panel that pass axe with lines, a suggestion on sale and a refused coupon', async () => {
      await shop().store().addItem({ id: 12, quantity: 2 });
      const el = await openDrawer(shop());
      const dialog = el.shadowRoot!.querySelector('dialog')!;
      expect(getComputedStyle(dialog).backgroundColor).to.equal(DARK_BG);
      expect(getComputedStyle(el.shadowRoot!.querySelector('[part~=trigger]')!).backgroundColor).to.equal(DARK_BG);
      await waitUntil(() => el.shadowRoot!.querySelector('[part~=sale-price]'), 'no suggestion on sale');
      await expect(el).to.be.accessible();

      const code = el.shadowRoot!.querySelector<HTMLInputElement>('[part~=coupon-input]')!;
      code.value = 'NOPE';
      getByRole(el, 'button', 'Apply').click();
      await waitUntil(() => el.shadowRoot!.querySelector('[part~=coupon-error]')?.textContent?.trim(), 'the code was not refused');
      await expect(el).to.be.accessible();
    });

    it('gives the empty drawer a dark panel that passes axe', async () => {
      const el = await openDrawer(shop());
      expect(getComputedStyle(el.shadowRoot!.querySelector('dialog')!).backgroundColor).to.equal(DARK_BG);
      await expect(el).to.be.accessible();
    });

    it('gives the sign-in form dark fields that pass axe, also with its error', async () => {
      const el = await formFor(shop());
      expect(getComputedStyle(el.querySelector('input')!).backgroundColor).to.equal(DARK_BG);
      await expect(el).to.be.accessible();
      await submitCredentials(el, 'nobody', 'wrong');
      await waitUntil(() => regionText(el, 'alert'), 'no error shown');
      await expect(el).to.be.accessible();
    });

    it('gives the box picker a dark box that passes axe, chosen, at its limit and added', async () => {
      const el = await loadedPicker(shop().baseUrl);
      expect(getComputedStyle(el).backgroundColor).to.equal(DARK_BG);
      await expect(el).to.be.accessible();
      await press(el, 'One more Kenya Sample', 3);
      await expect(el).to.be.accessible();
      button(el, 'Add to cart').click();
      await waitUntil(() => shop().store().state.cart?.items.length, 'the box was not added');
      await expect(el).to.be.accessible();
    });

    it('gives add-to-cart and cart-count dark colours that pass axe, also with an error', async () => {
      const host = await fixture<HTMLElement>(html`<p>
        <add-to-cart base-url=${shop().baseUrl} product-id="11"></add-to-cart>
        <add-to-cart base-url=${shop().baseUrl} product-id="17"></add-to-cart>
        Cart <cart-count base-url=${shop().baseUrl}></cart-count>
      </p>`);
      const [ok, soldOut] = host.querySelectorAll<AddToCart>('add-to-cart');
      const count = host.querySelector<CartCount>('cart-count')!;
      await waitUntil(() => count.shadowRoot!.querySelector('.known'), 'the count never showed');
      await expect(host).to.be.accessible();
      await soldOut!.add();
      await waitUntil(() => soldOut!.shadowRoot!.querySelector('[part=error]')?.textContent, 'no error for a sold-out product');
      await ok!.add();
      await expect(host).to.be.accessible();
    });
  });

  itIn(canEmulate.colorScheme, 'the engine cannot emulate prefers-color-scheme', 'follows the shopper who prefers dark on a page that allows both (color-scheme: light dark), and stays light otherwise', async () => {
    document.documentElement.style.colorScheme = 'light dark';
    const el = await formFor(shop());
    const input = el.querySelector('input')!;
    expect(getComputedStyle(input).backgroundColor).to.equal(LIGHT_BG);
    expect(await emulateMedia({ colorScheme: 'dark' })).to.equal(true);
    expect(getComputedStyle(input).backgroundColor).to.equal(DARK_BG);
    await expect(el).to.be.accessible();
  });

  it('is dark with color-scheme: dark on the element alone, on a light page, and light by default', async () => {
    const host = await fixture<HTMLElement>(html`<div>
      <add-to-cart base-url=${shop().baseUrl} product-id="11" style="color-scheme: dark"></add-to-cart>
      <add-to-cart base-url=${shop().baseUrl} product-id="12"></add-to-cart>
    </div>`);
    const [dark, light] = [...host.querySelectorAll<AddToCart>('add-to-cart')].map((el) => el.shadowRoot!.querySelector('button')!);
    // The filled button: the accent behind dark text in the dark scheme, white text in the light one.
    expect(getComputedStyle(dark!).color).to.equal('rgb(13, 17, 23)');
    expect(getComputedStyle(light!).color).to.equal(LIGHT_BG);
  });
});
