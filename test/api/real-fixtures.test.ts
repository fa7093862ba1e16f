/**
 * Contract tests (issue 11): every answer recorded from a real CoCart 4.3.6 + JWT 3.0.3 server
 * (shared/realworld/fixtures) goes through the api layer with its recorded status, headers and
 * body, and comes out as the normalised cart, product, tokens or error the layers above rely on.
 * Expected amounts are read off the recordings by hand (USD store, 10% tax, flat rate $5).
 */
import { expect } from '../helpers/testing.js';
import { listSessions } from '../../src/api/admin-sessions.js';
import { ApiError } from '../../src/api/errors.js';
import type { Cart, Currency, ShippingPackage } from '../../src/api/model.js';
import { parseCart, parseProduct } from '../../src/api/schemas.js';
import { parseErrorBody } from '../../src/api/wire/auth.js';
import { formatMoney } from '../../src/format/money.js';
import { defaultMessages, describeError } from '../../src/format/messages.js';
import {
  cocart,
  covered,
  eachCase,
  fails,
  fixtureFiles,
  fixtureText,
  loadFixture,
  recorded,
  recordedJson,
  recordedUrl,
  sentJson,
  succeeds,
  type Fixture,
  type Sent,
} from './real-server.js';

/** Per test: some replay dozens of recorded answers, on a shared 2-core machine. */
const SLOW = 60_000;

// The file's worker (helpers/network.ts, through ./real-server.js) starts once and is reset after each test.

const GUEST = 'cd2887f8466db6448ce1852e1ccf58';
const BEANIE = '6512bd43d9caa6e02c990b0a82652dca';
const HOODIE = 'fbc9fc411907a042f819f4bf49fd40b9';
const CAP = 'c20ad4d76fe97759aa27a0c99bff6710';
const GIFT_CARD = '9bf31c7ff062936a96d3c8bd1f8f2ff3';
const JACKET = 'c74d97b01eae257e44aa9d5bade97baf';
const PLACEHOLDER = 'http://127.0.0.1:8089/wp-content/uploads/woocommerce-placeholder.png';

