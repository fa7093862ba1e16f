import { expect, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse, http } from 'msw';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { accessibleName, alertTexts, expectFocusOn, getByRole, queryAllByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { requestsTo, useShop, worker } from '../../helpers/shop.js';
import { drawerFor, openDrawer } from './drawer-page.js';
import { serveCart, wireCart } from './wire-carts.js';

const totalsRow = (el: CartDrawer, label: string) =>
  [...el.shadowRoot!.querySelectorAll('[part~=totals-row]')].map((row) => visibleText(row)).find((text) => text.startsWith(`${label} `));

async function typeCoupon(el: CartDrawer, code: string) {
  const field = getByRole<HTMLInputElement>(el, 'textbox', 'Coupon code');
  field.focus();
  if (code) await sendKeys({ type: code });
  await sendKeys({ press: 'Enter' });
  return field;
}

describe('<cart-drawer> coupons', () => {
  const shop = useShop();

  beforeEach(async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
  });

  it('applies a code typed in "Coupon code" and shows its saving as text', async () => {
    const el = await openDrawer(shop());
    const applied = oneEvent(el, 'cart-updated');
    const field = await typeCoupon(el, 'SAVE10');
    expect((await applied).detail.change).to.equal('coupon-applied');
    await el.updateComplete;
    expect(requestsTo(shop(), 'POST', 'v2/cart/apply-coupon').map((r) => r.body)).to.deep.equal([{ code: 'SAVE10' }]);
    const coupons = getByRole(el, 'list', 'Applied coupons');
    expect(visibleText(coupons)).to.equal('Coupon: save10 -$3.60 Remove');
    expect(totalsRow(el, 'Discount')).to.equal('Discount -$3.60');
    expect(field.value).to.equal('');
    expect(alertTexts(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('explains a refused code next to the field', async () => {
    const el = await openDrawer(shop());
    const failed = oneEvent(el, 'cart-error');
    const field = await typeCoupon(el, 'nope');
    expect((await failed).detail.action).to.equal('apply-coupon');
    await el.updateComplete;
    const [message] = alertTexts(el);
    expect(message).to.match(/^We could not apply coupon nope\. .*nope/i);
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.getElementById(field.getAttribute('aria-describedby')!)!.textContent).to.equal(message);
    expect(field.value).to.equal('nope');
    await expect(el).to.be.accessible();
  });

  it('joins the Japanese headline and the shop’s sentence without a Latin space', async () => {
    const el = await drawerFor(shop());
    el.setAttribute('lang', 'ja');
    await waitUntil(() => queryByRole(el, 'button', /カート/), 'the drawer never spoke Japanese');
    await el.show();
    await waitUntil(() => queryByRole(el, 'textbox', 'クーポンコード'), 'no coupon field');
    const field = getByRole<HTMLInputElement>(el, 'textbox', 'クーポンコード');
    field.focus();
    await sendKeys({ type: 'nope' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertTexts(el).length, 'no error shown');
    const [message] = alertTexts(el);
    expect(message).to.match(/^クーポン「nope」を適用できませんでした。\S/);
    await expect(el).to.be.accessible();
  });

  it('asks for a code instead of sending an empty one', async () => {
    const el = await openDrawer(shop());
    await typeCoupon(el, '');
    await el.updateComplete;
    expect(alertTexts(el)).to.deep.equal(['Enter a coupon code.']);
    expect(requestsTo(shop(), 'POST', 'v2/cart/apply-coupon')).to.have.length(0);
  });

  it('removes an applied coupon and puts focus back in the code field', async () => {
    await shop().store().applyCoupon('fiveoff');
    const el = await openDrawer(shop());
    const remove = getByRole(el, 'button', 'Remove coupon fiveoff');
    remove.focus();
    const removed = oneEvent(el, 'cart-updated');
    await sendKeys({ press: 'Enter' });
    expect((await removed).detail.change).to.equal('coupon-removed');
    await waitUntil(() => !queryByRole(el, 'list', 'Applied coupons'));
    expect(totalsRow(el, 'Discount')).to.equal(undefined);
    expectFocusOn(getByRole(el, 'textbox', 'Coupon code'));
  });

  it('never inserts the saving_html markup', async () => {
    await shop().store().applyCoupon('fiveoff');
    const el = await openDrawer(shop());
    expect(el.shadowRoot!.querySelector('[part~=coupon] span.amount, [part~=coupon] bdi')).to.equal(null);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=coupon-saving]')!)).to.equal('-$5.00');
  });
});

describe('<cart-drawer> without the coupons add-on', () => {
  const shop = useShop({ coupons: false });

  it('drops the coupon and shipping controls once the shop says it has no such routes, when its route index cannot be read', async () => {
    worker.use(http.get(shop().url('v2'), () => HttpResponse.error()));
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await openDrawer(shop());
    await typeCoupon(el, 'save10');
    await waitUntil(() => !queryByRole(el, 'textbox', 'Coupon code'), 'the coupon form stayed');
    expect(alertTexts(el)[0]).to.match(/^We could not apply coupon save10\./);
    getByRole(el, 'radio', /Local pickup/).click();
    // No disabled radios without a reason: the rates are listed, the chosen one marked, and where to choose.
    await waitUntil(() => queryAllByRole(el, 'radio').length === 0, 'the rates stayed choosable');
    expect(visibleText(el.shadowRoot!.querySelector('[part~=shipping-rate-chosen]')!)).to.match(/^Flat rate/);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=shipping-note]')!)).to.equal('You can change the shipping method at checkout.');
    expect(alertTexts(el).join(' ')).to.not.match(/route|rest_/i);
    await expect(el).to.be.accessible();
  });
});

describe("<cart-drawer> on a shop whose route index lacks the add-on's routes", () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real', addOns: false });

  it('never offers a coupon field or rate radios, and never tries those routes', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await openDrawer(shop());
    await waitUntil(() => !queryByRole(el, 'textbox', 'Coupon code'), 'the coupon field stayed');
    expect(queryAllByRole(el, 'radio')).to.have.length(0);
    expect(requestsTo(shop(), 'POST', 'v2/cart/apply-coupon')).to.have.length(0);
    await expect(el).to.be.accessible();
  });
});

