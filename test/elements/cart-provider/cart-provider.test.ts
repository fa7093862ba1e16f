import { expect, fixture, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import { PRODUCT_IDS as ID, createMockShop } from '../../../src/mock/index.js';
import '../../../src/elements/cart-provider/define.js';
import '../../../src/elements/cart-drawer/define.js';
import '../../../src/elements/add-to-cart/define.js';
import type { CartProvider } from '../../../src/elements/cart-provider/cart-provider.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import type { AddToCart } from '../../../src/elements/add-to-cart/add-to-cart.js';
import { getByRole } from '../../helpers/queries.js';
import { requestsTo, useShop, worker } from '../../helpers/shop.js';

/** The count the drawer's trigger shows; `null` before the cart arrived. */
const shows = (drawer: CartDrawer) => {
  const badge = drawer.shadowRoot!.querySelector<HTMLElement>('[part~=count]');
  // Before the cart the badge keeps its place hidden ([hidden]), its text already there.
  return badge && !badge.hidden && getComputedStyle(badge).visibility === 'visible' ? badge.textContent : null;
};

async function addThrough(button: AddToCart) {
  setTimeout(() => getByRole(button, 'button', 'Add to cart').click());
  await oneEvent(button, 'cart-item-added');
}

describe('<cart-provider>', () => {
  const shop = useShop();

  it('gives the elements inside it one store and loads the cart once', async () => {
    const provider = await fixture<CartProvider>(html`<cart-provider base-url=${shop().baseUrl}>
      <header><cart-drawer></cart-drawer></header>
      <main><add-to-cart product-id="11"></add-to-cart><cart-drawer></cart-drawer></main>
    </cart-provider>`);
    const [first, second] = provider.querySelectorAll('cart-drawer');
    await waitUntil(() => shows(first!) === '0' && shows(second!) === '0', 'the cart did not load');
    expect(requestsTo(shop(), 'GET', 'v2/cart')).to.have.length(1);
    await addThrough(provider.querySelector('add-to-cart')!);
    await first!.updateComplete;
    expect([shows(first!), shows(second!)]).to.deep.equal(['1', '1']);
    expect(requestsTo(shop(), 'GET', 'v2/cart')).to.have.length(1);
    await expect(provider).to.be.accessible();
  });

  it('shares its store with standalone elements of the same base URL and namespace', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <cart-provider base-url=${shop().baseUrl} namespace="svc"><add-to-cart product-id="11"></add-to-cart></cart-provider>
      <cart-drawer base-url=${shop().baseUrl} namespace="svc"></cart-drawer>
    </div>`);
    const drawer = page.querySelector('cart-drawer')!;
    await waitUntil(() => shows(drawer) === '0');
    await addThrough(page.querySelector('add-to-cart')!);
    await drawer.updateComplete;
    expect(shows(drawer)).to.equal('1');
    expect(page.querySelector('cart-provider')!.store).to.equal(shop().store());
    expect(requestsTo(shop(), 'GET', 'v2/cart')).to.have.length(1);
  });

  it('keeps shops apart: another namespace is another store', async () => {
    const other = createMockShop({ baseUrl: shop().baseUrl, namespace: 'cocart' });
    worker.use(...other.handlers);
    const page = await fixture<HTMLElement>(html`<div>
      <cart-provider base-url=${shop().baseUrl}><cart-drawer></cart-drawer></cart-provider>
      <cart-provider base-url=${shop().baseUrl} namespace="cocart"></cart-provider>
    </div>`);
    const [svc, cocart] = page.querySelectorAll('cart-provider');
    expect(svc!.store).to.not.equal(cocart!.store);
    expect(cocart!.store!.config.namespace).to.equal('cocart');
    await waitUntil(() => svc!.store!.state.cart && cocart!.store!.state.cart, 'the carts did not load');
    expect(requestsTo(shop(), 'GET', 'v2/cart')).to.have.length(1);
    expect(other.requests.filter((request) => request.method === 'GET')).to.have.length(1);
  });

  it('passes auth, amounts and checkout-url on to the store and the drawer', async () => {
    await shop().store().addItem({ id: ID.mug, quantity: 1 });
    const provider = await fixture<CartProvider>(html`<cart-provider
      base-url=${shop().baseUrl}
      auth="basic"
      amounts="minor-units"
      checkout-url="https://pay.example/checkout"
      ><cart-drawer></cart-drawer
    ></cart-provider>`);
    const { config } = provider.store!;
    // The store was made by the test first: its auth and amounts stay (first config wins).
    expect(config.baseUrl).to.equal(shop().baseUrl);
    const drawer = provider.querySelector('cart-drawer')!;
    await drawer.show();
    await waitUntil(() => drawer.shadowRoot!.querySelector('[part~=checkout]'));
    const key = provider.store!.state.cart!.key;
    expect(getByRole<HTMLAnchorElement>(drawer, 'link', 'Checkout').href).to.equal(`${shop().baseUrl.replace(/\/wp-json$/, '')}/checkout/?cocart-load-cart=${key}`);
  });
});

describe('<cart-provider> configuring a new store', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });

  it('makes the store from its attributes: namespace, auth, amounts and checkout-url', async () => {
    const provider = await fixture<CartProvider>(html`<cart-provider
      base-url=${shop().baseUrl}
      namespace="cocart"
      auth="basic"
      amounts="minor-units"
      checkout-url="https://pay.example/checkout"
      ><cart-drawer></cart-drawer
    ></cart-provider>`);
    const { config } = provider.store!;
    expect([config.namespace, config.auth, config.amounts, config.checkoutUrl]).to.deep.equal([
      'cocart',
      'basic',
      'minor-units',
      'https://pay.example/checkout',
    ]);
    await waitUntil(() => requestsTo(shop(), 'GET', 'v2/cart').length === 1, 'the cart was not loaded from the cocart routes');
    await provider.store!.addItem({ id: ID.mug, quantity: 1 });
    const drawer = provider.querySelector('cart-drawer')!;
    await drawer.show();
    await waitUntil(() => drawer.shadowRoot!.querySelector('[part~=checkout]'));
    const key = provider.store!.state.cart!.key;
    expect(getByRole<HTMLAnchorElement>(drawer, 'link', 'Checkout').href).to.equal(`https://pay.example/checkout?cocart-load-cart=${key}`);
    expect(getByRole(drawer, 'spinbutton', 'Quantity for Enamel Mug')).to.not.equal(null);
  });

  it('gives elements inside a store only once base-url is set', async () => {
    const provider = await fixture<CartProvider>(html`<cart-provider namespace="cocart"><cart-drawer></cart-drawer></cart-provider>`);
    expect(provider.store).to.equal(undefined);
    provider.baseUrl = shop().baseUrl;
    await provider.updateComplete;
    const drawer = provider.querySelector('cart-drawer')!;
    await waitUntil(() => shows(drawer) === '0', 'the drawer never got the cart');
    expect(requestsTo(shop(), 'GET', 'v2/cart')).to.have.length(1);
  });
});
