// The drawer's shipping estimate (issue 16, point 1): `cart/update` with `update-customer` moves
// only the billing address on CoCart 4.3.6, so the drawer shows rates "for" an address only when
// the answer's shipping address shows the shop used it.
import { expect, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse, http } from 'msw';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import { alertTexts, getByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { requestsTo, useShop, worker, type TestShop } from '../../helpers/shop.js';
import { expectFocusSettlesOn, openDrawer } from './drawer-page.js';
import { serveCart, wireCart } from './wire-carts.js';

interface Address {
  country: string;
  state: string;
  postcode: string;
}

/**
 * A shop with the route: `follows` — the shipping destination moves with the address (what the
 * estimate needs); otherwise as CoCart 4.3.6 — only the billing address moves and the rates stay
 * the shop's region's. Postcodes are checked as WooCommerce does for Germany (five digits): an
 * invalid one is an error notice on a 200 and the old value stays.
 */
function estimatingShop(shop: TestShop, { follows }: { follows: boolean }) {
  const billing: Address = { country: 'GB', state: '', postcode: '' };
  const shipping: Address = { country: 'GB', state: '', postcode: '' };
  const bodies: Array<Record<string, unknown>> = [];
  const answer = (notices: Record<string, string[]>) => {
    const cart = wireCart();
    cart.customer = {
      billing_address: { ...cart.customer.billing_address, billing_country: billing.country, billing_state: billing.state, billing_postcode: billing.postcode },
      shipping_address: { ...cart.customer.shipping_address, shipping_country: shipping.country, shipping_state: shipping.state, shipping_postcode: shipping.postcode } as never,
    } as never;
    const pkg = cart.shipping.packages.default;
    if (shipping.country === 'DE') {
      pkg.formatted_destination = `${shipping.postcode}<br/>Germany`;
      pkg.rates = {
        'flat_rate:4': { key: 'flat_rate:4', method_id: 'flat_rate', instance_id: 4, label: 'International', cost: '15.00', html: 'International', taxes: '2.85', chosen_method: true },
      } as never;
      pkg.chosen_method = 'flat_rate:4';
      cart.taxes = [{ rate_id: 9, label: 'MwSt.', compound: false, tax_total: '19.00', shipping_tax_total: '2.85' }];
    }
    cart.notices = notices as never;
    return HttpResponse.json(cart);
  };
  serveCart(shop, wireCart());
  worker.use(
    http.get(shop.url('v2'), () => HttpResponse.json({ namespace: `${shop.namespace}/v2`, routes: routes(shop, ['cart', 'cart/add-item', 'cart/update']) })),
    http.post(shop.url('v2/cart/update'), async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      const country = body.country ?? billing.country;
      if (body.postcode && country === 'DE' && !/^\d{5}$/.test(body.postcode)) {
        billing.country = country;
        return answer({ error: ['Billing postcode is not a valid postcode / ZIP.'] });
      }
      Object.assign(billing, { country, state: body.state ?? billing.state, postcode: body.postcode ?? billing.postcode });
      if (follows) Object.assign(shipping, billing);
      return answer({ success: ['Cart updated.'] });
    }),
  );
  return { bodies };
}

const routes = (shop: TestShop, paths: string[]) =>
  Object.fromEntries([`/${shop.namespace}/v2`, ...paths.map((path) => `/${shop.namespace}/v2/${path}`)].map((route) => [route, {}]));

/** Opens the drawer and waits for the route index to be read. */
async function drawerWithEstimate(shop: TestShop): Promise<CartDrawer> {
  const el = await openDrawer(shop);
  await waitUntil(() => queryByRole(el, 'button', /Calculate shipping/), 'no "Calculate shipping"');
  return el;
}

async function estimate(el: CartDrawer, { country, postcode = '' }: { country: string; postcode?: string }) {
  // By keyboard, as a shopper would; focus moves to the first field.
  getByRole(el, 'button', 'Calculate shipping').focus();
  await sendKeys({ press: 'Enter' });
  await expectFocusSettlesOn(() => queryByRole(el, 'combobox', 'Country'));
  const select = getByRole<HTMLSelectElement>(el, 'combobox', 'Country');
  select.value = country;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
  const field = getByRole<HTMLInputElement>(el, 'textbox', 'Postcode');
  field.focus();
  field.select();
  if (postcode) await sendKeys({ type: postcode });
  await sendKeys({ press: 'Enter' });
}

const rateTexts = (el: CartDrawer) => [...el.shadowRoot!.querySelectorAll('[part~=shipping-rate]')].map((rate) => visibleText(rate));
const estimateText = (el: CartDrawer) => visibleText(el.shadowRoot!.querySelector('[part~=estimate]')!);

