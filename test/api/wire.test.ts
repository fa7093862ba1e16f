import { expect } from '../helpers/testing.js';
import * as api from '../../src/index.js';
import { parseCart, parseCustomerAddresses, parseLogin, parseProduct, parseSessions } from '../../src/api/schemas.js';
import { parseTokenPair } from '../../src/api/token-refresh.js';
import { parseErrorBody } from '../../src/api/wire/auth.js';
import { documentCart, documentLogin, documentProduct, emptyRealCart, realCart, realLogin, realProduct, realSessions, twoFactorChallenge } from './fixtures.js';

const auto = { amounts: 'auto' as const };
const garbage = [undefined, null, 42, 'cart', [], [1], { items: 'none' }];

describe('wire schemas for theme developers', () => {
  it('are exported from the package entry', () => {
    expect(typeof api.cartSchema(auto).safeParse).to.equal('function');
    expect(typeof api.productSchema(auto).safeParse).to.equal('function');
    for (const name of ['CartWire', 'ProductWire', 'currencySchema', 'customerAddressesSchema', 'loginSchema', 'LoginWire', 'tokenPairSchema', 'twoFactorSchema', 'errorBodySchema', 'ErrorBodyWire', 'sessionsSchema', 'routeIndexSchema']) {
      expect(typeof (api as unknown as Record<string, { safeParse?: unknown }>)[name]?.safeParse, name).to.equal('function');
    }
  });

  it('read an answer exactly as the client does', () => {
    for (const cart of [documentCart, realCart, emptyRealCart]) {
      expect(api.cartSchema(auto).parse(cart)).to.deep.equal(parseCart(cart, auto));
      expect(api.cartSchema({ amounts: 'minor-units' }).parse(cart)).to.deep.equal(parseCart(cart, { amounts: 'minor-units' }));
    }
    for (const product of [documentProduct, realProduct]) {
      expect(api.productSchema(auto).parse(product)).to.deep.equal(parseProduct(product, auto));
    }
    for (const login of [documentLogin, realLogin]) expect(api.loginSchema.parse(login)).to.deep.equal(parseLogin(login));
    expect(api.sessionsSchema.parse(realSessions)).to.deep.equal(parseSessions(realSessions));
    expect(api.tokenPairSchema.parse({ token: 't', refresh_token: 'r' })).to.deep.equal(parseTokenPair({ token: 't', refresh_token: 'r' }));
    expect(api.errorBodySchema.parse(twoFactorChallenge)).to.deep.equal(parseErrorBody(twoFactorChallenge));
  });

  it('report what they cannot read through safeParse instead of throwing', () => {
    for (const body of garbage) {
      expect(api.cartSchema(auto).safeParse(body).success, JSON.stringify(body)).to.equal(false);
      // An empty list is a list of no sessions.
      if (!Array.isArray(body) || body.length) expect(api.sessionsSchema.safeParse(body).success, JSON.stringify(body)).to.equal(false);
    }
    expect(api.routeIndexSchema.safeParse({ routes: [] }).success).to.equal(false);
    expect(api.productSchema(auto).safeParse({ name: 'No id' }).success).to.equal(false);
    expect(api.loginSchema.safeParse({}).success).to.equal(false);
    expect(api.tokenPairSchema.safeParse({ token: 't' }).success).to.equal(false);
  });

  it('say where an answer went wrong', () => {
    const read = api.cartSchema(auto).safeParse({ items: [{ id: 1 }, 'oops'] });
    expect(read.success).to.equal(false);
    expect(read.error!.issues.map((issue) => issue.path)).to.deep.equal([['items', 1]]);
    expect(api.CartWire.safeParse({}).error!.issues[0]!.path).to.deep.equal(['items']);
    expect(api.cartSchema(auto).safeParse('cart').error!.issues[0]).to.include({ code: 'invalid_type', expected: 'object' });
  });

  it('read every error body, whatever it holds', () => {
    for (const body of [...garbage, '<p>Oops</p>', [{ code: 'c', message: 'm' }]]) {
      expect(api.errorBodySchema.safeParse(body).success, JSON.stringify(body)).to.equal(true);
    }
  });

  it('show the wire shape with each field normalised, before it becomes the model', () => {
    const wire = api.CartWire.parse({
      currency: { currency_code: 'EUR', currency_symbol: '&euro;', currency_minor_unit: '2' },
      items: { abc: { id: '7', name: 'Caf&#233;', quantity: { value: '2', min_purchase: 1, max_purchase: -1 }, price: '450' } },
      needs_shipping: 'yes',
      shipping: [],
    });
    const [item] = wire.items;
    expect(item).to.include({ $key: 'abc', item_key: '', id: 7, name: 'Café', price: '450' });
    expect(item!.quantity).to.deep.equal({ value: 2, min: 1, max: null });
    expect(wire.currency).to.include({ code: 'EUR', symbol: '€', minorUnit: 2 });
    expect(wire.needs_shipping).to.equal(true);
    expect(wire.shipping).to.deep.equal({ packages: [], has_calculated_shipping: false, show_package_details: false });
    expect(wire.coupons).to.deep.equal([]);
  });

  it('read a product without its own currency as having none, its amounts with two decimals', () => {
    const wire = api.ProductWire.parse({ id: 3, prices: { price: '12.5' } });
    expect(wire.$currency).to.equal(null);
    expect(wire.mnm_data).to.equal(null);
    expect(api.productSchema(auto).parse({ id: 3, prices: { price: '12.5' } }).prices.price).to.equal(1250);
  });

  it("read the customer's addresses, prefixed or bare, and null for an answer without a customer", () => {
    expect(parseCustomerAddresses(documentCart)).to.deep.equal({
      billing: { country: 'GB', state: '', postcode: '', city: '' },
      shipping: { country: 'GB', state: '', postcode: '', city: '' },
    });
    const bare = { customer: { shipping_address: { country: 'DE', postcode: ' 10115 ', city: 'K&#246;ln' }, billing_address: [] } };
    expect(api.customerAddressesSchema.parse(bare)).to.deep.equal({
      billing: { country: '', state: '', postcode: '', city: '' },
      shipping: { country: 'DE', state: '', postcode: '10115', city: 'Köln' },
    });
    for (const body of [...garbage, { customer: [] }]) expect(parseCustomerAddresses(body), JSON.stringify(body)).to.equal(null);
  });
});
