import { expect, fixture, html, waitUntil } from '../../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import '../../../src/elements/cart-provider/define.js';
import '../../../src/elements/cart-drawer/define.js';
import '../../../src/elements/add-to-cart/define.js';
import '../../../src/elements/login-form/define.js';
import '../../../src/elements/mnm-container-picker/define.js';
import type { AddToCart } from '../../../src/elements/add-to-cart/add-to-cart.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import type { LoginForm } from '../../../src/elements/login-form/login-form.js';
import type { MnmContainerPicker } from '../../../src/elements/mnm-container-picker/mnm-container-picker.js';
import { defaultMessages, type Messages } from '../../../src/format/messages.js';
import { languages, loadPack, type Language } from '../../../src/format/locales/languages.js';
import { accessibleName, getByRole, normalise, queryByRole, textOf } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { control } from '../login-form/login-page.js';
import { BOX_ID, waitForBox } from '../mnm-container-picker/picker-page.js';

const shop = useShop();

async function messagesOf(language: Language): Promise<Messages> {
  return { ...defaultMessages, ...(await loadPack(language)) };
}

interface Page {
  root: HTMLElement;
  drawer: CartDrawer;
  button: AddToCart;
  form: LoginForm;
  picker: MnmContainerPicker;
}

/** A shop page: one provider holding every element, with a `lang` (or none) and extra children. */
async function shopPage(lang: string | undefined, extra = html``): Promise<Page> {
  const root = await fixture<HTMLElement>(html`<cart-provider base-url=${shop().baseUrl} lang=${lang ?? (undefined as never)}>
    ${extra}
    <cart-drawer></cart-drawer>
    <add-to-cart product-id=${ID.ethiopiaBeans}></add-to-cart>
    <login-form></login-form>
    <mnm-container-picker product-id=${BOX_ID}></mnm-container-picker>
  </cart-provider>`);
  if (lang === undefined) root.removeAttribute('lang');
  const page = {
    root,
    drawer: root.querySelector('cart-drawer')!,
    button: root.querySelector('add-to-cart')!,
    form: root.querySelector('login-form')!,
    picker: root.querySelector('mnm-container-picker')!,
  };
  await waitUntil(() => shop().store().state.cart, 'the cart never loaded');
  await waitForBox(page.picker);
  return page;
}

/** Asserts that every element on the page speaks `m`: names, labels and texts a shopper meets first. */
async function expectSpeaks(page: Page, m: Messages): Promise<void> {
  const { drawer, button, form, picker } = page;
  await Promise.all([drawer, button, form, picker].map((el) => el.updateComplete));
  getByRole(drawer, 'button', m.cart);
  getByRole(button, 'button', m.addToCart);
  control(form, m.identifier);
  control(form, m.password);
  getByRole(form, 'button', m.signIn);
  getByRole(picker, 'spinbutton', m.quantityOf('Kenya Sample'));
  getByRole(picker, 'button', m.addToCart);
  expect(normalise(textOf(getByRole(picker, 'status')))).to.contain(normalise(m.selected(0, 3, 6)));
  await drawer.show();
  const dialog = getByRole(drawer, 'dialog');
  expect(accessibleName(dialog)).to.equal(m.cart);
  expect(normalise(textOf(dialog))).to.contain(m.emptyCart);
  getByRole(drawer, 'button', m.close);
}

