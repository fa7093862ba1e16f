import { expect, fixture, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import { HttpResponse, http } from 'msw';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import '../../../src/elements/add-to-cart/define.js';
import '../../../src/elements/cart-count/define.js';
import '../../../src/elements/cart-drawer/define.js';
import '../../../src/elements/mnm-container-picker/define.js';
import type { AddToCart } from '../../../src/elements/add-to-cart/add-to-cart.js';
import type { CartCount } from '../../../src/elements/cart-count/cart-count.js';
import type { CartProvider } from '../../../src/elements/cart-provider/cart-provider.js';
import { getByRole, normalise, textOf } from '../../helpers/queries.js';
import { holdRequests, requestsTo, useShop, worker } from '../../helpers/shop.js';
import { button, press, waitForBox } from '../mnm-container-picker/picker-page.js';

const shop = useShop();
const cartLoads = () => requestsTo(shop(), 'GET', 'v2/cart');

/** What a sighted shopper reads: the number (or total) part. */
const shown = (el: CartCount) => el.shadowRoot?.querySelector<HTMLElement>('[part~=count], [part~=total]') as HTMLElement;
/** What a screen reader reads: the element's text with the aria-hidden number left out. */
const spoken = (el: CartCount) => normalise([...el.shadowRoot!.children].map((child) => textOf(child)).join(' '));

async function countFor(template = html`<cart-count base-url=${shop().baseUrl}></cart-count>`): Promise<CartCount> {
  const host = await fixture<HTMLElement>(template);
  return (host.localName === 'cart-count' ? host : host.querySelector('cart-count')) as CartCount;
}

async function until(el: CartCount, text: string): Promise<void> {
  // Before its first render (e.g. while its language loads) the element shows nothing yet.
  await waitUntil(() => shown(el)?.textContent === text && getComputedStyle(shown(el)).visibility === 'visible', `never showed ${text}`);
}

describe('<cart-count>', () => {
  it('shows nothing before the cart is known, yet keeps its place and passes axe', async () => {
    const held = holdRequests(shop(), 'get', 'v2/cart');
    const el = await countFor();
    await waitUntil(() => held.held() === 1, 'the cart was never asked for');
    const number = shown(el);
    expect(getComputedStyle(number).visibility).to.equal('hidden');
    expect(number.getBoundingClientRect().width).to.be.greaterThan(0);
    expect(spoken(el)).to.equal('');
    await expect(el).to.be.accessible();
    held.release();
    await until(el, '0');
  });

  it('still shows nothing, and says nothing, when the cart could not be loaded', async () => {
    worker.use(
      http.get(shop().url('v2/cart'), () =>
        HttpResponse.json({ code: 'svc_boom', message: 'The shop is down.', data: { status: 500 } }, { status: 500 }),
      ),
    );
    const el = await countFor();
    await waitUntil(() => shop().store().state.status === 'error', 'the load never failed');
    await el.updateComplete;
    expect(getComputedStyle(shown(el)).visibility).to.equal('hidden');
    expect(spoken(el)).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('shows the count with a sentence for screen readers in an empty cart, and passes axe', async () => {
    const el = await countFor();
    await until(el, '0');
    expect(shown(el).getAttribute('aria-hidden')).to.equal('true');
    expect(shown(el).part.contains('empty')).to.equal(true);
    expect(spoken(el)).to.equal('0 items in your cart');
    await expect(el).to.be.accessible();
  });

  it('loads the cart once for its shop, even beside a drawer of the same shop', async () => {
    await fixture(html`<div>
      <cart-count base-url=${shop().baseUrl}></cart-count>
      <cart-drawer base-url=${shop().baseUrl}></cart-drawer>
      <cart-count base-url=${shop().baseUrl} show="total"></cart-count>
    </div>`);
    await waitUntil(() => shop().store().state.cart, 'the cart never loaded');
    expect(cartLoads()).to.have.length(1);
  });

  it('follows adds from another element live, and names the count', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <a href="/cart"><cart-count base-url=${shop().baseUrl}></cart-count></a>
      <add-to-cart base-url=${shop().baseUrl} product-id=${ID.ethiopiaBeans} quantity="2"></add-to-cart>
    </div>`);
    const el = page.querySelector('cart-count')!;
    const adder = page.querySelector<AddToCart>('add-to-cart')!;
    await until(el, '0');
    const added = oneEvent(adder, 'cart-item-added');
    getByRole(adder, 'button', 'Add to cart').click();
    await added;
    await until(el, '2');
    expect(shown(el).part.contains('empty')).to.equal(false);
    expect(spoken(el)).to.equal('2 items in your cart');
    // Inside a link, the link is named by the sentence, not the bare number.
    getByRole(page, 'link', '2 items in your cart');
    await expect(el).to.be.accessible();
    await shop().store().addItem({ id: ID.mug, quantity: 1 });
    await until(el, '3');
    await shop().store().updateQuantity(shop().store().state.cart!.items[0]!.key, 1);
    await until(el, '2');
  });

  it('counts a mix-and-match box once, whatever it holds', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <cart-count base-url=${shop().baseUrl}></cart-count>
      <mnm-container-picker base-url=${shop().baseUrl} product-id=${ID.tastingBox}></mnm-container-picker>
    </div>`);
    const el = page.querySelector('cart-count')!;
    const picker = page.querySelector('mnm-container-picker')!;
    await waitForBox(picker);
    await press(picker, 'One more Kenya Sample', 2);
    await press(picker, 'One more Decaf Sample', 2);
    const added = oneEvent(picker, 'cart-item-added');
    button(picker, 'Add to cart').click();
    await added;
    await until(el, '1');
    expect(spoken(el)).to.equal('1 item in your cart');
    expect(shop().store().state.cart!.items).to.have.length(3);
  });

  it('shows the formatted total with show="total", as the drawer\'s Total, and passes axe', async () => {
    const el = await countFor(html`<cart-count base-url=${shop().baseUrl} show="total"></cart-count>`);
    await until(el, '$0.00');
    expect(spoken(el)).to.equal('Cart total: $0.00');
    await expect(el).to.be.accessible();
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    // The mock shop adds 20% tax, $5 shipping (+ tax) and a $1.50 fee (+ tax) to the $36 of beans.
    await until(el, '$51.00');
    expect(shown(el).part.contains('total')).to.equal(true);
    expect(spoken(el)).to.equal('Cart total: $51.00');
    await expect(el).to.be.accessible();
  });

  it('shows the subtotal with show="subtotal", and switches when show changes', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await countFor(html`<cart-count base-url=${shop().baseUrl} show="subtotal"></cart-count>`);
    await until(el, '$36.00');
    expect(spoken(el)).to.equal('Cart subtotal: $36.00');
    expect([...shown(el).part]).to.deep.equal(['total', 'subtotal']);
    await expect(el).to.be.accessible();
    el.show = 'count';
    await until(el, '2');
    expect(spoken(el)).to.equal('2 items in your cart');
  });

  it('shares the store of the provider around it', async () => {
    const provider = await fixture<CartProvider>(html`<cart-provider base-url=${shop().baseUrl}><p>
      Cart (<cart-count></cart-count>)
    </p></cart-provider>`);
    const el = provider.querySelector('cart-count')!;
    await until(el, '0');
    await shop().store().addItem({ id: ID.mug, quantity: 4 });
    await until(el, '4');
    expect(cartLoads()).to.have.length(1);
  });

  it('keeps the amount in its own order on a right-to-left page', async () => {
    const page = await fixture<HTMLElement>(html`<p dir="rtl" lang="ar">
      السلة: <cart-count base-url=${shop().baseUrl} show="total"></cart-count>
    </p>`);
    const el = page.querySelector('cart-count')!;
    el.messages = { cartTotalIs: (total) => `إجمالي السلة: ${total}` };
    await until(el, '$0.00');
    expect(getComputedStyle(shown(el)).unicodeBidi).to.equal('isolate');
    expect(spoken(el)).to.equal('إجمالي السلة: $0.00');
    await expect(page).to.be.accessible();
  });

  it('takes replacement strings', async () => {
    const el = await countFor();
    el.messages = { itemsInCart: (count) => `${count} article(s) dans votre panier` };
    await until(el, '0');
    expect(spoken(el)).to.equal('0 article(s) dans votre panier');
  });

  it('re-renders only when the count or total changes', async () => {
    const el = await countFor();
    await until(el, '0');
    await shop().store().addItem({ id: ID.mug, quantity: 1 });
    await until(el, '1');
    let updates = 0;
    const update = el.requestUpdate.bind(el);
    el.requestUpdate = (...args: Parameters<CartCount['requestUpdate']>) => {
      updates++;
      update(...args);
    };
    await shop().store().load();
    expect(updates).to.equal(0);
  });
});