const USD: Currency = { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' };

/** The rates of the test store: flat rate $5 (chosen, 50¢ tax), free shipping where it applies, local pickup. */
const FLAT = { key: 'flat_rate:1', methodId: 'flat_rate', instanceId: 1, label: 'Flat rate', cost: 500, taxes: 50, chosen: true };
const FREE = { key: 'free_shipping:2', methodId: 'free_shipping', instanceId: 2, label: 'Free shipping', cost: 0, taxes: 0, chosen: false };
const PICKUP = { key: 'local_pickup:3', methodId: 'local_pickup', instanceId: 3, label: 'Local pickup', cost: 0, taxes: 0, chosen: false };
const shippingTo = (destination: string, rates = [FLAT, PICKUP]): ShippingPackage[] => [
  { id: 'default', name: 'Shipping', destination, details: '', chosenRate: 'flat_rate:1', rates },
];

/** A line as the drawer reads it. */
const lines = (cart: Cart) =>
  cart.items.map((i) => ({ key: i.key, id: i.id, name: i.name, price: i.price, quantity: i.quantity, totals: i.totals }));
const totals = (t: Partial<Cart['totals']>): Cart['totals'] => ({
  subtotal: 0,
  subtotalTax: 0,
  shipping: 0,
  shippingTax: 0,
  discount: 0,
  discountTax: 0,
  contents: 0,
  contentsTax: 0,
  fees: 0,
  feeTax: 0,
  total: 0,
  totalTax: 0,
  ...t,
});
const salesTax = (total: number) => [{ id: 0, label: 'RW Sales Tax', compound: false, total, shippingTotal: 0 }];
const handlingFee = [{ name: 'Handling fee', amount: 250, total: 250, tax: 0, taxable: false, taxClass: '' }];
const capCrossSell = [{ id: 12, name: 'Cap', title: 'Cap', price: 1600, regularPrice: 1600, salePrice: null, image: null }];
const rw10 = (saving: number) => [{ code: 'rw10', label: 'Coupon: rw10', saving }];

const beanie = (value: number, total: number, tax: number) => ({
  key: BEANIE,
  id: 11,
  name: 'Beanie',
  price: 1800,
  quantity: { value, min: 1, max: 50 },
  totals: { subtotal: 1800 * value, subtotalTax: 180 * value, total, tax },
});
const hoodie = (total: number, tax: number) => ({
  key: HOODIE,
  id: 18,
  name: 'Hoodie - Blue, S',
  price: 4200,
  // max_purchase -1: no upper limit.
  quantity: { value: 1, min: 1, max: null },
  totals: { subtotal: 4200, subtotalTax: 420, total, tax },
});
const cap = (value: number) => ({
  key: CAP,
  id: 12,
  name: 'Cap',
  price: 1600,
  quantity: { value, min: 1, max: null },
  totals: { subtotal: 1600 * value, subtotalTax: 160 * value, total: 1600 * value, tax: 160 * value },
});

const query = (sent: Sent) => Object.fromEntries(sent.url.searchParams);
const recordedQuery = (fixture: Fixture) => Object.fromEntries(recordedUrl(fixture.meta).searchParams);
/** The api sent the recorded request's JSON body, field for field. */
const expectRecordedBody = (sent: Sent, fixture: Fixture) =>
  expect(sentJson(sent), `${fixture.id}: request body`).to.deep.equal(recordedJson(fixture));
const bearer = (fixture: Fixture) => fixture.meta.request.headers!.Authorization!.replace(/^Bearer /, '');
/** The user name and password inside a recorded Basic authorization. */
const basic = (fixture: Fixture) => {
  const [username, password] = atob(fixture.meta.request.headers!.Authorization!.replace(/^Basic /, '')).split(':') as [string, string];
  return { username, password };
};

describe('Real CoCart fixtures: the folder', function () {
  this.timeout(SLOW);

  it('finds the recorded answers beside the checkout (../shared/realworld/fixtures)', async () => {
    // In CI the repository is cloned with shared/ beside it; without it this fails and says where it looked.
    const index = JSON.parse(await fixtureText('server/INDEX.json')) as { server: { cocart: string }; calls: unknown[] };
    expect(index.server.cocart).to.equal('4.3.6');
    expect(index.calls.length).to.be.greaterThan(80);
  });

  it('serves the fixtures read-only and never a file above their folder', async () => {
    // shared/realworld/README.md sits just above the fixtures folder.
    expect((await fetch('/__fixtures/server/INDEX.json')).status).to.equal(200);
    for (const path of ['..%2FREADME.md', 'server%2F..%2F..%2FREADME.md', 'server/..%5C..%5CREADME.md', '%2Fetc%2Fpasswd']) {
      const response = await fetch(`/__fixtures/${path}`);
      expect(response.status, path).to.equal(403);
      expect(await response.text(), path).not.to.include('CoCart');
    }
    expect((await fetch('/__fixtures/server/INDEX.json', { method: 'POST' })).status).to.equal(405);
  });
});

describe('Real CoCart fixtures: a guest cart', function () {
  this.timeout(SLOW);

  it('reads an empty cart: no lines, zero totals, the fresh key, and never the cart hash', async () => {
    const { result: cart } = await succeeds('server/cart-empty', (api) => api.getCart());
    expect(cart.key).to.equal('c851e4a420c1c00a559ec4933e55bc');
    expect(JSON.stringify(cart)).not.to.include('No items in cart so no hash');
    expect(cart.currency).to.deep.equal(USD);
    expect(cart.items).to.deep.equal([]);
    expect(cart.itemCount).to.equal(0);
    expect(cart.totals).to.deep.equal(totals({}));
    expect(cart.shipping.packages).to.deep.equal([]);
    expect([cart.fees, cart.taxes, cart.coupons, cart.removedItems, cart.crossSells, cart.notices]).to.deep.equal([[], [], [], [], [], []]);
  });

  it('reads the cart add-item answers: the line, its limits, taxes, rates, cross-sells and the success notice', async () => {
    const { result: cart, sent, fixture } = await succeeds('server/add-item-simple', (api) => api.addItem({ id: 11, quantity: 2 }));
    expectRecordedBody(sent[0]!, fixture);
    expect(cart.key).to.equal(GUEST);
    expect(lines(cart)).to.deep.equal([beanie(2, 3600, 360)]);
    expect(cart.items[0]).to.include({ title: 'Beanie', slug: 'beanie', type: 'simple', sku: 'RW-BEANIE', image: PLACEHOLDER });
    expect(cart.items[0]!.variation).to.deep.equal([]);
    expect(cart.itemCount).to.equal(2);
    expect(cart.needsShipping).to.equal(true);
    expect(cart.shipping.packages).to.deep.equal(shippingTo('CA'));
    expect(cart.taxes).to.deep.equal(salesTax(410));
    expect(cart.totals).to.deep.equal(totals({ subtotal: 3600, subtotalTax: 360, shipping: 500, shippingTax: 50, total: 4510, totalTax: 410 }));
    expect(formatMoney(cart.totals.total, cart.currency)).to.equal('$45.10');
    expect(cart.crossSells).to.deep.equal(capCrossSell);
    expect(cart.notices).to.deep.equal([{ type: 'success', message: '“Beanie” has been added to your cart.' }]);
  });

  it('sends the guest key as the cart_key query parameter and reads the same cart back', async () => {
    const { result: cart, sent, fixture } = await succeeds('server/cart-guest-items', (api) => api.getCart({ cartKey: GUEST }));
    expect(query(sent[0]!).cart_key).to.equal(recordedQuery(fixture).cart_key);
    expect(cart.key).to.equal(GUEST);
    expect(lines(cart)).to.deep.equal([beanie(2, 3600, 360)]);
    expect(cart.totals.total).to.equal(4510);
    expect(cart.notices).to.deep.equal([]);
  });

  it('reads a variation line with its attributes, no upper limit, and the handling fee', async () => {
    const variation = { attribute_color: 'Blue', attribute_size: 'S' };
    const added = await succeeds('server/add-item-variation', (api) => api.addItem({ id: 17, quantity: 1, variation }, { cartKey: GUEST }));
    expectRecordedBody(added.sent[0]!, added.fixture);
    const loaded = await succeeds('server/cart-variation-fee-tax-shipping', (api) => api.getCart({ cartKey: GUEST }));
    for (const cart of [added.result, loaded.result]) {
      expect(lines(cart)).to.deep.equal([beanie(2, 3600, 360), hoodie(4200, 420)]);
      const line = cart.items[1]!;
      expect(line).to.include({ title: 'Hoodie', type: 'variation', sku: 'RW-HOODIE-BLUE-S' });
      expect(line.variation).to.deep.equal([
        { attribute: 'Color', value: 'Blue' },
        { attribute: 'Size', value: 'S' },
      ]);
      expect(cart.itemCount).to.equal(3);
      expect(cart.fees).to.deep.equal(handlingFee);
      expect(cart.taxes).to.deep.equal(salesTax(855));
      expect(cart.totals).to.deep.equal(
        totals({ subtotal: 7800, subtotalTax: 780, fees: 250, feeTax: 25, shipping: 500, shippingTax: 50, total: 9405, totalTax: 855 }),
      );
    }
    expect(added.result.notices).to.deep.equal([{ type: 'success', message: '“Hoodie” has been added to your cart.' }]);
    expect(loaded.result.notices).to.deep.equal([]);
  });

  it('reads the answer to a quantity change', async () => {
    const { result: cart, sent, fixture } = await succeeds('server/update-item-quantity', (api) => api.updateItem(BEANIE, 3, { cartKey: GUEST }));
    expectRecordedBody(sent[0]!, fixture);
    expect(lines(cart)).to.deep.equal([beanie(3, 5400, 540), hoodie(4200, 420)]);
    expect(cart.itemCount).to.equal(4);
    expect(cart.totals.total).to.equal(11385);
    expect(cart.taxes).to.deep.equal(salesTax(1035));
  });

  it('refuses a status answer in place of a cart (return_status) rather than showing an empty cart', async () => {
    const { error } = await fails('server/update-item-return-status', (api) => api.updateItem(BEANIE, 3, { cartKey: GUEST }));
    expect(error.kind).to.equal('invalid-response');
  });

  it('reads a coupon: its saving, the discount, and the notices of a good and a bad code', async () => {
    const update = (fixture: string) => async (api: ReturnType<typeof cocart>) => {
      // Core 4.3.6 has no coupon route: the recordings used cart/update with a test callback.
      const { json } = await api.send('POST', 'v2/cart/update', { cartKey: GUEST }, { namespace: 'rw-test', data: { apply_coupon: fixture } }, { cart_key: GUEST });
      return parseCart(json, { amounts: 'auto' });
    };
    const applied = await succeeds('server/cart-update-coupon-rw10', update('rw10'));
    const refused = await succeeds('server/cart-update-coupon-invalid', update('nosuchcoupon'));
    const loaded = await succeeds('server/cart-with-coupon', (api) => api.getCart({ cartKey: GUEST }));
    expectRecordedBody(applied.sent[0]!, applied.fixture);
    expectRecordedBody(refused.sent[0]!, refused.fixture);
    for (const cart of [applied.result, refused.result, loaded.result]) {
      // 10% off every line: line totals 48.60 and 37.80 (numbers in major units on the wire).
      expect(lines(cart)).to.deep.equal([beanie(3, 4860, 486), hoodie(3780, 378)]);
      expect(cart.coupons).to.deep.equal(rw10(960));
      expect(cart.fees).to.deep.equal(handlingFee);
      expect(cart.totals).to.deep.equal(
        totals({
          subtotal: 9600,
          subtotalTax: 960,
          discount: 960,
          discountTax: 96,
          fees: 250,
          feeTax: 25,
          shipping: 500,
          shippingTax: 50,
          total: 10329,
          totalTax: 939,
        }),
      );
    }
    expect(applied.result.notices).to.deep.equal([{ type: 'success', message: 'Coupon code applied successfully.' }]);
    expect(refused.result.notices).to.deep.equal([{ type: 'error', message: 'Coupon "nosuchcoupon" does not exist!' }]);
    expect(loaded.result.notices).to.deep.equal([]);
  });

  it('reads the chosen rate the shop reports after a shipping change through cart/update', async () => {
    const { result: cart, sent, fixture } = await succeeds('server/cart-update-shipping-local-pickup', async (api) => {
      const body = { namespace: 'rw-test', data: { shipping_method: { package: 0, rate: 'local_pickup:3' } } };
      const { json } = await api.send('POST', 'v2/cart/update', {}, body, { cart_key: GUEST });
      return parseCart(json, { amounts: 'auto' });
    });
    expectRecordedBody(sent[0]!, fixture);
    // The recorded shop kept flat rate: what the answer says is chosen is what the drawer shows.
    expect(cart.shipping.packages).to.deep.equal(shippingTo('CA'));
    expect(cart.totals.shipping).to.equal(500);
  });

  it('reads a cart asked for some fields only: no currency (two decimals assumed) and the key from the header', async () => {
    const { result: cart, sent, fixture } = await succeeds('server/cart-fields-filter', (api) =>
      api.getCart({ cartKey: GUEST }, { fields: ['items', 'totals'] }),
    );
    expect(query(sent[0]!).fields).to.equal(recordedQuery(fixture).fields);
    expect(recorded(fixture)).not.to.have.property('cart_key');
    expect(cart.key).to.equal(GUEST);
    expect(cart.currency.minorUnit).to.equal(2);
    expect(lines(cart)).to.deep.equal([beanie(3, 4860, 486), hoodie(3780, 378)]);
    expect(cart.totals.total).to.equal(10329);
  });

  it('reads a removed line (a plain-number quantity) after a removal, and its return', async () => {
    const removed = await succeeds('server/remove-item', (api) => api.removeItem(BEANIE, { cartKey: GUEST }));
    const loaded = await succeeds('server/cart-with-removed-items', (api) => api.getCart({ cartKey: GUEST }));
    for (const cart of [removed.result, loaded.result]) {
      expect(lines(cart)).to.deep.equal([hoodie(3780, 378)]);
      expect(cart.removedItems).to.deep.equal([{ key: BEANIE, id: 11, name: 'Beanie', title: 'Beanie', quantity: 3, price: 1800, image: PLACEHOLDER }]);
      expect(cart.coupons).to.deep.equal(rw10(420));
      expect(cart.fees).to.deep.equal([]);
      expect(cart.totals.total).to.equal(4708);
    }
    expect(removed.result.notices).to.deep.equal([{ type: 'success', message: '"Beanie" has been removed from cart.' }]);

    const { result: restored } = await succeeds('server/restore-item', (api) => api.restoreItem(BEANIE, { cartKey: GUEST }));
    expect(lines(restored)).to.deep.equal([hoodie(3780, 378), beanie(3, 4860, 486)]);
    expect(restored.removedItems).to.deep.equal([]);
    expect(restored.fees).to.deep.equal(handlingFee);
    expect(restored.totals.total).to.equal(10329);
    expect(restored.notices).to.deep.equal([{ type: 'success', message: '"Beanie" has been added back to your cart.' }]);
  });

  it('reads a sold-individually line (at most one) next to the others, with coupon, fee and free shipping offered', async () => {
    const added = await succeeds('server/add-item-sold-individually', (api) => api.addItem({ id: 15, quantity: 1 }, { cartKey: GUEST }));
    const later = await succeeds('server/cart-guest-after-errors', (api) => api.getCart({ cartKey: GUEST }));
    expectRecordedBody(added.sent[0]!, added.fixture);
    for (const cart of [added.result, later.result]) {
      expect(lines(cart)).to.deep.equal([
        hoodie(3780, 378),
        beanie(3, 4860, 486),
        {
          key: GIFT_CARD,
          id: 15,
          name: 'Gift Card',
          price: 2500,
          quantity: { value: 1, min: 1, max: 1 },
          totals: { subtotal: 2500, subtotalTax: 250, total: 2250, tax: 225 },
        },
      ]);
      expect(cart.itemCount).to.equal(5);
      expect(cart.coupons).to.deep.equal(rw10(1210));
      expect(cart.fees).to.deep.equal(handlingFee);
      expect(cart.shipping.packages).to.deep.equal(shippingTo('CA', [FLAT, FREE, PICKUP]));
      expect(cart.totals.total).to.equal(12804);
      expect(formatMoney(cart.totals.discount, cart.currency)).to.equal('$12.10');
    }
    expect(added.result.notices).to.deep.equal([{ type: 'success', message: '“Gift Card” has been added to your cart.' }]);
  });

  it('reads an unknown key as an empty cart under that same key, and reports a rewritten key as the shop sent it', async () => {
    const unknown = await succeeds('server/cart-unknown-cart-key', (api) => api.getCart({ cartKey: 'ffffffffffffffffffffffffffffff' }));
    expect(unknown.result.key).to.equal('ffffffffffffffffffffffffffffff');
    expect(unknown.result.items).to.deep.equal([]);

    const odd = await succeeds('server/error-invalid-cart-key-chars', (api) => api.getCart({ cartKey: 'bad key!<>' }));
    expect(query(odd.sent[0]!).cart_key).to.equal(recordedQuery(odd.fixture).cart_key);
    // The store compares it with the key it sent: a rewritten key is never adopted.
    expect(odd.result.key).to.equal('badkey');
    expect(odd.result.items).to.deep.equal([]);
  });

  it('reads a cleared cart and its notice', async () => {
    const { result: cleared } = await succeeds('server/clear-cart', (api) => api.clear({ cartKey: GUEST }));
    expect(cleared.items).to.deep.equal([]);
    expect(cleared.itemCount).to.equal(0);
    expect(cleared.totals).to.deep.equal(totals({}));
    expect(cleared.notices).to.deep.equal([{ type: 'notice', message: 'Cart is cleared.' }]);
    const { result: after } = await succeeds('server/cart-after-clear', (api) => api.getCart({ cartKey: GUEST }));
    expect([after.key, after.items, after.totals.total, after.shipping.packages]).to.deep.equal([GUEST, [], 0, []]);
  });

  it('reads a cart asked from another origin the same way', async () => {
    const { result: cart, fixture } = await succeeds('server/cart-cross-origin-get', (api) => api.getCart());
    expect(cart.key).to.equal('5283319e42075b55248a92410ec24a');
    expect(cart.items).to.deep.equal([]);
    // The shop lets another origin read the cart key header.
    expect(fixture.meta.headers['access-control-expose-headers']).to.include('CoCart-API-Cart-Key');
  });

  it('sends only request headers a default CoCart allows cross-origin', async () => {
    const preflight = await loadFixture('server/cart-preflight-options');
    const allowed = preflight.meta.headers['access-control-allow-headers']!.split(',').map((h) => h.trim().toLowerCase());
    // Out of the box the preflight carries no Access-Control-Allow-Origin (real-world notes, "Cross-origin shops").
    expect(preflight.meta.headers).not.to.have.property('access-control-allow-origin');
    const { sent } = await succeeds('server/add-item-authenticated', (api) =>
      api.addItem({ id: 11, quantity: 1 }, { credentials: { kind: 'bearer', token: 'token' } }),
    );
    // CORS-safelisted headers need no permission; an engine may add one itself (Firefox: accept-language).
    const names = [...sent[0]!.headers.keys()].filter((name) => !['accept', 'accept-language', 'content-language'].includes(name));
    expect(names).to.include.members(['authorization', 'content-type']);
    for (const name of names) expect(allowed, `request header ${name}`).to.include(name);
  });
});

describe('Real CoCart fixtures: currencies', function () {
  this.timeout(SLOW);

  const KEY = 'de43883406005731dcc1a8cd10c024';

  it('reads a euro cart: symbol after the amount, comma decimals, point thousands', async () => {
    const { result: cart } = await succeeds('server/cart-eur-right-space-comma', (api) => api.getCart({ cartKey: KEY }));
    expect(cart.currency).to.deep.equal({ code: 'EUR', symbol: '€', minorUnit: 2, decimalSeparator: ',', thousandSeparator: '.', prefix: '', suffix: ' €' });
    expect(lines(cart)).to.deep.equal([
      { key: JACKET, id: 16, name: 'Jacket', price: 123450, quantity: { value: 1, min: 1, max: null }, totals: { subtotal: 123450, subtotalTax: 12345, total: 123450, tax: 12345 } },
      beanie(1, 1800, 180),
    ]);
    expect(cart.shipping.packages).to.deep.equal(shippingTo('CA', [FLAT, FREE, PICKUP]));
    expect(cart.totals.total).to.equal(138325);
    expect(formatMoney(cart.items[0]!.price, cart.currency)).to.equal('1.234,50 €');
    expect(formatMoney(cart.totals.total, cart.currency)).to.equal('1.383,25 €');
  });

  it('reads a yen cart: no decimals, line totals rounded to whole yen', async () => {
    const { result: cart } = await succeeds('server/cart-jpy-zero-decimals', (api) => api.getCart({ cartKey: KEY }));
    expect(cart.currency).to.deep.equal({ code: 'JPY', symbol: '¥', minorUnit: 0, decimalSeparator: '.', thousandSeparator: ',', prefix: '¥', suffix: '' });
    expect(lines(cart)).to.deep.equal([
      // Line totals come as major-unit numbers (1234.5, 123.45): rounded to the yen.
      { key: JACKET, id: 16, name: 'Jacket', price: 1235, quantity: { value: 1, min: 1, max: null }, totals: { subtotal: 1235, subtotalTax: 123, total: 1235, tax: 123 } },
      { ...beanie(1, 18, 2), price: 18, totals: { subtotal: 18, subtotalTax: 2, total: 18, tax: 2 } },
    ]);
    expect(cart.shipping.packages[0]!.rates[0]).to.include({ key: 'flat_rate:1', cost: 5, taxes: 1, chosen: true });
    expect(cart.crossSells[0]).to.include({ name: 'Cap', price: 16 });
    expect(cart.totals).to.deep.equal(totals({ subtotal: 1253, subtotalTax: 125, shipping: 5, shippingTax: 1, total: 1384, totalTax: 126 }));
    expect(formatMoney(cart.totals.total, cart.currency)).to.equal('¥1,384');
  });

  it('reads a cart with three decimals', async () => {
    const { result: cart } = await succeeds('server/cart-usd-three-decimals', (api) => api.getCart({ cartKey: KEY }));
    expect(cart.currency).to.deep.equal({ ...USD, minorUnit: 3 });
    expect(lines(cart)).to.deep.equal([
      { key: JACKET, id: 16, name: 'Jacket', price: 1234500, quantity: { value: 1, min: 1, max: null }, totals: { subtotal: 1234500, subtotalTax: 123000, total: 1234500, tax: 123000 } },
      { ...beanie(1, 18000, 2000), price: 18000, totals: { subtotal: 18000, subtotalTax: 2000, total: 18000, tax: 2000 } },
    ]);
    expect(cart.shipping.packages[0]!.rates[0]).to.include({ cost: 5000, taxes: 500 });
    expect(cart.totals.total).to.equal(1383250);
    expect(formatMoney(cart.totals.total, cart.currency)).to.equal('$1,383.250');
  });

  it('reads a product priced in euros with its own currency', async () => {
    const { result: product } = await succeeds('server/product-eur-right-space-comma', (api) => api.getProduct(16));
    expect(product).to.include({ id: 16, name: 'Jacket', type: 'simple' });
    expect(product.prices).to.deep.equal({ price: 123450, regularPrice: 123450, salePrice: null, onSale: false });
    expect(product.currency).to.include({ code: 'EUR', prefix: '', suffix: ' €', decimalSeparator: ',' });
    expect(formatMoney(product.prices.price, product.currency!)).to.equal('1.234,50 €');
  });
});

describe('Real CoCart fixtures: a signed-in customer', function () {
  this.timeout(SLOW);

  it('reads the login answer: the customer and the token pair from extras', async () => {
    for (const id of ['server/login-basic-with-guest-cart', 'server/login-email-as-username']) {
      const fixture = await loadFixture(id);
      const { username, password } = basic(fixture);
      const cartKey = recordedQuery(fixture).cart_key;
      const { result, sent } = await succeeds(id, (api) => api.login({ username, password }, { cartKey }));
      // The same Basic authorization the real server accepted.
      expect(sent[0]!.headers.get('Authorization')).to.equal(fixture.meta.request.headers!.Authorization);
      expect(query(sent[0]!).cart_key).to.equal(cartKey);
      const body = recorded<{ extras: { jwt_token: string; jwt_refresh: string } }>(fixture);
      expect(result.token).to.equal(body.extras.jwt_token);
      expect(result.token).to.match(/^eyJ/);
      expect(result.refreshToken).to.equal(body.extras.jwt_refresh);
      expect(result.refreshToken).to.match(/^[0-9a-f]{64,}$/);
      // 4.3.6 sends no `username`: the customer is known by id, name and email.
      expect(result.user).to.deep.equal({
        id: '2',
        username: '',
        displayName: 'Rita Walker',
        firstName: 'Rita',
        lastName: 'Walker',
        email: 'rwcustomer@example.test',
      });
    }
  });

  it('reads the customer cart: the key is the user id', async () => {
    const token = 'token';
    const merged = await succeeds('server/cart-authenticated-after-merge', (api) =>
      api.getCart({ credentials: { kind: 'bearer', token }, cartKey: '34015717cf35650ada6f1329a972ab' }),
    );
    const plain = await succeeds('server/cart-authenticated', (api) => api.getCart({ credentials: { kind: 'bearer', token } }));
    expect(plain.sent[0]!.headers.get('Authorization')).to.equal('Bearer token');
    for (const cart of [merged.result, plain.result]) {
      expect(cart.key).to.equal('2');
      expect(lines(cart)).to.deep.equal([cap(1)]);
      expect(cart.shipping.packages).to.deep.equal(shippingTo('San Francisco, CA 94110'));
      expect(cart.totals.total).to.equal(2310);
    }
  });

  it('reads what a customer adds, with Bearer or Basic', async () => {
    const added = await succeeds('server/add-item-authenticated', (api) =>
      api.addItem({ id: 11, quantity: 1 }, { credentials: { kind: 'bearer', token: 'token' } }),
    );
    expectRecordedBody(added.sent[0]!, added.fixture);
    const fixture = await loadFixture('server/cart-basic-auth');
    const viaBasic = await succeeds('server/cart-basic-auth', (api) => api.getCart({ credentials: { kind: 'basic', ...basic(fixture) } }));
    expect(viaBasic.sent[0]!.headers.get('Authorization')).to.equal(fixture.meta.request.headers!.Authorization);
    for (const cart of [added.result, viaBasic.result]) {
      expect(cart.key).to.equal('2');
      expect(lines(cart)).to.deep.equal([cap(1), beanie(1, 1800, 180)]);
      expect(cart.totals.total).to.equal(4290);
    }
    expect(added.result.notices).to.deep.equal([{ type: 'success', message: '“Beanie” has been added to your cart.' }]);
  });

  it('reads the carts of the sign-in merge recordings as the shop left them', async () => {
    const bearer = { credentials: { kind: 'bearer' as const, token: 'token' } };
    const before = await succeeds('server/merge-1-customer-cart-before', (api) => api.addItem({ id: 12, quantity: 2 }, bearer));
    expectRecordedBody(before.sent[0]!, before.fixture);
    expect([before.result.key, lines(before.result)]).to.deep.equal(['2', [cap(2)]]);

    const guest = await succeeds('server/merge-2-guest-cart', (api) => api.addItem({ id: 11, quantity: 1 }));
    expect([guest.result.key, lines(guest.result)]).to.deep.equal(['516d42df81a51d646aea9bb769518d', [beanie(1, 1800, 180)]]);

    // A signed-in request with the guest key: the customer's Cap ×2 is replaced by the guest cart.
    for (const [id, cartKey] of [
      ['server/merge-3-authenticated-get-with-guest-key', '516d42df81a51d646aea9bb769518d'],
      ['server/merge-4-authenticated-get-no-key', undefined],
    ] as const) {
      const { result } = await succeeds(id, (api) => api.getCart({ ...bearer, cartKey }));
      expect([result.key, lines(result)], id).to.deep.equal(['2', [beanie(1, 1800, 180)]]);
    }
    // The same guest key again, or a foreign one: emptied.
    for (const [id, cartKey] of [
      ['server/merge-5-authenticated-get-with-same-guest-key-again', '516d42df81a51d646aea9bb769518d'],
      ['server/merge-6-authenticated-get-no-key-after', undefined],
      ['server/cart-authenticated-with-foreign-cart-key', 'ffffffffffffffffffffffffffffff'],
    ] as const) {
      const { result } = await succeeds(id, (api) => api.getCart({ ...bearer, cartKey }));
      expect([result.key, result.items, result.totals.total], id).to.deep.equal(['2', [], 0]);
    }
  });

  it('signs out', async () => {
    const fixture = await loadFixture('server/logout');
    const { sent } = await succeeds('server/logout', (api) => api.logout({ credentials: { kind: 'bearer', token: bearer(fixture) } }));
    expect(sent[0]!.headers.get('Authorization')).to.equal(fixture.meta.request.headers!.Authorization);
  });
});

describe('Real CoCart fixtures: tokens', function () {
  this.timeout(SLOW);

  it('validates a good token', async () => {
    const fixture = await loadFixture('server/validate-token-ok');
    const { result, sent } = await succeeds('server/validate-token-ok', (api) => api.validateToken(bearer(fixture)));
    expect(result).to.equal(undefined);
    expect(sent[0]!.headers.get('Authorization')).to.equal(fixture.meta.request.headers!.Authorization);
  });

  it('reads the rotated token pair from a refresh, sent without Authorization', async () => {
    const fixture = await loadFixture('server/refresh-token-ok');
    const { refresh_token } = recordedJson(fixture) as { refresh_token: string };
    const { result, sent } = await succeeds('server/refresh-token-ok', (api) => api.refreshToken(refresh_token));
    expectRecordedBody(sent[0]!, fixture);
    expect(sent[0]!.headers.has('Authorization')).to.equal(false);
    const body = recorded<{ token: string; refresh_token: string }>(fixture);
    expect(result).to.deep.equal({ token: body.token, refreshToken: body.refresh_token });
    expect(result.refreshToken).not.to.equal(refresh_token);
  });

  it('reads every refused token (403 authentication_error) as an auth failure', async () => {
    const cases: Array<[string, (api: ReturnType<typeof cocart>) => Promise<unknown>]> = [
      ['server/validate-token-invalid', (api) => api.validateToken('eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.invalid')],
      ['server/validate-token-other-user-agent', (api) => api.validateToken('token')],
      ['server/validate-token-after-logout', (api) => api.validateToken('token')],
      ['server/refresh-token-invalid', (api) => api.refreshToken('abc')],
      ['server/refresh-token-reused-old', (api) => api.refreshToken('old')],
      ['server/refresh-token-with-stale-bearer', (api) => api.refreshToken('269031b2')],
      ['server/cart-invalid-bearer', (api) => api.getCart({ credentials: { kind: 'bearer', token: 'eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.invalid' } })],
      ['server/cart-basic-wrong-password', (api) => api.getCart({ credentials: { kind: 'basic', username: 'rwcustomer', password: 'wrong' } })],
    ];
    await eachCase(cases, async ([id, call]) => {
      const { error, fixture } = await fails(id, call);
      expect([error.kind, error.status, error.refusedCredentials], id).to.deep.equal(['auth', fixture.meta.status, true]);
      expect(describeError(error, defaultMessages), id).to.equal(defaultMessages.sessionEnded);
    });
  });

  it('reads a refresh refused for a missing refresh token as the session ending, not the route\'s own sentence', async () => {
    // 403 `cocart_jwt_auth_missing_refresh_token` "Refresh token is required.": an auth failure whose
    // words are for developers.
    const { error } = await fails('server/refresh-token-missing', (api) => api.refreshToken(''));
    expect([error.kind, error.status, error.refusedCredentials]).to.deep.equal(['auth', 403, true]);
    expect(describeError(error, defaultMessages)).to.equal(defaultMessages.sessionEnded);
  });

  it('reads a missing token (401 rest_forbidden) as a refusal', async () => {
    const { error } = await fails('server/validate-token-missing', (api) => api.send('POST', 'jwt/validate-token', {}));
    expect(error.status).to.equal(401);
    expect(error.is('rest_forbidden')).to.equal(true);
  });
});

describe('Real CoCart fixtures: products', function () {
  this.timeout(SLOW);

  it('reads a simple product on sale, its currency and its picture', async () => {
    const { result: product } = await succeeds('server/product-simple', (api) => api.getProduct(11));
    expect(product).to.include({ id: 11, name: 'Beanie', type: 'simple', mnm: null });
    expect(product.prices).to.deep.equal({ price: 1800, regularPrice: 2000, salePrice: 1800, onSale: true });
    expect(product.currency).to.deep.equal(USD);
    expect(product.image).to.equal('http://127.0.0.1:8089/wp-content/uploads/woocommerce-placeholder-150x150.png');
  });

  it('reads a variable product at its lowest price, not on sale', async () => {
    const { result: product } = await succeeds('server/product-variable', (api) => api.getProduct(17));
    expect(product).to.include({ id: 17, name: 'Hoodie', type: 'variable' });
    expect(product.prices).to.deep.equal({ price: 4200, regularPrice: 4200, salePrice: null, onSale: false });
  });

  it('reads each product of the variations and list routes with the product reader', async () => {
    const variations = await succeeds('server/product-variations', async (api) => (await api.send('GET', 'v2/products/17/variations', {})).json);
    expect((variations.result as unknown[]).map((v) => parseProduct(v, { amounts: 'auto' })).map((p) => [p.id, p.name, p.prices.price])).to.deep.equal([
      [21, 'Hoodie - Red, M', 4500],
      [20, 'Hoodie - Red, S', 4500],
      [19, 'Hoodie - Blue, M', 4200],
      [18, 'Hoodie - Blue, S', 4200],
    ]);
    const list = await succeeds('server/products-list', async (api) => (await api.send('GET', 'v2/products', {}, undefined, { per_page: '2' })).json);
    const { products } = list.result as { products: unknown[] };
    expect(products.map((p) => parseProduct(p, { amounts: 'auto' })).map((p) => [p.id, p.name, p.prices.price])).to.deep.equal([
      [17, 'Hoodie', 4200],
      [16, 'Jacket', 123450],
    ]);
  });
});

describe('Real CoCart fixtures: admin sessions', function () {
  this.timeout(SLOW);

  it('lists the sessions with an administrator password', async () => {
    const fixture = await loadFixture('server/sessions-admin-password');
    const { username, password } = basic(fixture);
    const { result: sessions, sent } = await succeeds('server/sessions-admin-password', (api) =>
      listSessions(api, { consumerKey: username, consumerSecret: password }),
    );
    expect(sent[0]!.headers.get('Authorization')).to.equal(fixture.meta.request.headers!.Authorization);
    expect(sessions).to.have.length(86);
    expect(sessions[0]).to.deep.equal({
      cartId: '1',
      cartKey: 't_e737e4caa3dfdec184c9bb5c4062dc',
      customerName: '',
      customerEmail: '',
      created: '11/23/2026 16:00:48',
      expiry: '11/25/2026 16:00:46',
      source: 'woocommerce',
      link: 'http://127.0.0.1:8089/wp-json/cocart/v2/session/t_e737e4caa3dfdec184c9bb5c4062dc',
    });
  });

  it('fails clearly where 4.3.6 refuses a key pair (500, empty body) or no credentials (401)', async () => {
    const fixture = await loadFixture('server/sessions-admin-keys');
    const { username, password } = basic(fixture);
    const keys = await fails('server/sessions-admin-keys', (api) => listSessions(api, { consumerKey: username, consumerSecret: password }));
    expect(username).to.match(/^ck_/);
    expect([keys.error.kind, keys.error.status, keys.error.code]).to.deep.equal(['http', 500, undefined]);
    const none = await fails('server/sessions-unauthenticated', (api) => api.send('GET', 'v2/sessions', {}));
    expect([none.error.status, none.error.is('rest_cannot_view')]).to.deep.equal([401, true]);
  });

  it('reads one session cart: items keyed by item key, totals all minor-unit strings', async () => {
    const { result: cart } = await succeeds('server/session-one-admin', async (api) =>
      parseCart((await api.send('GET', 'v2/session/de43883406005731dcc1a8cd10c024', {})).json, { amounts: 'auto' }),
    );
    expect(cart.key).to.equal('de43883406005731dcc1a8cd10c024');
    expect(lines(cart)).to.deep.equal([
      { key: JACKET, id: 16, name: 'Jacket', price: 123450, quantity: { value: 1, min: 1, max: null }, totals: { subtotal: 123450, subtotalTax: 12345, total: 123450, tax: 12345 } },
      beanie(1, 1800, 180),
    ]);
    expect(cart.totals.total).to.equal(138325);
  });
});

describe('Real CoCart fixtures: routes the widget does not use', function () {
  this.timeout(SLOW);

  it('gets no cart from cart/items (items keyed by item key) or items/count (a bare number)', async () => {
    const items = await succeeds('server/cart-items-route', async (api) => (await api.send('GET', 'v2/cart/items', {}, undefined, { cart_key: GUEST })).json);
    expect(() => parseCart(items.result, { amounts: 'auto' }))
      .to.throw(ApiError)
      .with.property('kind', 'invalid-response');
    // The lines themselves are the cart's lines, keyed by item key.
    expect(lines(parseCart({ items: items.result }, { amounts: 'auto' }))).to.deep.equal([beanie(3, 4860, 486), hoodie(3780, 378)]);

    const count = await succeeds('server/cart-items-count-route', async (api) => (await api.send('GET', 'v2/cart/items/count', {}, undefined, { cart_key: GUEST })).json);
    expect(count.result).to.equal(4);
    expect(() => parseCart(count.result, { amounts: 'auto' }))
      .to.throw(ApiError)
      .with.property('kind', 'invalid-response');
  });

  it('reads the totals route refusing an uncalculated cart as a plain 404', async () => {
    for (const [id, html] of [['server/cart-totals-route', undefined], ['server/cart-totals-route-html', 'true']] as const) {
      const { error } = await fails(id, (api) => api.send('GET', 'v2/cart/totals', {}, undefined, { cart_key: GUEST, html }));
      expect([error.kind, error.status, error.is('cart_totals_empty')], id).to.deep.equal(['http', 404, true]);
    }
  });

  it('reads the store route', async () => {
    const { result } = await succeeds('server/store', async (api) => (await api.send('GET', 'v2/store', {})).json);
    expect(result).to.deep.include({ title: 'RW Real CoCart', language: 'en-US' });
  });

  it('sees the batch route fail every CoCart add-item (why the widget never batches)', async () => {
    for (const id of ['server/batch-add-items', 'server/batch-add-items-with-cart-key']) {
      const { result } = await succeeds(id, async (api) => (await api.send('POST', 'v1', {}, { requests: [] })).json, { api: cocart('batch') });
      const { responses } = result as { responses: Array<{ status: number; body: unknown }> };
      expect(responses, id).to.have.length(2);
      for (const answer of responses) {
        expect([answer.status, parseErrorBody(answer.body)], id).to.deep.equal([500, { code: 'cocart_cart_error', message: 'Unable to retrieve cart.' }]);
      }
    }
  });
});

describe('Real CoCart fixtures: every recorded cart', function () {
  this.timeout(SLOW);

  it('adds up: lines to subtotal, subtotal to total, quantities to the count, and the key is the header key', async () => {
    const carts: string[] = [];
    for (const file of await fixtureFiles('server')) {
      if (file.endsWith('.meta.json') || !file.endsWith('.json') || file === 'INDEX.json') continue;
      const id = `server/${file.replace(/\.json$/, '')}`;
      const { body, meta } = await loadFixture(id);
      let raw: unknown;
      try {
        raw = JSON.parse(body);
      } catch {
        continue;
      }
      if (meta.status !== 200 || typeof raw != 'object' || raw === null || !('items' in raw) || !('totals' in raw)) continue;
      carts.push(id);
    }
    // Carts from every cart route: get, add, update, remove, restore, clear, update, sessions.
    expect(carts.length).to.be.greaterThan(30);
    await eachCase(carts, async (id) => {
      const { result: cart, fixture } = await succeeds(id, async (api) => {
        // The recorded request as it was made, below the namespace.
        const { meta } = await loadFixture(id);
        const url = recordedUrl(meta);
        const path = url.pathname.replace(/^\/wp-json\/cocart\//, '');
        const { json, headers } = await api.send(meta.request.method as 'GET', path, {}, undefined, Object.fromEntries(url.searchParams));
        const parsed = parseCart(json, { amounts: 'auto' });
        return { ...parsed, key: parsed.key ?? headers.get('CoCart-API-Cart-Key') };
      });
      const header = fixture.meta.headers['cocart-api-cart-key'];
      if (header) expect(cart.key, `${id}: key`).to.equal(header);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const t = cart.totals;
      expect(cart.itemCount, `${id}: item count`).to.equal(sum(cart.items.map((i) => i.quantity.value)));
      expect(sum(cart.items.map((i) => i.totals.subtotal)), `${id}: line subtotals`).to.equal(t.subtotal);
      expect(sum(cart.items.map((i) => i.totals.total)), `${id}: line totals`).to.equal(t.subtotal - t.discount);
      expect(t.total, `${id}: total`).to.equal(t.subtotal - t.discount + t.shipping + t.fees + t.totalTax);
      // A cart asked for some fields only (`fields=items,totals`) has no fee or coupon lists.
      const raw = recorded(fixture);
      if ('fees' in raw) expect(sum(cart.fees.map((f) => f.amount)), `${id}: fees`).to.equal(t.fees);
      if ('coupons' in raw) expect(sum(cart.coupons.map((c) => c.saving)), `${id}: coupons`).to.equal(t.discount);
      if (cart.items.length && cart.shipping.packages.length) {
        const chosen = cart.shipping.packages.flatMap((p) => p.rates.filter((r) => r.key === p.chosenRate));
        expect(sum(chosen.map((r) => r.cost)), `${id}: chosen rates`).to.equal(t.shipping);
      }
    });
  });
});

describe('Real CoCart fixtures: errors a shopper meets', function () {
  this.timeout(SLOW);

  const sentence = (error: Parameters<typeof describeError>[0]) => describeError(error, defaultMessages);

  it('never shows the missing-route text of a core shop (coupon and shipping routes, an unknown route)', async () => {
    const cases: Array<[string, (api: ReturnType<typeof cocart>) => Promise<unknown>]> = [
      ['server/apply-coupon-route-core', (api) => api.applyCoupon('rw10', { cartKey: GUEST })],
      ['server/coupons-route-core', (api) => api.removeCoupon('rw10', { cartKey: GUEST })],
      ['server/set-shipping-method-route-core', (api) => api.setShippingMethod('0', 'flat_rate:1', { cartKey: GUEST })],
      ['server/error-unknown-route', (api) => api.send('GET', 'v2/cart/nope', {})],
    ];
    await eachCase(cases, async ([id, call]) => {
      const { error, sent, fixture } = await fails(id, call);
      if (fixture.meta.request.body) expectRecordedBody(sent[0]!, fixture);
      expect([error.kind, error.status, error.is('rest_no_route'), error.missingRoute], id).to.deep.equal(['http', 404, true, true]);
      expect(sentence(error), id).to.equal(defaultMessages.notOffered);
      expect(sentence(error), id).not.to.match(/route|rest_|No route/i);
    });
  });

  it("shows the shop's own sentence for quantity limits (405 quantity_invalid_amount)", async () => {
    const cases: Array<[string, (api: ReturnType<typeof cocart>) => Promise<unknown>, string]> = [
      ['server/error-add-not-enough-stock', (api) => api.addItem({ id: 13, quantity: 5 }, { cartKey: GUEST }), 'Quantity must be 2 or lower.'],
      ['server/error-add-sold-individually-qty2', (api) => api.addItem({ id: 15, quantity: 2 }, { cartKey: GUEST }), 'Quantity must be 1 or lower.'],
      ['server/error-add-quantity-zero', (api) => api.addItem({ id: 12, quantity: 0 }, { cartKey: GUEST }), 'Quantity must be a minimum of 1.'],
      ['server/error-update-over-stock', (api) => api.updateItem(BEANIE, 500, { cartKey: GUEST }), 'Quantity must be 50 or lower.'],
    ];
    await eachCase(cases, async ([id, call, expected]) => {
      const { error, sent, fixture } = await fails(id, call);
      expectRecordedBody(sent[0]!, fixture);
      expect([error.kind, error.status, error.is('quantity_invalid_amount')], id).to.deep.equal(['http', 405, true]);
      expect(sentence(error), id).to.equal(expected);
    });
  });

  it("shows the shop's own sentence for a product it cannot add", async () => {
    const cases: Array<[string, (api: ReturnType<typeof cocart>) => Promise<unknown>, number, string, string]> = [
      ['server/error-add-out-of-stock', (api) => api.addItem({ id: 14, quantity: 1 }, { cartKey: GUEST }), 404, 'product_out_of_stock', 'You cannot add "Sunglasses" to the cart because the product is out of stock.'],
      ['server/error-add-product-not-found', (api) => api.addItem({ id: 999999, quantity: 1 }, { cartKey: GUEST }), 400, 'invalid_product', 'This product cannot be added to the cart.'],
      ['server/error-add-variable-without-variation', (api) => api.addItem({ id: 17, quantity: 1 }, { cartKey: GUEST }), 404, 'no_variation_found', 'No matching variation found.'],
    ];
    await eachCase(cases, async ([id, call, status, code, expected]) => {
      const { error, sent, fixture } = await fails(id, call);
      expectRecordedBody(sent[0]!, fixture);
      expect([error.kind, error.status, error.is(code)], id).to.deep.equal(['http', status, true]);
      expect(sentence(error), id).to.equal(expected);
    });
  });

  it("shows the shop's sentence for a second sold-individually product without its trailing \"View cart\"", async () => {
    const { error, sent, fixture } = await fails('server/error-add-sold-individually-again', (api) => api.addItem({ id: 15, quantity: 1 }, { cartKey: GUEST }));
    expectRecordedBody(sent[0]!, fixture);
    expect([error.kind, error.status, error.is('add_to_cart_error')]).to.deep.equal(['http', 400, true]);
    expect(sentence(error)).to.equal('You cannot add another "Gift Card" to your cart.');
  });

  it('reads a line removed elsewhere as item_not_in_cart (the store re-reads the cart)', async () => {
    const missing = '0123456789abcdef0123456789abcdef';
    for (const [id, call] of [
      ['server/error-update-item-not-found', (api) => api.updateItem(missing, 2, { cartKey: GUEST })],
      ['server/error-remove-item-not-found', (api) => api.removeItem(missing, { cartKey: GUEST })],
    ] as Array<[string, (api: ReturnType<typeof cocart>) => Promise<unknown>]>) {
      const { error } = await fails(id, call);
      expect([error.kind, error.status, error.is('item_not_in_cart'), error.lineGone], id).to.deep.equal(['http', 404, true, true]);
      expect(sentence(error), id).to.equal(defaultMessages.lineGone);
    }
    // Restoring answers another code (`cocart_item_restored_to_cart`) for the same fact.
    const { error } = await fails('server/error-restore-item-not-found', (api) => api.restoreItem(missing, { cartKey: GUEST }));
    expect([error.kind, error.status]).to.deep.equal(['http', 404]);
    expect(sentence(error)).to.equal('Item does not exist in cart.');
  });

  it('never shows the parameter text of a refused request (400 rest_invalid_param)', async () => {
    const { error, sent, fixture } = await fails('server/add-item-numbers-not-strings', (api) =>
      api.send('POST', 'v2/cart/add-item', {}, { id: 12, quantity: 1 }, { cart_key: GUEST }),
    );
    expectRecordedBody(sent[0]!, fixture);
    expect([error.kind, error.status, error.is('rest_invalid_param')]).to.deep.equal(['http', 400, true]);
    expect(sentence(error)).to.equal(defaultMessages.requestRefused);
    // The developer detail keeps what the shop said.
    expect(error.message).to.include('Invalid parameter(s): id');
  });

  it('reads an unknown product as a plain 404', async () => {
    const { error } = await fails('server/error-product-not-found', (api) => api.getProduct(999999));
    expect([error.kind, error.status, error.is('product_invalid_id')]).to.deep.equal(['http', 404, true]);
  });

  it('reads sign-in failures: a wrong password is auth, an unknown username a bare 500', async () => {
    const wrong = await fails('server/login-wrong-password', (api) => api.login({ username: 'rwcustomer', password: 'wrong' }));
    expect(wrong.sent[0]!.headers.get('Authorization')).to.equal(wrong.fixture.meta.request.headers!.Authorization);
    expect([wrong.error.kind, wrong.error.status, wrong.error.refusedCredentials]).to.deep.equal(['auth', 401, true]);
    // The shop's sentence names the username: it is developer detail, never the shopper's sentence.
    expect(sentence(wrong.error)).not.to.include('rwcustomer');

    // The login form turns this one into "username or password not right"; the api reports what it saw.
    const unknown = await fails('server/login-unknown-username', (api) => api.login({ username: 'nosuchuser', password: 'whatever' }));
    expect(unknown.sent[0]!.headers.get('Authorization')).to.equal(unknown.fixture.meta.request.headers!.Authorization);
    expect([unknown.error.kind, unknown.error.status, unknown.error.code, unknown.error.criticalError]).to.deep.equal(['http', 500, undefined, false]);

    // What 4.3.6 answers a login without Basic authorization (the api always sends it).
    for (const id of ['server/login-json-body-only', 'server/login-no-credentials']) {
      const { error } = await fails(id, (api) => api.send('POST', 'v2/login', {}, { username: 'rwcustomer', password: 'rw-pass-123' }));
      expect([error.status, error.is('rest_not_authorized')], id).to.deep.equal([401, true]);
      expect(sentence(error), id).to.equal(defaultMessages.requestRefused);
    }
  });

  it("never shows PHP's critical-error page (JWT 3.0.3 on unpatched 4.3.6), and reads it as a possible token failure on a signed-in request", async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.invalid';
    const cases: Array<[string, (api: ReturnType<typeof cocart>) => Promise<unknown>]> = [
      ['server-jwt-unpatched/cart-invalid-bearer', (api) => api.getCart({ credentials: { kind: 'bearer', token } })],
      ['server-jwt-unpatched/validate-token-invalid', (api) => api.validateToken(token)],
      ['server-jwt-unpatched/validate-token-other-user-agent', (api) => api.validateToken(token)],
      ['server-jwt-unpatched/validate-token-after-logout', (api) => api.validateToken(token)],
      ['server-jwt-unpatched/refresh-token-with-stale-bearer', (api) => api.refreshToken('269031b2')],
    ];
    await eachCase(cases, async ([id, call]) => {
      const { error, fixture } = await fails(id, call);
      expect(fixture.body, id).to.include('critical error');
      // `criticalError`: on a request that carried a token, the session treats it as a possible token failure.
      expect([error.kind, error.status, error.criticalError, error.refusedCredentials], id).to.deep.equal(['http', 500, true, false]);
      expect(sentence(error), id).to.equal(defaultMessages.shopTrouble);
      expect(sentence(error), id).not.to.match(/critical error|WordPress|troubleshooting|<p>/i);
      expect(error.message, `${id}: developer detail`).not.to.match(/<p>|<a /);
    });
  });
});

describe('Real CoCart fixtures: coverage', function () {
  this.timeout(SLOW);

  it('has a test for every recorded answer (INDEX.json and every file in the folders)', async () => {
    const index = JSON.parse(await fixtureText('server/INDEX.json')) as { calls: Array<{ name: string; status: number }> };
    const expected = new Set(index.calls.map((call) => `server/${call.name}`));
    for (const folder of ['server', 'server-jwt-unpatched']) {
      const files = await fixtureFiles(folder);
      expect(files.length, folder).to.be.greaterThan(0);
      for (const file of files) {
        if (file.endsWith('.meta.json') || file === 'INDEX.json') continue;
        expect(file, `${folder}/${file}: a recorded answer`).to.match(/\.json$/);
        expect(files, `${folder}/${file} has its .meta.json`).to.include(file.replace(/\.json$/, '.meta.json'));
        expected.add(`${folder}/${file.replace(/\.json$/, '')}`);
      }
    }
    // INDEX.json and the files agree on each answer's status.
    for (const call of index.calls) {
      const meta = JSON.parse(await fixtureText(`server/${call.name}.meta.json`)) as { status: number };
      expect(meta.status, call.name).to.equal(call.status);
    }
    const missing = [...expected].filter((id) => !covered.has(id));
    expect(missing, 'recorded answers no test replays').to.deep.equal([]);
    expect(expected.size).to.be.greaterThan(90);
  });
});