describe('language', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.removeAttribute('dir');
  });

  it('renders in the page’s language from the first frame, never in English first', async () => {
    const el = document.createElement('add-to-cart');
    el.setAttribute('lang', 'nl');
    el.setAttribute('base-url', shop().baseUrl);
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(el.shadowRoot?.textContent ?? ''));
    document.body.append(el);
    observer.observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true });
    try {
      await el.updateComplete;
      observer.takeRecords();
      getByRole(el, 'button', 'In winkelwagen');
      expect(seen.filter((text) => text.includes('Add to cart'))).to.deep.equal([]);
    } finally {
      observer.disconnect();
      el.remove();
    }
  });

  for (const language of languages) {
    it(`speaks ${language} in every element when the provider says lang="${language}"`, async () => {
      const page = await shopPage(language);
      await expectSpeaks(page, await messagesOf(language));
      await expect(page.root).to.be.accessible();
    });
  }

  it('speaks English where the language does not ship', async () => {
    const page = await shopPage('zh-Hant');
    await expectSpeaks(page, defaultMessages);
  });

  it('follows <html lang> when nothing nearer has one, matching a region to its language', async () => {
    document.documentElement.lang = 'de-AT';
    const page = await shopPage(undefined);
    await expectSpeaks(page, await messagesOf('de'));
  });

  it('lets an element’s own lang win over its provider’s', async () => {
    const page = await shopPage('fr', html`<add-to-cart id="own" lang="pt" product-id=${ID.ethiopiaBeans}></add-to-cart>`);
    const own = page.root.querySelector<AddToCart>('#own')!;
    await own.updateComplete;
    getByRole(own, 'button', 'Adicionar ao carrinho');
    getByRole(page.root.querySelector('add-to-cart:not(#own)')!, 'button', 'Ajouter au panier');
  });

  it('follows a language change on the provider and on <html> while the page runs', async () => {
    const page = await shopPage(undefined);
    await expectSpeaks(page, defaultMessages);
    await page.drawer.hide();
    page.root.setAttribute('lang', 'sv');
    await waitUntil(() => queryByRole(page.button, 'button', 'Lägg i varukorgen'), 'the button stayed in English');
    await expectSpeaks(page, await messagesOf('sv'));
    await page.drawer.hide();
    page.root.removeAttribute('lang');
    document.documentElement.lang = 'ja';
    await waitUntil(() => queryByRole(page.button, 'button', 'カートに入れる'), 'the button did not follow <html lang>');
    await expectSpeaks(page, await messagesOf('ja'));
  });

  it('counts the drawer’s items with the language’s plural forms (Polish, Arabic)', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 3 });
    const page = await shopPage('pl');
    const count = () => page.drawer.shadowRoot!.getElementById('cart-count')!.textContent;
    await waitUntil(() => count() === '3 produkty', `Polish count: ${count()}`);
    await shop().store().updateQuantity(shop().store().state.cart!.items[0]!.key, 5);
    await waitUntil(() => count() === '5 produktów', `Polish count: ${count()}`);
    page.root.setAttribute('lang', 'ar');
    await waitUntil(() => count() === '5 منتجات', `Arabic count: ${count()}`);
    await shop().store().updateQuantity(shop().store().state.cart!.items[0]!.key, 2);
    await waitUntil(() => count() === 'منتجان', `Arabic count: ${count()}`);
  });

  it('reads right to left in Arabic: an open drawer with lines, named and accessible', async () => {
    document.documentElement.dir = 'rtl';
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const page = await shopPage('ar');
    const m = await messagesOf('ar');
    await page.drawer.show();
    const dialog = getByRole(page.drawer, 'dialog');
    await waitUntil(() => queryByRole(page.drawer, 'spinbutton', m.quantityFor('Ethiopia Yirgacheffe Beans')), 'no line');
    expect(getComputedStyle(dialog).direction).to.equal('rtl');
    expect(accessibleName(dialog)).to.equal('السلة');
    getByRole(page.drawer, 'link', m.checkout);
    getByRole(page.drawer, 'button', m.remove('Ethiopia Yirgacheffe Beans'));
    await expect(page.drawer).to.be.accessible();
  });

  describe('direction', () => {
    const direction = (el: Element) => getComputedStyle(el).direction;

    it('reads right to left with lang="ar" on the provider alone, no dir anywhere, and left to right again in another language', async () => {
      await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
      const page = await shopPage('ar');
      expect(document.documentElement.hasAttribute('dir')).to.equal(false);
      await page.drawer.show();
      const dialog = getByRole(page.drawer, 'dialog');
      expect([page.drawer, page.button, page.form, page.picker, dialog].map(direction)).to.deep.equal(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
      // The login form's fields are in the page (light DOM): they read right to left too.
      expect(direction(control(page.form, (await messagesOf('ar')).password))).to.equal('rtl');
      await expect(page.root).to.be.accessible();
      await page.drawer.hide();
      page.root.setAttribute('lang', 'de');
      await waitUntil(() => direction(page.button) === 'ltr', 'German stayed right to left');
      expect([page.drawer, page.form, page.picker].map(direction)).to.deep.equal(['ltr', 'ltr', 'ltr']);
      expect([page.drawer, page.button, page.form, page.picker].filter((el) => el.hasAttribute('dir'))).to.deep.equal([]);
    });

    it('reads right to left with lang="ar" on the element itself, the elements beside it left to right', async () => {
      const page = await shopPage('en', html`<add-to-cart id="own" lang="ar" product-id=${ID.ethiopiaBeans}></add-to-cart>`);
      const own = page.root.querySelector<AddToCart>('#own')!;
      await own.updateComplete;
      expect(direction(own)).to.equal('rtl');
      expect(direction(getByRole(own, 'button', (await messagesOf('ar')).addToCart))).to.equal('rtl');
      expect(direction(page.root.querySelector('add-to-cart:not(#own)')!)).to.equal('ltr');
    });

    it('keeps the direction a dir attribute above or on the element says, and follows it when it goes', async () => {
      const page = await shopPage('ar', html`<add-to-cart id="own" dir="ltr" product-id=${ID.ethiopiaBeans}></add-to-cart>`);
      const own = page.root.querySelector<AddToCart>('#own')!;
      const other = page.root.querySelector('add-to-cart:not(#own)')!;
      expect(direction(own)).to.equal('ltr');
      expect(own.getAttribute('dir')).to.equal('ltr');
      expect(direction(other)).to.equal('rtl');
      page.root.setAttribute('dir', 'ltr');
      await waitUntil(() => direction(other) === 'ltr', 'the provider’s dir="ltr" did not win');
      expect(other.hasAttribute('dir')).to.equal(false);
      page.root.removeAttribute('dir');
      await waitUntil(() => direction(other) === 'rtl', 'Arabic did not go back to right to left');
      expect(direction(own)).to.equal('ltr');
    });
  });

  describe('a merchant’s <script type="application/json" data-messages>', () => {
    it('replaces strings in the page’s language, with placeholders and plural forms, without JavaScript', async () => {
      await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
      const page = await shopPage('de', html`
        <script type="application/json" data-messages>
          {"checkout": "Jetzt bezahlen", "addToCart": "Kaufen", "cartCount": {"one": "{count} Sache", "other": "{count} Sachen"},
           "quantityOf": "Wie viel {name}?"}
        </script>`);
      getByRole(page.button, 'button', 'Kaufen');
      getByRole(page.drawer, 'button', 'Warenkorb');
      getByRole(page.picker, 'spinbutton', 'Wie viel Kenya Sample?');
      expect(page.drawer.shadowRoot!.getElementById('cart-count')!.textContent).to.equal('1 Sache');
      await page.drawer.show();
      await waitUntil(() => queryByRole(page.drawer, 'link', 'Jetzt bezahlen'), 'the checkout link kept its text');
      await expect(page.root).to.be.accessible();
    });

    it('reaches the open drawer’s own strings, which come with its panel, as it does the button’s', async () => {
      await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
      const page = await shopPage('de', html`
        <script type="application/json" data-messages>{"remove": "{name} herausnehmen", "cart": "Korb"}</script>`);
      const de = await messagesOf('de');
      getByRole(page.drawer, 'button', 'Korb');
      await page.drawer.show();
      expect(accessibleName(getByRole(page.drawer, 'dialog'))).to.equal('Korb');
      getByRole(page.drawer, 'button', 'Ethiopia Yirgacheffe Beans herausnehmen');
      getByRole(page.drawer, 'button', de.close);
      page.drawer.messages = { checkout: 'Zur Kasse, bitte' };
      await page.drawer.updateComplete;
      getByRole(page.drawer, 'link', 'Zur Kasse, bitte');
      getByRole(page.drawer, 'button', 'Ethiopia Yirgacheffe Beans herausnehmen');
      await expect(page.root).to.be.accessible();
    });

    it('shows the merchant’s words from the first frame, never the ones they replace', async () => {
      const provider = document.createElement('cart-provider');
      provider.setAttribute('base-url', shop().baseUrl);
      provider.innerHTML = `<script type="application/json" data-messages>{"addToCart": "Buy now"}</script><add-to-cart></add-to-cart>`;
      const el = provider.querySelector('add-to-cart')!;
      const seen: string[] = [];
      const observer = new MutationObserver(() => seen.push(el.shadowRoot?.textContent ?? ''));
      document.body.append(provider);
      observer.observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true });
      try {
        await el.updateComplete;
        observer.takeRecords();
        getByRole(el, 'button', 'Buy now');
        expect(seen.filter((text) => text.includes('Add to cart'))).to.deep.equal([]);
        await waitUntil(() => shop().store().state.cart, 'the cart never loaded');
      } finally {
        observer.disconnect();
        provider.remove();
      }
    });

    it('takes a script with a lang for that language only, over one for every language', async () => {
      const page = await shopPage('fr', html`
        <script type="application/json" data-messages>{"addToCart": "Buy", "signIn": "Log in"}</script>
        <script type="application/json" data-messages lang="fr">{"addToCart": "Acheter"}</script>
        <script type="application/json" data-messages lang="de">{"signIn": "Einloggen"}</script>`);
      getByRole(page.button, 'button', 'Acheter');
      getByRole(page.form, 'button', 'Log in');
      page.root.setAttribute('lang', 'de');
      await waitUntil(() => queryByRole(page.form, 'button', 'Einloggen'), 'the German script did not apply');
      getByRole(page.button, 'button', 'Buy');
    });

    it('keeps a script for a language that does not ship (zh) off English pages, and applies it where that language is asked for', async () => {
      const page = await shopPage(undefined, html`
        <script type="application/json" data-messages lang="zh">{"addToCart": "加入购物车", "checkout": "结账"}</script>
        <add-to-cart id="zh" lang="zh-Hans" product-id=${ID.ethiopiaBeans}></add-to-cart>`);
      const zh = page.root.querySelector<AddToCart>('#zh')!;
      const english = page.root.querySelector('add-to-cart:not(#zh)')!;
      await zh.updateComplete;
      getByRole(english, 'button', 'Add to cart');
      getByRole(zh, 'button', '加入购物车');
      await page.drawer.show();
      await waitUntil(() => queryByRole(page.drawer, 'dialog'), 'no dialog');
      expect(normalise(textOf(getByRole(page.drawer, 'dialog')))).to.not.contain('结账');
      await page.drawer.hide();
      page.root.setAttribute('lang', 'zh-CN');
      await waitUntil(() => queryByRole(english, 'button', '加入购物车'), 'the zh strings did not apply once the page asked for zh');
      page.root.setAttribute('lang', 'ko');
      await waitUntil(() => queryByRole(english, 'button', 'Add to cart'), 'the zh strings stayed on a Korean (English-speaking) page');
      await expect(page.root).to.be.accessible();
    });

    it('reads a {word} the message does not name as its first value ("{product} entfernt")', async () => {
      await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
      const page = await shopPage('de', html`
        <script type="application/json" data-messages>{"remove": "{product} entfernen", "quantityFor": "Menge: {artikel}"}</script>`);
      await page.drawer.show();
      await waitUntil(() => queryByRole(page.drawer, 'button', 'Ethiopia Yirgacheffe Beans entfernen'), 'the placeholder stayed as written');
      getByRole(page.drawer, 'spinbutton', 'Menge: Ethiopia Yirgacheffe Beans');
      await expect(page.root).to.be.accessible();
    });

    it('is followed when the merchant’s script changes, and loses to the element’s messages property', async () => {
      const page = await shopPage('es', html`<script type="application/json" data-messages>{"addToCart": "Comprar"}</script>`);
      getByRole(page.button, 'button', 'Comprar');
      page.root.querySelector('script')!.textContent = '{"addToCart": "Lo quiero"}';
      await waitUntil(() => queryByRole(page.button, 'button', 'Lo quiero'), 'the new text did not apply');
      page.button.messages = { addToCart: 'Mío' };
      await page.button.updateComplete;
      getByRole(page.button, 'button', 'Mío');
      getByRole(page.picker, 'button', 'Lo quiero');
    });
  });
});
