// `CartStore.estimateShipping`: what is sent (`cart/update`, `update-customer`, fields at the top
// level), and how the answer's `customer` addresses decide whether the shop's rates are for the
// address — as observed on the real CoCart 4.3.6 store, where only the billing address moves.
import { expect, waitUntil } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { getCartStore } from '../../src/store/cart-store.js';
import { rejection } from '../helpers/rejection.js';
import { newShop, sentTo, wireCart, worker, type TestShop } from './fixtures.js';

type Fields = Partial<Record<'country' | 'state' | 'postcode' | 'city', string>>;

/** A cart answer whose `customer` holds these addresses (prefixed fields, as every server sends them). */
function cartWith(billing: Fields, shipping: Fields, notices: Record<string, string[]> = { success: ['Cart updated.'] }) {
  const prefixed = (prefix: string, fields: Fields) => Object.fromEntries(Object.entries(fields).map(([name, value]) => [`${prefix}_${name}`, value]));
  return {
    ...wireCart({ key: 'k1', lines: [{ key: 'a', quantity: 1 }] }),
    customer: { billing_address: prefixed('billing', billing), shipping_address: prefixed('shipping', shipping) },
    notices,
  };
}

function answerUpdate(shop: TestShop, body: object | (() => Response)) {
  worker.use(http.post(shop.url('v2/cart/update'), () => (typeof body === 'function' ? (body as () => Response)() : HttpResponse.json(body))));
}

describe('CartStore.estimateShipping', () => {
  it('sends the address at the top level of an update-customer body, never as s_/shipping_ fields', async () => {
    const shop = newShop();
    answerUpdate(shop, cartWith({ country: 'DE', postcode: '10115' }, { country: 'DE', postcode: '10115' }));
    await getCartStore(shop.config).estimateShipping({ country: 'de', state: ' ', postcode: ' 10115 ' });
    const [request] = sentTo(shop, 'POST', 'v2/cart/update');
    await waitUntil(() => request!.body);
    expect(JSON.parse(request!.body)).to.deep.equal({ namespace: 'update-customer', country: 'DE', postcode: '10115' });
  });

  it('says the rates follow the address when the answer ships there (postcodes as the shop formats them)', async () => {
    const shop = newShop();
    answerUpdate(shop, cartWith({ country: 'GB', postcode: 'SW1A 1AA' }, { country: 'GB', postcode: 'SW1A 1AA' }));
    const store = getCartStore(shop.config);
    await store.estimateShipping({ country: 'GB', postcode: 'sw1a1aa' });
    expect(store.state.shippingEstimate).to.deep.equal({ destination: { country: 'GB', postcode: 'sw1a1aa' }, outcome: 'followed', refused: [] });
  });

  it("turns the estimate off when the shop kept its own region, as CoCart 4.3.6 does", async () => {
    const shop = newShop();
    // What 4.3.6 answered to country DE, postcode 10115: billing moved, shipping stayed US / CA.
    answerUpdate(shop, cartWith({ country: 'DE', state: 'CA', postcode: '10115', city: 'Berlin' }, { country: 'US', state: 'CA', postcode: '' }));
    const store = getCartStore(shop.config);
    worker.use(http.get(shop.url('v2'), () => HttpResponse.json({ routes: { '/svc/v2/cart/update': {} } })));
    await store.discoverFeatures();
    expect(store.state.features.estimate).to.equal(true);
    await store.estimateShipping({ country: 'DE', postcode: '10115' });
    expect(store.state.shippingEstimate?.outcome).to.equal('shop-region');
    expect(store.state.features.estimate).to.equal(false);
  });

  it('claims nothing for an answer without the customer', async () => {
    const shop = newShop();
    answerUpdate(shop, { ...wireCart({ key: 'k1', lines: [{ key: 'a', quantity: 1 }] }), customer: undefined });
    const store = getCartStore(shop.config);
    await store.estimateShipping({ country: 'DE' });
    expect(store.state.shippingEstimate?.outcome).to.equal('shop-region');
  });

  it('names the refused field when an invalid postcode comes back as an error notice on a 200', async () => {
    const shop = newShop();
    answerUpdate(shop, cartWith({ country: 'DE', postcode: '' }, { country: 'DE', postcode: '' }, { error: ['Billing postcode is not a valid postcode / ZIP.'] }));
    const store = getCartStore(shop.config);
    const cart = await store.estimateShipping({ country: 'DE', postcode: '1X' });
    expect(store.state.shippingEstimate).to.deep.include({ outcome: 'refused', refused: ['postcode'] });
    expect(cart.notices).to.deep.equal([{ type: 'error', message: 'Billing postcode is not a valid postcode / ZIP.' }]);
  });

  it('offers no estimate until the route index has cart/update', async () => {
    const shop = newShop();
    const store = getCartStore(shop.config);
    expect(store.state.features.estimate).to.equal(false);
    worker.use(http.get(shop.url('v2'), () => HttpResponse.json({ routes: { '/svc/v2/cart': {}, '/svc/v2/cart/add-item': {} } })));
    await store.discoverFeatures();
    expect(store.state.features.estimate).to.equal(false);
  });

  it('reads the cart again when the shop says it is empty (404 cocart_cart_empty)', async () => {
    const shop = newShop('cocart');
    answerUpdate(shop, () =>
      HttpResponse.json({ code: 'cocart_cart_empty', message: 'Cart is empty. Please add items to cart first.', data: { status: 404 } }, { status: 404 }),
    );
    worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 'k1' }))));
    const store = getCartStore(shop.config);
    const error = await rejection(store.estimateShipping({ country: 'DE' }));
    expect(error.is('cart_empty')).to.equal(true);
    expect(error.shopMessage).to.equal(undefined);
    await waitUntil(() => sentTo(shop, 'GET', 'v2/cart').length === 1);
  });
});
