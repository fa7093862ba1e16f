import { expect, fixture, html, waitUntil } from '../helpers/testing.js';
import '../../src/elements/cart-provider/define.js';
import '../../src/elements/add-to-cart/define.js';
import { CartElement } from '../../src/elements/cart-element.js';
import type { AddToCart } from '../../src/elements/add-to-cart/add-to-cart.js';
import { CartProvider } from '../../src/elements/cart-provider/cart-provider.js';
import { useShop } from '../helpers/shop.js';

describe('the shop’s attributes, declared once', () => {
  const shop = useShop();

  it('are the same attributes, types and reflection on every element and on the provider, which adds checkout-url', () => {
    const declared = (element: typeof CartElement | typeof CartProvider, name: string) => {
      const { attribute, type, reflect } = element.getPropertyOptions(name);
      return { attribute, type, reflect: reflect ?? false };
    };
    const shared = {
      baseUrl: { attribute: 'base-url', type: undefined, reflect: false },
      namespace: { attribute: undefined, type: undefined, reflect: false },
      auth: { attribute: undefined, type: undefined, reflect: false },
      amounts: { attribute: undefined, type: undefined, reflect: false },
      credentialsInQuery: { attribute: 'credentials-in-query', type: Boolean, reflect: false },
      loadCartParam: { attribute: 'load-cart-param', type: undefined, reflect: false },
    };
    for (const [name, options] of Object.entries(shared)) {
      expect(declared(CartElement, name), name).to.deep.equal(options);
      expect(declared(CartProvider, name), name).to.deep.equal(options);
    }
    expect(declared(CartProvider, 'checkoutUrl')).to.deep.equal({ attribute: 'checkout-url', type: undefined, reflect: false });
    expect(CartElement.elementProperties.has('checkoutUrl')).to.equal(false);
  });

  it('keep their defaults: the provider’s namespace, auth and amounts, nothing on an element until set', () => {
    const provider = new CartProvider();
    expect([provider.namespace, provider.auth, provider.amounts, provider.credentialsInQuery]).to.deep.equal(['svc', 'bearer', 'auto', false]);
    const button = document.createElement('add-to-cart') as AddToCart;
    expect([button.namespace, button.auth, button.amounts, button.credentialsInQuery, button.loadCartParam]).to.deep.equal([undefined, undefined, undefined, false, undefined]);
  });

  it('read an empty auth or amounts as the default on the provider as on an element, and an empty load-cart-param as no hand-over', async () => {
    const provider = await fixture<CartProvider>(html`<cart-provider base-url=${shop().baseUrl} auth="" amounts="" load-cart-param="" credentials-in-query></cart-provider>`);
    await waitUntil(() => provider.store?.state.cart, 'the cart never loaded');
    const { auth, amounts, loadCartParam, credentialsInQuery } = provider.store!.config;
    expect({ auth, amounts, loadCartParam, credentialsInQuery }).to.deep.equal({ auth: 'bearer', amounts: 'auto', loadCartParam: '', credentialsInQuery: true });
  });

  it('make the same store configuration outside a provider, the checkout link left to the shop’s', async () => {
    const button = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} namespace="" auth="" amounts="decimal" product-id="11"></add-to-cart>`);
    const { namespace, auth, amounts, loadCartParam, credentialsInQuery, checkoutUrl } = button.store!.config;
    expect({ namespace, auth, amounts, loadCartParam, credentialsInQuery }).to.deep.equal({
      namespace: 'svc',
      auth: 'bearer',
      amounts: 'decimal',
      loadCartParam: 'cocart-load-cart',
      credentialsInQuery: false,
    });
    expect(checkoutUrl).to.match(/\/checkout\/$/);
  });
});
