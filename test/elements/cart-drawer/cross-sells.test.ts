import { expect, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse, http } from 'msw';
import type { CartItemAddingEvent } from '../../../src/events/cart-events.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import { alertTexts, getByRole, queryAllByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { requestsTo, useShop, worker } from '../../helpers/shop.js';
import { expectFocusSettlesOn, lineNames, openDrawer } from './drawer-page.js';

describe('<cart-drawer> cross-sells', () => {
  const shop = useShop();

  beforeEach(async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
  });

  it('shows each suggestion with its price, the regular price struck through when on sale', async () => {
    const el = await openDrawer(shop());
    const section = el.shadowRoot!.querySelector('[part~=cross-sells]')!;
    expect(visibleText(getByRole(section, 'heading'))).to.equal('You may also like');
    const cards = queryAllByRole(section, 'listitem').map((card) => visibleText(card));
    expect(cards).to.deep.equal([
      'Paper Filters (100) Regular price $6.00 Sale price $4.50 Add',
      'Enamel Mug $12.00 Add',
    ]);
    expect(section.querySelector('del')!.textContent).to.contain('$6.00');
    expect(getComputedStyle(section.querySelector('del')!).textDecorationLine).to.equal('line-through');
    getByRole(el, 'button', 'Add Paper Filters (100) to cart');
    getByRole(el, 'button', 'Add Enamel Mug to cart');
    await expect(el).to.be.accessible();
  });

  it('adds a suggestion with "Add NAME to cart" and tells the host page', async () => {
    const el = await openDrawer(shop());
    const added = oneEvent(el, 'cart-item-added');
    getByRole(el, 'button', 'Add Paper Filters (100) to cart').click();
    const { detail } = await added;
    expect(detail.items).to.deep.equal([{ item_id: '14', item_name: 'Paper Filters (100)', price: 4.5, quantity: 1 }]);
    expect(detail.value).to.equal(4.5);
    expect(detail.currency).to.equal('USD');
    expect(requestsTo(shop(), 'POST', 'v2/cart/add-item').at(-1)!.body).to.deep.equal({ id: '14', quantity: '1' });
    await el.updateComplete;
    expect(lineNames(el)).to.deep.equal(['Ethiopia Yirgacheffe Beans', 'Paper Filters (100)']);
    expect(visibleText(el.shadowRoot!.querySelector('[role=status].visually-hidden')!)).to.equal('Paper Filters (100) was added to your cart.');
  });

  it('puts focus on the new line\'s quantity after "Add NAME to cart" with the keyboard, never on the page', async () => {
    const el = await openDrawer(shop());
    // The first suggestion, then the last: the list shrinks around the pressed button each time.
    for (const name of ['Paper Filters (100)', 'Enamel Mug']) {
      getByRole(el, 'button', `Add ${name} to cart`).focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => lineNames(el).includes(name), `${name} was not added`);
      await expectFocusSettlesOn(() => queryByRole(el, 'spinbutton', `Quantity for ${name}`));
      await expect(el).to.be.accessible();
    }
  });

  it('says why a suggestion could not be added', async () => {
    const el = await openDrawer(shop());
    worker.use(
      http.post(shop().url('v2/cart/add-item'), () =>
        HttpResponse.json({ code: 'svc_product_out_of_stock', message: 'Sold out, sorry.', data: { status: 400 } }, { status: 400 }),
      ),
    );
    getByRole(el, 'button', 'Add Enamel Mug to cart').click();
    await waitUntil(() => alertTexts(el).length, 'no error shown');
    expect(alertTexts(el)).to.deep.equal(['We could not add Enamel Mug to your cart. Sold out, sorry.']);
  });

  describe('asks the host page first (cart-item-adding)', () => {
    const adds = () => requestsTo(shop(), 'POST', 'v2/cart/add-item').map((request) => request.body);

    it('tells the page which suggestion it is about to add, before any request', async () => {
      const el = await openDrawer(shop());
      const before = adds().length;
      const seen: Array<{ detail: unknown; cancelable: boolean; composed: boolean; requests: number }> = [];
      const listener = (event: CartItemAddingEvent) =>
        seen.push({ detail: { ...event.detail }, cancelable: event.cancelable, composed: event.composed, requests: adds().length });
      document.body.addEventListener('cart-item-adding', listener);
      try {
        const added = oneEvent(el, 'cart-item-added');
        getByRole(el, 'button', 'Add Enamel Mug to cart').click();
        await added;
      } finally {
        document.body.removeEventListener('cart-item-adding', listener);
      }
      expect(seen).to.deep.equal([{ detail: { productId: String(ID.mug), quantity: 1 }, cancelable: true, composed: true, requests: before }]);
    });

    it('sends nothing when the page cancels, shows no error, and keeps the suggestion usable', async () => {
      const el = await openDrawer(shop());
      const before = adds().length;
      el.addEventListener('cart-item-adding', (event) => event.preventDefault(), { once: true });
      const button = getByRole(el, 'button', 'Add Enamel Mug to cart');
      button.click();
      await el.updateComplete;
      // A round trip to the shop: an add sent by the click would be logged by now.
      await shop().store().load();
      expect(adds()).to.have.length(before);
      expect(alertTexts(el)).to.deep.equal([]);
      expect(button.hasAttribute('aria-disabled')).to.equal(false);
      await expect(el).to.be.accessible();
      const added = oneEvent(el, 'cart-item-added');
      button.click();
      await added;
      expect(adds().at(-1)).to.deep.equal({ id: String(ID.mug), quantity: '1' });
    });

    it('sends the quantity the page changed', async () => {
      const el = await openDrawer(shop());
      el.addEventListener('cart-item-adding', (event) => (event.detail.quantity = 2), { once: true });
      const added = oneEvent(el, 'cart-item-added');
      getByRole(el, 'button', 'Add Enamel Mug to cart').click();
      const { detail } = await added;
      expect(adds().at(-1)).to.deep.equal({ id: String(ID.mug), quantity: '2' });
      expect(detail.items).to.deep.equal([{ item_id: String(ID.mug), item_name: 'Enamel Mug', price: 12, quantity: 2 }]);
    });
  });
});