describe('<cart-drawer> shipping estimate', () => {
  const shop = useShop();

  it('shows "Shipping to Germany" and the shop\'s rates and taxes for it where the destination follows', async () => {
    const { bodies } = estimatingShop(shop(), { follows: true });
    const el = await drawerWithEstimate(shop());
    await expect(el).to.be.accessible();
    const updated = oneEvent(el, 'cart-updated');
    await estimate(el, { country: 'DE', postcode: '10115' });
    expect((await updated).detail.change).to.equal('shipping');
    await el.updateComplete;
    // The fields go at the top level of the body: inside `data` the shop ignores them.
    expect(bodies).to.deep.equal([{ namespace: 'update-customer', country: 'DE', postcode: '10115' }]);
    expect(estimateText(el)).to.equal('Shipping to Germany Change address');
    expect(rateTexts(el)).to.deep.equal(['International $15.00 (selected)']);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=totals]')!)).to.contain('MwSt.');
    // Said once, by the estimate; and the shop's "Cart updated." is not repeated in the list.
    expect(el.shadowRoot!.querySelectorAll('[part~=shipping-destination]')).to.have.length(0);
    expect(el.shadowRoot!.querySelectorAll('[part~=notice]')).to.have.length(0);
    await expectFocusSettlesOn(() => queryByRole(el, 'button', 'Change address'));
    await expect(el).to.be.accessible();
  });

  it('opens the fields again with "Change address", the last country and postcode filled in', async () => {
    estimatingShop(shop(), { follows: true });
    const el = await drawerWithEstimate(shop());
    await estimate(el, { country: 'DE', postcode: '10115' });
    await waitUntil(() => queryByRole(el, 'button', 'Change address'));
    getByRole(el, 'button', 'Change address').click();
    await el.updateComplete;
    expect(getByRole<HTMLSelectElement>(el, 'combobox', 'Country').value).to.equal('DE');
    expect(getByRole<HTMLInputElement>(el, 'textbox', 'Postcode').value).to.equal('10115');
    getByRole(el, 'button', 'Cancel').click();
    await expectFocusSettlesOn(() => queryByRole(el, 'button', 'Change address'));
  });

  it('says the rates are the shop region\'s and stops offering the estimate where the destination did not follow (4.3.6)', async () => {
    estimatingShop(shop(), { follows: false });
    const el = await drawerWithEstimate(shop());
    await estimate(el, { country: 'DE', postcode: '10115' });
    await waitUntil(() => el.shadowRoot!.querySelector('[part~=estimate-note]'), 'no note');
    expect(estimateText(el)).to.equal("Rates are for the shop's region; the final cost is set at checkout.");
    expect(visibleText(el.shadowRoot!.querySelector('[part~=body]')!)).not.to.contain('Shipping to Germany');
    // The shop's own rates stay, for what they are; nothing claims them for Germany.
    expect(rateTexts(el)).to.deep.equal(['Flat rate $5.00 (selected)', 'Free shipping Free']);
    expect(queryByRole(el, 'button', /Calculate shipping|Change address/)).to.equal(null);
    expect(shop().store().state.features.estimate).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('names an invalid postcode at the field, in the shopper\'s words', async () => {
    estimatingShop(shop(), { follows: true });
    const el = await drawerWithEstimate(shop());
    await estimate(el, { country: 'DE', postcode: '1X' });
    await waitUntil(() => alertTexts(el).length, 'no alert');
    const field = getByRole<HTMLInputElement>(el, 'textbox', 'Postcode');
    const [message] = alertTexts(el);
    expect(message).to.equal('That postcode is not valid for Germany. Check it and try again.');
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.getElementById(field.getAttribute('aria-describedby')!)!.textContent).to.equal(message);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=body]')!)).not.to.contain('Billing postcode');
    await expectFocusSettlesOn(() => field);
    await expect(el).to.be.accessible();
  });

  it('asks for a state where the country goes by state, before sending anything', async () => {
    const { bodies } = estimatingShop(shop(), { follows: true });
    const el = await drawerWithEstimate(shop());
    await estimate(el, { country: 'US', postcode: '94103' });
    await el.updateComplete;
    const state = getByRole<HTMLSelectElement>(el, 'combobox', 'State / Region');
    expect(alertTexts(el)).to.deep.equal(['Choose a state or region.']);
    expect(state.getAttribute('aria-invalid')).to.equal('true');
    await expectFocusSettlesOn(() => state);
    expect(bodies).to.have.length(0);
    await expect(el).to.be.accessible();
    state.value = 'CA';
    getByRole(el, 'textbox', 'Postcode').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => bodies.length);
    expect(bodies[0]).to.deep.equal({ namespace: 'update-customer', country: 'US', state: 'CA', postcode: '94103' });
    await waitUntil(() => queryByRole(el, 'button', 'Change address'));
    expect(estimateText(el)).to.equal('Shipping to United States Change address');
  });

  it('lists countries by their names in the drawer\'s language', async () => {
    estimatingShop(shop(), { follows: true });
    const el = await drawerWithEstimate(shop());
    getByRole(el, 'button', 'Calculate shipping').click();
    await el.updateComplete;
    const names = [...getByRole<HTMLSelectElement>(el, 'combobox', 'Country').options].map((option) => option.text);
    expect(names).to.include('Germany');
    expect(names.indexOf('Austria')).to.be.below(names.indexOf('Germany'));
    await expect(el).to.be.accessible();
  });

  it('offers every ISO 3166-1 country once, by its code', async () => {
    estimatingShop(shop(), { follows: true });
    const el = await drawerWithEstimate(shop());
    getByRole(el, 'button', 'Calculate shipping').click();
    await el.updateComplete;
    const codes = [...getByRole<HTMLSelectElement>(el, 'combobox', 'Country').options].map((option) => option.value);
    expect(codes.sort()).to.deep.equal(
      'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(' '),
    );
  });

  it('names countries in the drawer\'s language, sorted as that language sorts', async () => {
    estimatingShop(shop(), { follows: true });
    const el = await drawerWithEstimate(shop());
    el.setAttribute('lang', 'de');
    await waitUntil(() => el.language === 'de', 'the drawer never spoke German');
    (el.shadowRoot!.querySelector('[part~=estimate-toggle]') as HTMLButtonElement).click();
    await el.updateComplete;
    const select = el.shadowRoot!.querySelector<HTMLSelectElement>('#estimate-country')!;
    const names = [...select.options].map((option) => option.text);
    expect(names).to.include('Deutschland');
    expect(names.indexOf('Ägypten')).to.be.below(names.indexOf('Albanien'));
    // A German-speaking shopper starts at their own country.
    expect(select.value).to.equal('DE');
  });

  it('does not show developer text when the cart was emptied elsewhere (404 cocart_cart_empty)', async () => {
    estimatingShop(shop(), { follows: true });
    worker.use(
      http.post(shop().url('v2/cart/update'), () =>
        HttpResponse.json({ code: 'cocart_cart_empty', message: 'Cart is empty. Please add items to cart first.', data: { status: 404 } }, { status: 404 }),
      ),
    );
    const el = await drawerWithEstimate(shop());
    const failed = oneEvent(el, 'cart-error');
    await estimate(el, { country: 'DE', postcode: '10115' });
    expect((await failed).detail.action).to.equal('estimate-shipping');
    await waitUntil(() => alertTexts(el).length);
    expect(alertTexts(el)).to.deep.equal(['Your cart is empty: add something to see shipping costs.']);
    await expect(el).to.be.accessible();
  });

  it('stops offering the estimate on a CoCart older than 4.1 ("no such namespace"), without its words', async () => {
    estimatingShop(shop(), { follows: true });
    worker.use(
      http.post(shop().url('v2/cart/update'), () =>
        HttpResponse.json(
          { code: 'cocart_update_cart_no_namespace_error', message: 'There is no such namespace registered: update-customer.', data: { status: 404 } },
          { status: 404 },
        ),
      ),
    );
    const el = await drawerWithEstimate(shop());
    await estimate(el, { country: 'DE', postcode: '10115' });
    await waitUntil(() => alertTexts(el).length);
    expect(alertTexts(el)).to.deep.equal(['This shop calculates shipping at checkout.']);
    expect(queryByRole(el, 'button', 'Calculate shipping')).to.equal(null);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=body]')!)).not.to.contain('namespace');
    await expectFocusSettlesOn(() => el.shadowRoot!.querySelector('[part~=estimate-error]'));
    await expect(el).to.be.accessible();
  });

  it('offers no estimate where the route index lacks cart/update', async () => {
    serveCart(shop(), wireCart());
    let asked = 0;
    worker.use(http.get(shop().url('v2'), () => (asked++, HttpResponse.json({ routes: routes(shop(), ['cart', 'cart/add-item']) }))));
    const el = await openDrawer(shop());
    await waitUntil(() => asked === 1);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~=shipping]')).not.to.equal(null);
    expect(queryByRole(el, 'button', /Calculate shipping/)).to.equal(null);
    expect(requestsTo(shop(), 'POST', 'v2/cart/update')).to.have.length(0);
  });
});

