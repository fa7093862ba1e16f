import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import '../../../src/elements/add-to-cart/define.js';
import '../../../src/elements/cart-drawer/define.js';
import type { AddToCart } from '../../../src/elements/add-to-cart/add-to-cart.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import type { CartItemAddingEvent } from '../../../src/events/cart-events.js';
import { alertTexts, expectFocusOn, getByRole, queryAllByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { resetCartStores } from '../../../src/store/cart-store.js';
import { holdRequests, requestsTo, useShop } from '../../helpers/shop.js';

const shop = useShop();
const added = () => requestsTo(shop(), 'POST', 'v2/cart/add-item').map((request) => request.body);

describe('<add-to-cart>', () => {
  it('shows an "Add to cart" button that adds the product and tells the host page', async () => {
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11" quantity="2"></add-to-cart>`);
    await expect(el).to.be.accessible();
    const button = getByRole(el, 'button', 'Add to cart');
    button.focus();
    const event = oneEvent(el, 'cart-item-added');
    await sendKeys({ press: 'Enter' });
    const { detail } = await event;
    expect(added()).to.deep.equal([{ id: '11', quantity: '2' }]);
    expect(detail.currency).to.equal('USD');
    expect(detail.value).to.equal(36);
    expect(detail.items).to.deep.equal([{ item_id: '11', item_name: 'Ethiopia Yirgacheffe Beans', price: 18, quantity: 2 }]);
    expect(detail.cart.items).to.have.length(1);
    await el.updateComplete;
    expect(visibleText(getByRole(el, 'status'))).to.equal('Ethiopia Yirgacheffe Beans was added to your cart.');
  });

  it('reports only what it added to a cart that already held some', async () => {
    const store = shop().store();
    await store.addItem({ id: ID.ethiopiaBeans, quantity: 3 });
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11"></add-to-cart>`);
    setTimeout(() => getByRole(el, 'button', 'Add to cart').click());
    const { detail } = await oneEvent(el, 'cart-item-added');
    expect(detail.items).to.deep.equal([{ item_id: '11', item_name: 'Ethiopia Yirgacheffe Beans', price: 18, quantity: 1 }]);
  });

  it('is busy while the shop answers, and ignores more clicks meanwhile', async () => {
    const held = holdRequests(shop(), 'post', 'v2/cart/add-item');
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11"></add-to-cart>`);
    getByRole(el, 'button', 'Add to cart').click();
    await el.updateComplete;
    const busy = getByRole(el, 'button', 'Adding…');
    expect(busy.getAttribute('aria-disabled')).to.equal('true');
    await expect(el).to.be.accessible();
    busy.click();
    busy.click();
    await waitUntil(() => held.held() === 1);
    held.release();
    await waitUntil(() => queryByRole(el, 'button', 'Add to cart'), 'never stopped being busy');
    expect(added()).to.have.length(1);
  });

  it('shows why the shop refused, next to the button', async () => {
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id=${ID.grinder}></add-to-cart>`);
    const failed = oneEvent(el, 'cart-error');
    getByRole(el, 'button', 'Add to cart').click();
    const { detail } = await failed;
    expect(detail.action).to.equal('add-item');
    expect(detail.error.is('product_out_of_stock')).to.equal(true);
    await el.updateComplete;
    const [message] = alertTexts(el);
    expect(message).to.contain('out of stock');
    const button = getByRole(el, 'button', 'Add to cart');
    expect(el.shadowRoot!.getElementById(button.getAttribute('aria-describedby')!)!.textContent).to.equal(message);
    await expect(el).to.be.accessible();
  });

  describe('once the cart changes by something else', () => {
    /** Adds the guide twice through the element: the shop sells it once per cart. */
    async function refusedSecondGuide(): Promise<AddToCart> {
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id=${ID.guide}></add-to-cart>`);
      await el.add();
      await el.add();
      await el.updateComplete;
      expect(alertTexts(el)[0]).to.contain('You cannot add another');
      return el;
    }

    it('drops its error when the line it was about is removed elsewhere', async () => {
      const el = await refusedSecondGuide();
      const store = shop().store();
      await store.removeItem(store.state.cart!.items[0]!.key);
      await el.updateComplete;
      expect(alertTexts(el)).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });

    it('keeps its error when the cart is only read again, unchanged', async () => {
      const el = await refusedSecondGuide();
      await shop().store().load();
      await el.updateComplete;
      expect(alertTexts(el)[0]).to.contain('You cannot add another');
    });

    it("keeps its error when the add waited for the page's first cart load", async () => {
      // A returning shopper: the guide is in the kept cart, and the new page's store has no cart yet.
      await shop().store().addItem({ id: ID.guide, quantity: 1 });
      resetCartStores();
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id=${ID.guide}></add-to-cart>`);
      const addsBefore = requestsTo(shop(), 'POST', 'v2/cart/add-item').length;
      const firstLoad = holdRequests(shop(), 'get', 'v2/cart');
      const loading = shop().store().load();
      // One request at a time per cart: the add goes once the load is answered, and is refused.
      const adding = el.add();
      await aTimeout(50);
      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item'), 'the add went before the load was answered').to.have.length(addsBefore);
      firstLoad.release();
      await loading;
      await adding;
      await el.updateComplete;
      expect(alertTexts(el)[0]).to.contain('You cannot add another');
      await aTimeout(50);
      await el.updateComplete;
      expect(alertTexts(el)[0]).to.contain('You cannot add another');
    });

    it('drops its "was added" status when a quantity changes elsewhere', async () => {
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11"></add-to-cart>`);
      await el.add();
      await el.updateComplete;
      expect(visibleText(getByRole(el, 'status'))).to.equal('Ethiopia Yirgacheffe Beans was added to your cart.');
      const store = shop().store();
      await store.updateQuantity(store.state.cart!.items[0]!.key, 3);
      await el.updateComplete;
      expect(visibleText(getByRole(el, 'status'))).to.equal('');
      await expect(el).to.be.accessible();
    });
  });

  it('with open-on-add, gives focus to the drawer\'s trigger when the drawer closes (the contract)', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <cart-drawer base-url=${shop().baseUrl}></cart-drawer>
      <add-to-cart base-url=${shop().baseUrl} product-id="11" open-on-add></add-to-cart>
    </div>`);
    const drawer = page.querySelector<CartDrawer>('cart-drawer')!;
    getByRole(page.querySelector('add-to-cart')!, 'button', 'Add to cart').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => drawer.open && queryByRole(drawer, 'spinbutton'), 'the drawer did not open with the line');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !drawer.open, 'Escape did not close the drawer');
    // Architecture §3: "Esc and a close button close it and focus returns to the trigger".
    expectFocusOn(getByRole(drawer, 'button', 'Cart'));
  });

  it('adds a variation given by its id', async () => {
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="20" variation="22"></add-to-cart>`);
    setTimeout(() => getByRole(el, 'button', 'Add to cart').click());
    const { detail } = await oneEvent(el, 'cart-item-added');
    expect(added()).to.deep.equal([{ id: '22', quantity: '1' }]);
    expect(detail.items[0]!.item_name).to.equal('Barista T-Shirt - Black, M');
  });

  it('adds a variation given by its attributes, from script', async () => {
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="20"></add-to-cart>`);
    el.variation = { attribute_pa_colour: 'white', attribute_pa_size: 's' };
    setTimeout(() => getByRole(el, 'button', 'Add to cart').click());
    const { detail } = await oneEvent(el, 'cart-item-added');
    expect(added()).to.deep.equal([{ id: '20', quantity: '1', variation: { attribute_pa_colour: 'white', attribute_pa_size: 's' } }]);
    expect(detail.items).to.deep.equal([{ item_id: '24', item_name: 'Barista T-Shirt - White, S', price: 25, quantity: 1 }]);
  });

  it('uses the merchant\'s own button, busy state included', async () => {
    const held = holdRequests(shop(), 'post', 'v2/cart/add-item');
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="15"><button class="buy">Buy the mug</button></add-to-cart>`);
    expect(queryByRole(el, 'button', 'Add to cart')).to.equal(null);
    const own = getByRole(el, 'button', 'Buy the mug');
    own.click();
    await waitUntil(() => own.getAttribute('aria-disabled') === 'true', 'the merchant\'s button was not marked busy');
    held.release();
    await waitUntil(() => !own.hasAttribute('aria-disabled'), 'the merchant\'s button stayed busy');
    expect(added()).to.deep.equal([{ id: '15', quantity: '1' }]);
  });

  it('opens the page\'s drawer after adding when open-on-add is set, and only then', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <cart-drawer base-url=${shop().baseUrl}></cart-drawer>
      <add-to-cart base-url=${shop().baseUrl} product-id="15"></add-to-cart>
      <add-to-cart base-url=${shop().baseUrl} product-id="11" open-on-add></add-to-cart>
    </div>`);
    const drawer = page.querySelector<CartDrawer>('cart-drawer')!;
    const [quiet, opening] = page.querySelectorAll<AddToCart>('add-to-cart');
    setTimeout(() => getByRole(quiet!, 'button', 'Add to cart').click());
    await oneEvent(quiet!, 'cart-item-added');
    await drawer.updateComplete;
    expect(drawer.open).to.equal(false);
    expect(drawer.shadowRoot!.querySelector('[part~=count]')!.textContent, 'the drawer shares the store').to.equal('1');

    setTimeout(() => getByRole(opening!, 'button', 'Add to cart').click());
    await oneEvent(opening!, 'cart-item-added');
    await waitUntil(() => drawer.open && queryAllByRole(drawer, 'spinbutton').length === 2, 'the drawer did not open with both lines');
    expect(requestsTo(shop(), 'GET', 'v2/cart')).to.have.length(1);
  });

  it('replaces its strings through the messages property', async () => {
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="15" .messages=${{ addToCart: 'In den Warenkorb', adding: 'Wird hinzugefügt…' }}></add-to-cart>`);
    getByRole(el, 'button', 'In den Warenkorb').click();
    await el.updateComplete;
    getByRole(el, 'button', 'Wird hinzugefügt…');
    await waitUntil(() => queryByRole(el, 'button', 'In den Warenkorb'));
  });

  it('takes its colours and radius from the page', async () => {
    const host = await fixture<HTMLElement>(html`<div style="--cart-accent: rgb(10, 20, 30); --cart-radius: 0px">
      <add-to-cart base-url=${shop().baseUrl} product-id="15"></add-to-cart>
    </div>`);
    const button = getByRole(host.querySelector('add-to-cart')!, 'button', 'Add to cart');
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(10, 20, 30)');
    expect(getComputedStyle(button).borderTopLeftRadius).to.equal('0px');
    expect(button.getAttribute('part')!.split(' ')).to.include('button');
  });

  describe('asks the host page first (cart-item-adding)', () => {
    /** A listener on the page's body, as a host page would add; removed after the test. */
    function onAdding(listener: (event: CartItemAddingEvent) => void): void {
      document.body.addEventListener('cart-item-adding', listener);
      stops.push(() => document.body.removeEventListener('cart-item-adding', listener));
    }
    const stops: Array<() => void> = [];
    afterEach(() => stops.splice(0).forEach((stop) => stop()));

    it('tells the page what it is about to add, before any request', async () => {
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11" quantity="2"></add-to-cart>`);
      const seen: Array<{ detail: unknown; cancelable: boolean; composed: boolean; requests: number }> = [];
      onAdding((event) => seen.push({ detail: { ...event.detail }, cancelable: event.cancelable, composed: event.composed, requests: added().length }));
      await el.add();
      expect(seen).to.deep.equal([{ detail: { productId: '11', quantity: 2 }, cancelable: true, composed: true, requests: 0 }]);
      expect(added()).to.have.length(1);
    });

    it('names the variation it adds, by id or by attributes', async () => {
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="20" variation="22"></add-to-cart>`);
      const details: unknown[] = [];
      onAdding((event) => details.push({ ...event.detail }));
      await el.add();
      el.removeAttribute('variation');
      el.variation = { attribute_pa_colour: 'white', attribute_pa_size: 's' };
      await el.add();
      expect(details).to.deep.equal([
        { productId: '20', quantity: 1, variation: '22' },
        { productId: '20', quantity: 1, variation: { attribute_pa_colour: 'white', attribute_pa_size: 's' } },
      ]);
    });

    it('sends nothing when the page cancels, shows no error, and stays usable', async () => {
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11"></add-to-cart>`);
      let cancel = true;
      let errors = 0;
      el.addEventListener('cart-error', () => errors++);
      onAdding((event) => cancel && event.preventDefault());
      getByRole(el, 'button', 'Add to cart').click();
      await el.updateComplete;
      // A round trip to the shop: an add sent by the click would be logged by now.
      await shop().store().load();
      expect(added()).to.deep.equal([]);
      expect(alertTexts(el)).to.deep.equal([]);
      expect(errors).to.equal(0);
      const button = getByRole(el, 'button', 'Add to cart');
      expect(button.hasAttribute('aria-disabled')).to.equal(false);
      await expect(el).to.be.accessible();
      cancel = false;
      setTimeout(() => button.click());
      await oneEvent(el, 'cart-item-added');
      expect(added()).to.deep.equal([{ id: '11', quantity: '1' }]);
    });

    it('sends what the page changed: quantity, item data, variation', async () => {
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="20" variation="22"></add-to-cart>`);
      onAdding((event) => {
        event.detail.quantity = 3;
        event.detail.variation = '21';
        event.detail.itemData = { gift_note: 'Happy birthday' };
      });
      setTimeout(() => getByRole(el, 'button', 'Add to cart').click());
      const { detail } = await oneEvent(el, 'cart-item-added');
      expect(added()).to.deep.equal([{ id: '21', quantity: '3', item_data: { gift_note: 'Happy birthday' } }]);
      expect(detail.items).to.deep.equal([{ item_id: '21', item_name: 'Barista T-Shirt - Black, S', price: 25, quantity: 3 }]);
    });

    it("keeps its own quantity when the page's is not a positive number", async () => {
      const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11" quantity="2"></add-to-cart>`);
      onAdding((event) => (event.detail.quantity = -4));
      await el.add();
      expect(added()).to.deep.equal([{ id: '11', quantity: '2' }]);
    });
  });
});
