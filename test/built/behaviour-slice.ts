// A slice of the behaviour suite, run on what ships rather than on the source: the script tag
// (`dist/cart-widget.js` with its chunks) and a theme developer's bundle of the npm package
// (`dist/lib` through `cart-widget/elements`, bundled by Vite as a consumer's build would, with
// package.json's `sideEffects` in force). A file imports this, loads one build, and calls
// `builtWidgetBehaviour`. Nothing here imports an element's source: the elements on the page are
// the build's. The fake shop (msw) and the queries are the tests' own.
import { expect, fixture, html, waitUntil } from '../helpers/testing.js';
import { getByRole, queryAllByRole, queryByRole, visibleText } from '../helpers/queries.js';
import { useShop, type TestShop } from '../helpers/shop.js';
import { serveCart, wireCart } from '../elements/cart-drawer/wire-carts.js';

/** The drawer's button, once the store has the cart; then the open dialog. */
async function openDrawer(test: TestShop, lang = 'en'): Promise<{ el: HTMLElement; dialog: HTMLElement }> {
  const el = await fixture<HTMLElement>(html`<cart-drawer lang=${lang} base-url=${test.baseUrl} namespace=${test.namespace}></cart-drawer>`);
  const trigger = () => el.shadowRoot?.querySelector<HTMLButtonElement>('button[part~="trigger"], button');
  await waitUntil(() => trigger(), 'the drawer drew no button');
  trigger()!.click();
  await waitUntil(() => el.shadowRoot!.querySelector('dialog')?.open, 'the drawer did not open');
  return { el, dialog: el.shadowRoot!.querySelector('dialog')! };
}

/** Fills a light-DOM field of `<login-form>` by its label, as a shopper's typing leaves it. */
function fill(form: Element, label: string, value: string): void {
  const field = [...form.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.control as HTMLInputElement | undefined;
  if (!field) throw new Error(`no field labelled ${label}`);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function builtWidgetBehaviour(build: string, load: () => Promise<unknown>): void {
  describe(`what ships: ${build}`, () => {
    const shop = useShop();

    before(load);

    it('defines every element the page uses from the build alone: no source module of an element was loaded', async () => {
      const tags = ['cart-provider', 'cart-drawer', 'add-to-cart', 'login-form', 'mnm-container-picker', 'cart-count'];
      // The script tag defines an element when the page first uses it (its chunk); the bundle at once.
      await fixture(html`<div>${tags.map((tag) => document.createElement(tag))}</div>`);
      await Promise.all(tags.map((tag) => waitUntil(() => customElements.get(tag), `${tag} was not defined`)));
      const sources = performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/src/elements/'));
      expect(sources).to.deep.equal([]);
    });

    it("opens the drawer on the shop's cart and decodes the shop's text (Caf&eacute; Cr&egrave;me &hearts;)", async () => {
      const cart = wireCart();
      cart.items['key-hoodie'].name = 'Caf&eacute; Cr&egrave;me &hearts; Mary&#8217;s';
      serveCart(shop(), cart);
      const { el } = await openDrawer(shop());
      await waitUntil(() => queryAllByRole(el, 'listitem').length > 1, 'no lines');
      expect(visibleText(el)).to.contain('Café Crème ♥ Mary’s').and.not.contain('&eacute;');
      getByRole(el, 'spinbutton', 'Quantity for Café Crème ♥ Mary’s');
      await expect(el).to.be.accessible();
    });

    it('adds to the cart, and the drawer and the count follow', async () => {
      const drawer = await fixture<HTMLElement>(html`<div>
        <cart-count base-url=${shop().baseUrl} namespace=${shop().namespace}></cart-count>
        <add-to-cart base-url=${shop().baseUrl} namespace=${shop().namespace} product-id="11" quantity="2"></add-to-cart>
      </div>`);
      const add = drawer.querySelector('add-to-cart')!;
      const count = drawer.querySelector('cart-count')!;
      await waitUntil(() => queryByRole(add, 'button', 'Add to cart'), 'no "Add to cart" button');
      getByRole(add, 'button', 'Add to cart').click();
      await waitUntil(() => shop().shop.carts.keys().some((key) => shop().shop.carts.get(key)!.lines.some((l) => l.productId === 11 && l.quantity === 2)), 'the shop has no line of 2');
      await waitUntil(() => /2 items/.test(count.shadowRoot?.textContent ?? '') || /2 items/.test(count.getAttribute('aria-label') ?? '') || count.shadowRoot?.querySelector('[aria-label*="2 items"]'), 'the count did not say 2 items');
      await expect(add).to.be.accessible();
    });

    it('signs in with two-factor: the e-mailed code, then "Signed in as"', async () => {
      const form = await fixture<HTMLElement>(html`<login-form base-url=${shop().baseUrl} namespace=${shop().namespace}></login-form>`);
      await waitUntil(() => form.querySelector('form'), 'no form');
      fill(form, 'Username, email or phone', 'grace');
      fill(form, 'Password', 'compiler-1952');
      getByRole(form, 'button', 'Sign in').click();
      await waitUntil(() => [...form.querySelectorAll('label')].some((l) => l.textContent?.trim() === 'Verification code'), 'no second step');
      await expect(form).to.be.accessible();
      fill(form, 'Verification code', shop().shop.auth!.inbox.latest('grace@example.com')!.code);
      getByRole(form, 'button', 'Verify').click();
      await waitUntil(() => form.textContent?.includes('Signed in as Grace Hopper'), 'not signed in');
      await expect(form).to.be.accessible();
    });

    it('builds a mix-and-match box: the add waits for a valid selection', async () => {
      const picker = await fixture<HTMLElement>(html`<mnm-container-picker base-url=${shop().baseUrl} namespace=${shop().namespace} product-id="30"></mnm-container-picker>`);
      await waitUntil(() => queryByRole(picker, 'spinbutton', 'Quantity of Kenya Sample'), 'the picker listed no products', { timeout: 5000 });
      const add = getByRole(picker, 'button', 'Add to cart');
      expect(add.getAttribute('aria-disabled') === 'true' || (add as HTMLButtonElement).disabled).to.equal(true);
      const kenya = getByRole<HTMLInputElement>(picker, 'spinbutton', 'Quantity of Kenya Sample');
      kenya.value = '3';
      kenya.dispatchEvent(new Event('input', { bubbles: true }));
      kenya.dispatchEvent(new Event('change', { bubbles: true }));
      await waitUntil(() => /3 of 3/.test(visibleText(picker)), 'the selection did not count 3');
      await waitUntil(() => getByRole(picker, 'button', 'Add to cart').getAttribute('aria-disabled') !== 'true' && !(getByRole(picker, 'button', 'Add to cart') as HTMLButtonElement).disabled, 'Add to cart stayed disabled');
      await expect(picker).to.be.accessible();
    });

    it("speaks the page's language: German from the build's language pack, the shop's Cr&egrave;me decoded", async () => {
      const cart = wireCart();
      cart.items['key-hoodie'].name = 'Cr&egrave;me br&ucirc;l&eacute;e';
      serveCart(shop(), cart);
      const { el } = await openDrawer(shop(), 'de');
      await waitUntil(() => /Warenkorb/.test(visibleText(el)), 'the drawer is not in German');
      await waitUntil(() => queryAllByRole(el, 'listitem').length > 1, 'no lines');
      expect(visibleText(el)).to.not.contain('Your cart');
      expect(visibleText(el)).to.contain('Crème brûlée').and.not.contain('&egrave;');
      await expect(el).to.be.accessible();
    });
  });
}
