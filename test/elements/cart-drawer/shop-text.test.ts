import { HttpResponse, http } from 'msw';
import { expect, fixture, html, waitUntil } from '../../helpers/testing.js';
import { getByRole, queryAllByRole, visibleText } from '../../helpers/queries.js';
import { useShop, worker } from '../../helpers/shop.js';
import '../../../src/elements/add-to-cart/define.js';
import type { AddToCart } from '../../../src/elements/add-to-cart/add-to-cart.js';
import { openDrawer } from './drawer-page.js';
import { serveCart, wireCart } from './wire-carts.js';

describe('the shop’s text, as a browser would read it', () => {
  const shop = useShop();

  it('decodes every named and numeric reference in names, as the page’s HTML would (Caf&eacute;, &uuml;, &szlig;, &hearts;, &#8217;)', async () => {
    const cart = wireCart();
    cart.items['key-hoodie'].name = 'Caf&eacute; Cr&egrave;me &uuml;ber Stra&szlig;e &hearts; Mary&#8217;s &#x2603; &nosuch; &amp;lt;b&amp;gt;';
    cart.items['key-cap'].name = '&lt;img src=x onerror=&quot;window.__hacked=true&quot;&gt; &frac12; &rarr; &Omega;';
    serveCart(shop(), cart);
    const el = await openDrawer(shop());
    await waitUntil(() => queryAllByRole(el, 'listitem').length > 1, 'no lines');
    const text = visibleText(el);
    expect(text).to.contain('Café Crème über Straße ♥ Mary’s ☃ &nosuch; &lt;b&gt;');
    expect(text).to.contain('<img src=x onerror="window.__hacked=true"> ½ → Ω');
    expect(el.shadowRoot!.querySelector('img[src="x"]'), 'a decoded reference became an element').to.equal(null);
    expect((window as { __hacked?: boolean }).__hacked).to.equal(undefined);
    getByRole(el, 'button', 'Remove Café Crème über Straße ♥ Mary’s ☃ &nosuch; &lt;b&gt;');
    await expect(el).to.be.accessible();
  });
});

describe('the shop’s refusal without WooCommerce’s "View cart" button', () => {
  const shop = useShop();

  /** `<add-to-cart>` whose add the shop refuses with `message` (code `*_add_to_cart_error`). */
  async function refusedWith(message: string): Promise<string> {
    worker.use(
      http.post(shop().url('v2/cart/add-item'), () =>
        HttpResponse.json({ code: 'cocart_add_to_cart_error', message, data: { status: 400 } }, { status: 400 })),
    );
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="15"></add-to-cart>`);
    getByRole(el, 'button', 'Add to cart').click();
    await waitUntil(() => el.shadowRoot!.querySelector('[role=alert]')?.textContent?.trim(), 'no error shown');
    await expect(el).to.be.accessible();
    return el.shadowRoot!.querySelector('[role=alert]')!.textContent!.trim();
  }

  it('takes the button out by its markup, in any language', async () => {
    expect(await refusedWith('Sie können keinen weiteren &quot;Gift Card&quot; zu Ihrem Warenkorb hinzufügen. <a href="https://shop.test/warenkorb/" class="button wc-forward wp-element-button">Warenkorb ansehen</a>'))
      .to.equal('Sie können keinen weiteren "Gift Card" zu Ihrem Warenkorb hinzufügen.');
  });

  it('takes the button out where CoCart already stripped its tags, in German, French and Japanese', async () => {
    expect(await refusedWith('Vous ne pouvez pas ajouter un autre &quot;Gift Card&quot; à votre panier. Voir le panier'))
      .to.equal('Vous ne pouvez pas ajouter un autre "Gift Card" à votre panier.');
    expect(await refusedWith('Sie können keinen weiteren &quot;Gift Card&quot; zu Ihrem Warenkorb hinzufügen. Warenkorb ansehen'))
      .to.equal('Sie können keinen weiteren "Gift Card" zu Ihrem Warenkorb hinzufügen.');
    expect(await refusedWith('「Gift Card」をもう1つお買い物カゴに追加することはできません。お買い物カゴを表示'))
      .to.equal('「Gift Card」をもう1つお買い物カゴに追加することはできません。');
    expect(await refusedWith('You cannot add another &quot;Gift Card&quot; to your cart. View cart'))
      .to.equal('You cannot add another "Gift Card" to your cart.');
  });

  it('keeps a refusal that ends its own sentence as it is', async () => {
    expect(await refusedWith('Du kannst diese Menge nicht hinzufügen &mdash; wir haben 3 vorrätig.'))
      .to.equal('Du kannst diese Menge nicht hinzufügen — wir haben 3 vorrätig.');
  });
});