// The fake shop itself (`cart-widget/mock`, real shape): both kinds of shop, end to end.
describe('<cart-drawer> shipping estimate on the fake CoCart shop where the destination follows', () => {
  const shop = useShop({ shape: 'real', namespace: 'cocart', shippingFollowsCustomer: true });

  it('shows "Shipping to Germany" with the international rate', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await drawerWithEstimate(shop());
    await estimate(el, { country: 'DE', postcode: '10115' });
    await waitUntil(() => queryByRole(el, 'button', 'Change address'), 'no "Change address"');
    expect(estimateText(el)).to.equal('Shipping to Germany Change address');
    expect(rateTexts(el).join(' ')).to.contain('International');
    await expect(el).to.be.accessible();
  });
});

describe('<cart-drawer> shipping estimate on the fake CoCart 4.3.6 shop', () => {
  const shop = useShop({ shape: 'real', namespace: 'cocart' });

  it('says the rates are the shop region\'s and offers no estimate again', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await drawerWithEstimate(shop());
    const before = rateTexts(el);
    await estimate(el, { country: 'DE', postcode: '10115' });
    await waitUntil(() => el.shadowRoot!.querySelector('[part~=estimate-note]'), 'no note');
    expect(rateTexts(el)).to.deep.equal(before);
    expect(queryByRole(el, 'button', /Calculate shipping|Change address/)).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