describe('<cart-drawer> on a shop whose route index is written by hand', () => {
  const shop = useShop();

  it('offers no coupon field and lists the rates, without trying a route the shop lacks', async () => {
    worker.use(
      http.get(shop().url('v2'), () =>
        HttpResponse.json({ namespace: 'svc/v2', routes: { '/svc/v2': {}, '/svc/v2/cart': {}, '/svc/v2/cart/add-item': {}, '/svc/v2/cart/clear': {} } }),
      ),
    );
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await openDrawer(shop());
    await waitUntil(() => !queryByRole(el, 'textbox', 'Coupon code'), 'the coupon field stayed');
    expect(queryAllByRole(el, 'radio')).to.have.length(0);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=shipping-rate-chosen]')!)).to.match(/^Flat rate/);
    expect(requestsTo(shop(), 'POST', 'v2/cart/apply-coupon')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('reads the index once, when a drawer first opens, not on page load', async () => {
    let asked = 0;
    worker.use(http.get(shop().url('v2'), () => (asked++, HttpResponse.json({ routes: {} }))));
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await drawerFor(shop());
    expect(asked).to.equal(0);
    await el.show();
    await el.hide();
    await el.show();
    await waitUntil(() => asked > 0);
    expect(asked).to.equal(1);
  });
});

describe('<cart-drawer> shipping', () => {
  const shop = useShop();

  it('shows each package with its destination and one radio group of rates, the chosen one checked', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    await shop().store().addItem({ id: ID.espressoMachine, quantity: 1 });
    const el = await openDrawer(shop());
    const groups = queryAllByRole(el, 'radiogroup');
    expect(groups.map((group) => accessibleName(group))).to.deep.equal(['Shipping', 'Freight']);
    for (const group of groups) {
      const description = el.shadowRoot!.getElementById(group.getAttribute('aria-describedby')!)!;
      expect(description.textContent).to.equal('Shipping to United States (US)');
    }
    const rates = (group: HTMLElement) =>
      queryAllByRole<HTMLInputElement>(group, 'radio').map((radio) => `${radio.checked ? '(x)' : '( )'} ${visibleText(radio.closest('label')!)}`);
    // Over $100 of goods: free shipping is offered and chosen.
    expect(rates(groups[0]!)).to.deep.equal(['( ) Flat rate $5.00', '(x) Free shipping Free', '( ) Local pickup Free']);
    expect(rates(groups[1]!)).to.deep.equal(['(x) Freight delivery $25.00', '( ) Local pickup Free']);
    await expect(el).to.be.accessible();
  });

  it('asks the shop for the rate the shopper picks with the arrow keys', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await openDrawer(shop());
    getByRole(el, 'radio', /Flat rate/).focus();
    const chosen = oneEvent(el, 'cart-updated');
    await sendKeys({ press: 'ArrowDown' });
    expect((await chosen).detail.change).to.equal('shipping');
    expect(requestsTo(shop(), 'POST', 'v2/cart/set-shipping-method').map((r) => r.body)).to.deep.equal([
      { rate_id: 'local_pickup:3', package_id: 'default' },
    ]);
    await el.updateComplete;
    expect(getByRole<HTMLInputElement>(el, 'radio', /Local pickup/).checked).to.equal(true);
    expect(totalsRow(el, 'Shipping')).to.equal('Shipping Free');
  });

  it('puts the chosen rate back when the shop refuses the change', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await openDrawer(shop());
    worker.use(http.post(shop().url('v2/cart/set-shipping-method'), () => HttpResponse.json({ code: 'svc_x', message: 'Not today.', data: { status: 400 } }, { status: 400 }), { once: true }));
    getByRole(el, 'radio', /Local pickup/).click();
    await waitUntil(() => alertTexts(el).length, 'no error shown');
    expect(alertTexts(el)).to.deep.equal(['We could not change the shipping method. Not today.']);
    expect(getByRole<HTMLInputElement>(el, 'radio', /Flat rate/).checked).to.equal(true);
  });

  it('says "Calculated at checkout" for a package without rates, and in the totals', async () => {
    const cart = wireCart();
    Object.assign(cart.shipping.packages.default, { rates: {}, chosen_method: '' });
    serveCart(shop(), cart);
    const el = await openDrawer(shop());
    expect(queryAllByRole(el, 'radio')).to.have.length(0);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=shipping-package]')!)).to.equal(
      'Shipping Shipping to 1 Main Street London Calculated at checkout',
    );
    expect(totalsRow(el, 'Shipping')).to.equal('Shipping Calculated at checkout');
    await expect(el).to.be.accessible();
  });

  it('says "Calculated at checkout" when the shop sent no packages yet', async () => {
    const cart = wireCart();
    Object.assign(cart.shipping, { packages: [], has_calculated_shipping: false });
    serveCart(shop(), cart);
    const el = await openDrawer(shop());
    expect(el.shadowRoot!.querySelector('[part~=shipping]')).to.equal(null);
    expect(totalsRow(el, 'Shipping')).to.equal('Shipping Calculated at checkout');
  });
});
