import { defaultMessages, describeError } from '../../src/format/messages.js';
import { expect } from '../helpers/testing.js';
import { readShopTextWithThePage } from '../../src/store/shop-text.js';
import { ApiError } from '../../src/api/errors.js';
import type { AmountsMode, Cart } from '../../src/api/model.js';
import { parseCart, parseLogin, parseProduct, parseSessions } from '../../src/api/schemas.js';
import { parseTokenPair } from '../../src/api/token-refresh.js';
import { parseErrorBody } from '../../src/api/wire/auth.js';
import {
  clone,
  documentCart,
  documentLogin,
  documentProduct,
  emptyRealCart,
  realCart,
  realLogin,
  realProduct,
  realSessions,
  twoFactorChallenge,
  yenCart,
} from './fixtures.js';

// What the store does on every page: the page's HTML parser reads named references for the api.
readShopTextWithThePage();

const auto = { amounts: 'auto' as const };
const USD = documentCart.currency;
const EUR = realCart.currency;

/** The smallest cart carrying one item with the given fields. */
function cartWith(item: Record<string, unknown>, currency: object = USD, extra: Record<string, unknown> = {}) {
  return { currency, items: [{ item_key: 'k', id: 1, name: 'Thing', ...item }], ...extra };
}

function expectInvalid(parse: () => unknown): ApiError {
  let caught: unknown;
  try {
    parse();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'should throw').to.be.instanceOf(ApiError);
  const error = caught as ApiError;
  expect(error.kind).to.equal('invalid-response');
  expect(said(error)).to.match(/could not read/);
  return error;
}

describe('parseCart', () => {
  it('normalises the document shape', () => {
    const cart = parseCart(clone(documentCart), auto);
    expect(cart).to.deep.equal({
      key: 'guest_7d2a9b',
      currency: { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' },
      items: [
        {
          key: 'key-hoodie',
          id: 42,
          name: 'Hoodie - Blue',
          title: 'Hoodie',
          slug: 'hoodie',
          price: 3800,
          quantity: { value: 2, min: 1, max: null },
          totals: { subtotal: 7600, subtotalTax: 760, total: 7600, tax: 760 },
          type: 'variation',
          sku: 'HD-BL',
          variation: [{ attribute: 'Colour', value: 'Blue' }],
          image: 'https://shop.test/img/hoodie.jpg',
          mnm: null,
          data: {},
        },
        {
          key: 'key-cap',
          id: 43,
          name: 'Cap',
          title: 'Cap',
          slug: 'cap',
          price: 101250,
          quantity: { value: 1, min: 1, max: 5 },
          totals: { subtotal: 101250, subtotalTax: 0, total: 101250, tax: 0 },
          type: 'simple',
          sku: 'CAP',
          variation: [],
          image: null,
          mnm: null,
          data: {},
        },
      ],
      itemCount: 3,
      weight: 1.5,
      coupons: [{ code: 'save5', label: 'Coupon: save5', saving: 500 }],
      needsPayment: true,
      needsShipping: true,
      shipping: {
        packages: [
          {
            id: 'default',
            name: 'Shipping',
            destination: '1 Main Street London',
            details: 'Hoodie - Blue × 2, Cap × 1',
            chosenRate: 'flat_rate:1',
            rates: [
              { key: 'flat_rate:1', methodId: 'flat_rate', instanceId: 1, label: 'Flat rate', cost: 500, taxes: 50, chosen: true },
              { key: 'free_shipping:2', methodId: 'free_shipping', instanceId: 2, label: 'Free shipping', cost: 0, taxes: 0, chosen: false },
            ],
          },
        ],
        calculated: true,
        showPackageDetails: false,
      },
      fees: [{ name: 'Gift wrap', amount: 250, total: 250, tax: 25, taxable: true, taxClass: '' }],
      taxes: [{ id: 1, label: 'VAT', compound: false, total: 835, shippingTotal: 50 }],
      totals: {
        subtotal: 108850,
        subtotalTax: 760,
        shipping: 500,
        shippingTax: 50,
        discount: 500,
        discountTax: 0,
        contents: 108350,
        contentsTax: 760,
        fees: 250,
        feeTax: 25,
        total: 109935,
        totalTax: 835,
      },
      removedItems: [{ key: 'key-mug', id: 7, name: 'Mug', title: 'Mug', quantity: 1, price: 999, image: 'https://shop.test/img/mug.jpg' }],
      crossSells: [
        { id: 9, name: 'Beanie', title: 'Beanie', price: 1800, regularPrice: 2000, salePrice: 1800, image: 'https://shop.test/img/beanie.jpg' },
        { id: 10, name: 'Scarf', title: 'Scarf', price: 2500, regularPrice: 2500, salePrice: null, image: null },
      ],
      notices: [{ type: 'success', message: '“Hoodie” has been added to your cart.' }],
    } satisfies Cart);
  });

  it('normalises the real CoCart 4.x shape', () => {
    const cart = parseCart(clone(realCart), auto);
    expect(cart.key).to.equal('t_5f1c2d3e4b');
    expect(cart.currency).to.deep.equal({
      code: 'EUR',
      symbol: '€',
      minorUnit: 2,
      decimalSeparator: ',',
      thousandSeparator: '.',
      prefix: '',
      suffix: ' €',
    });
    expect(cart.items.map((item) => [item.key, item.price, item.totals.total])).to.deep.equal([
      ['box1', 0, 0],
      ['child31', 450, 900],
      ['child32', 475, 475],
      ['grinder', 123450, 123450],
    ]);
    expect(cart.items[3]).to.deep.include({
      quantity: { value: 1, min: 1, max: null },
      variation: [],
      data: {},
      image: 'https://shop.test/img/grinder.jpg',
      sku: 'GR-1',
    });
    expect(cart.itemCount).to.equal(5);
    expect(cart.weight).to.equal(1);
    expect(cart.coupons).to.deep.equal([{ code: 'welcome', label: 'Coupon: welcome', saving: 500 }]);
    expect(cart.shipping).to.deep.equal({
      packages: [
        {
          id: '1',
          name: 'Shipping',
          destination: 'Berlin, Germany',
          details: 'Grinder x1',
          chosenRate: 'flat_rate:3',
          rates: [{ key: 'flat_rate:3', methodId: 'flat_rate', instanceId: 3, label: 'Versand', cost: 490, taxes: 93, chosen: true }],
        },
      ],
      calculated: true,
      showPackageDetails: false,
    });
    expect(cart.fees).to.deep.equal([{ name: 'Gift wrap', amount: 250, total: 250, tax: 0, taxable: false, taxClass: '' }]);
    expect(cart.taxes).to.deep.equal([{ id: 0, label: 'MwSt.', compound: false, total: 19700, shippingTotal: 0 }]);
    expect(cart.totals).to.deep.equal({
      subtotal: 124825,
      subtotalTax: 0,
      shipping: 490,
      shippingTax: 93,
      discount: 500,
      discountTax: 0,
      contents: 0,
      contentsTax: 0,
      fees: 250,
      feeTax: 0,
      total: 144858,
      totalTax: 19793,
    });
    expect(cart.removedItems).to.deep.equal([{ key: 'mugkey', id: 7, name: 'Mug', title: 'Mug', quantity: 2, price: 999, image: null }]);
    expect(cart.crossSells).to.deep.equal([
      { id: 9, name: 'Beanie', title: 'Beanie', price: 1800, regularPrice: 2000, salePrice: 1800, image: 'https://shop.test/img/beanie.jpg' },
    ]);
    expect(cart.notices).to.deep.equal([
      { type: 'success', message: 'View cart “Tasting Box” has been added to your cart.' },
      { type: 'error', message: 'Only 2 left & selling fast' },
    ]);
  });

  it('links mix-and-match containers and their children', () => {
    const [box, kenya, colombia, grinder] = parseCart(clone(realCart), auto).items;
    expect(box!.mnm).to.deep.equal({ container: null, contents: ['child31', 'child32'] });
    expect(box!.data).to.have.property('mnm_config');
    expect(kenya!.mnm).to.deep.equal({ container: 'box1', contents: [] });
    expect(colombia!.mnm).to.deep.equal({ container: 'box1', contents: [] });
    expect(grinder!.mnm).to.equal(null);
  });

  it('reads child keys that PHP sent as an object', () => {
    const raw = cartWith({ cart_item_data: { mnm_contents: { 0: 'a', 2: 'b' } } });
    expect(parseCart(raw, auto).items[0]!.mnm).to.deep.equal({ container: null, contents: ['a', 'b'] });
  });

  it('reads an empty real cart, whose collections are all [] (its hash, a sentence, is not kept)', () => {
    const cart = parseCart(clone(emptyRealCart), auto);
    expect(cart).to.deep.include({
      key: 't_0a1b2c',
      items: [],
      itemCount: 0,
      weight: 0,
      coupons: [],
      fees: [],
      taxes: [],
      removedItems: [],
      crossSells: [],
      notices: [],
    });
    expect(cart.shipping).to.deep.equal({ packages: [], calculated: false, showPackageDetails: false });
    expect(Object.values(cart.totals).every((amount) => amount === 0)).to.equal(true);
  });

  it('takes the item key from the map key when the item has none', () => {
    const raw = { currency: USD, items: { abc: { id: 1, name: 'Thing', price: '$1.00', quantity: { value: 1 } } } };
    const [item] = parseCart(raw, auto).items;
    expect(item!.key).to.equal('abc');
    expect(item!.quantity).to.deep.equal({ value: 1, min: 1, max: null });
  });

  it('reads removed items sent as an object keyed by item key with a quantity object', () => {
    const raw = cartWith({}, USD, {
      removed_items: { gone: { id: 3, name: 'Gone', quantity: { value: 4, min_purchase: 1, max_purchase: -1 } } },
    });
    expect(parseCart(raw, auto).removedItems).to.deep.equal([{ key: 'gone', id: 3, name: 'Gone', title: 'Gone', quantity: 4, price: null, image: null }]);
  });

  it('counts items from their quantities when item_count is missing', () => {
    const raw = { currency: USD, items: [{ item_key: 'a', quantity: { value: 2 } }, { item_key: 'b', quantity: { value: 3 } }] };
    expect(parseCart(raw, auto).itemCount).to.equal(5);
  });

  it('ignores unknown fields and extensions', () => {
    const raw = { ...clone(documentCart), extensions: { loyalty: { points: 5 } }, brand_new_field: [1, 2, 3] };
    expect(parseCart(raw, auto).items).to.have.length(2);
  });

  it('keeps the rest of the cart when a secondary block is unreadable', () => {
    const raw = { ...clone(documentCart), coupons: 'oops', fees: [null, { name: 'Fee', amount: 1 }], notices: 7, shipping: 'none' };
    const cart = parseCart(raw, auto);
    expect(cart.items).to.have.length(2);
    expect(cart.coupons).to.deep.equal([]);
    expect(cart.fees.map((fee) => fee.amount)).to.deep.equal([100]);
    expect(cart.notices).to.deep.equal([]);
    expect(cart.shipping.packages).to.deep.equal([]);
  });

  it('reads a single, not itemised tax line', () => {
    const raw = cartWith({}, EUR, { taxes: { label: 'MwSt.', total: '1900' } });
    expect(parseCart(raw, auto).taxes).to.deep.equal([{ id: 0, label: 'MwSt.', compound: false, total: 1900, shippingTotal: 0 }]);
  });

  it('marks the chosen rate from the package when rates do not say', () => {
    const raw = cartWith({}, USD, {
      shipping: {
        has_calculated_shipping: true,
        packages: [{ chosen_method: 'b:2', rates: [{ key: 'a:1', cost: '1.00' }, { key: 'b:2', cost: '2.00' }] }],
      },
    });
    const [pack] = parseCart(raw, auto).shipping.packages;
    expect(pack!.id).to.equal('0');
    expect(pack!.rates.map((rate) => [rate.key, rate.methodId, rate.chosen])).to.deep.equal([
      ['a:1', 'a', false],
      ['b:2', 'b', true],
    ]);
  });

  for (const body of [null, undefined, 'cart', 42, [], {}, { items: 'none' }, { items: [null] }, { items: [1, 2] }]) {
    it(`refuses ${JSON.stringify(body) ?? 'undefined'} with an invalid-response ApiError`, () => {
      expectInvalid(() => parseCart(body, auto));
    });
  }

  describe('notices', () => {
    const noticesOf = (notices: unknown) => parseCart(cartWith({}, USD, { notices }), auto).notices;

    it('reads arrays of strings and of {notice} objects keyed by type', () => {
      expect(
        noticesOf({
          success: ['Added.'],
          error: [{ notice: 'No stock.', data: [] }],
          notice: { 3: 'Keyed by index.' },
          info: ['FYI'],
          warning: ['Unknown type'],
        }),
      ).to.deep.equal([
        { type: 'success', message: 'Added.' },
        { type: 'error', message: 'No stock.' },
        { type: 'notice', message: 'Keyed by index.' },
        { type: 'info', message: 'FYI' },
        { type: 'notice', message: 'Unknown type' },
      ]);
    });

    it('reads a flat list of {type, message}', () => {
      expect(noticesOf([{ type: 'error', message: 'Nope' }, 'Plain'])).to.deep.equal([
        { type: 'error', message: 'Nope' },
        { type: 'notice', message: 'Plain' },
      ]);
    });

    it('reduces markup to inert text', () => {
      expect(
        noticesOf({
          error: [
            '<img src=x onerror=alert(1)>Saved <b>now</b>',
            '<script>alert(1)</script>Hi&nbsp;there',
            '&lt;img src=x onerror=alert(1)&gt;',
            '<p>Line one</p><p>Line two</p>',
            '<!-- hidden -->',
          ],
        }),
      ).to.deep.equal([
        { type: 'error', message: 'Saved now' },
        { type: 'error', message: 'Hi there' },
        { type: 'error', message: '<img src=x onerror=alert(1)>' },
        { type: 'error', message: 'Line one Line two' },
      ]);
    });
  });

  it('keeps hostile markup in names as literal text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const raw = cartWith({ name: hostile, title: hostile }, USD, {
      coupons: [{ coupon: hostile, label: hostile, saving: '1' }],
      cross_sells: [{ id: 2, product_name: hostile, price: '1.00' }],
    });
    const cart = parseCart(raw, auto);
    expect(cart.items[0]!.name).to.equal(hostile);
    expect(cart.items[0]!.title).to.equal(hostile);
    expect(cart.coupons[0]!.label).to.equal(hostile);
    expect(cart.crossSells[0]!.name).to.equal(hostile);
  });

  it('decodes character references in names', () => {
    const raw = cartWith({ name: 'Hoodie &ndash; Blue &amp; Co &#8220;Pro&#x201D; &unknown;' });
    expect(parseCart(raw, auto).items[0]!.name).to.equal('Hoodie – Blue & Co “Pro” &unknown;');
  });
});

describe('currency', () => {
  const currencyOf = (currency: unknown) => parseCart({ currency, items: [] }, auto).currency;

  for (const [position, prefix, suffix] of [
    ['left', '€', ''],
    ['left_space', '€\u00a0', ''],
    ['right', '', '€'],
    ['right_space', '', '\u00a0€'],
  ] as const) {
    it(`places the symbol for currency_symbol_pos "${position}"`, () => {
      const currency = currencyOf({ currency_code: 'EUR', currency_symbol: '&euro;', currency_symbol_pos: position, currency_minor_unit: 2 });
      expect(currency).to.deep.include({ symbol: '€', prefix, suffix });
    });
  }

  it('prefers currency_prefix and currency_suffix when the service sends them', () => {
    const currency = currencyOf({ currency_symbol: '&pound;', currency_symbol_pos: 'right', currency_prefix: '&pound;', currency_suffix: '' });
    expect(currency).to.deep.include({ symbol: '£', prefix: '£', suffix: '' });
  });

  it('falls back to sensible defaults when fields are missing', () => {
    expect(currencyOf(undefined)).to.deep.equal({
      code: '',
      symbol: '',
      minorUnit: 2,
      decimalSeparator: '.',
      thousandSeparator: ',',
      prefix: '',
      suffix: '',
    });
    expect(currencyOf({ currency_code: 'CHF' })).to.deep.include({ symbol: 'CHF', prefix: 'CHF\u00a0', minorUnit: 2 });
  });

  it('keeps an empty thousand separator and reads the minor unit from a string', () => {
    expect(currencyOf({ currency_thousand_separator: '', currency_minor_unit: '3' })).to.deep.include({ thousandSeparator: '', minorUnit: 3 });
  });
});

describe('amounts', () => {
  const totalsIn = (mode: AmountsMode, totals: Record<string, unknown>, currency: object = USD) =>
    parseCart({ currency, items: [], totals }, { amounts: mode }).totals;
  const priceIn = (price: unknown, currency: object = USD, mode: AmountsMode = 'auto') =>
    parseCart(cartWith({ price }, currency), { amounts: mode }).items[0]!.price;

  it('auto: a decimal string is major units, a bare integer string minor units', () => {
    expect(totalsIn('auto', { subtotal: '38.00', total: '3800', shipping_total: '0.5', fee_total: '-2.25' })).to.deep.include({
      subtotal: 3800,
      total: 3800,
      shipping: 50,
      fees: -225,
    });
  });

  it('decimal: every plain string is major units', () => {
    expect(totalsIn('decimal', { subtotal: '38.00', total: '38' })).to.deep.include({ subtotal: 3800, total: 3800 });
  });

  it('minor-units: every plain string is minor units', () => {
    expect(totalsIn('minor-units', { subtotal: '3800', total: '38.00' })).to.deep.include({ subtotal: 3800, total: 38 });
  });

  it('reads JSON numbers as major units in every mode', () => {
    for (const mode of ['auto', 'decimal', 'minor-units'] as const) {
      const item = parseCart(cartWith({ totals: { subtotal: 38, total: 19.99, tax: 0.1, subtotal_tax: 1.005 } }), { amounts: mode }).items[0]!;
      expect(item.totals, mode).to.deep.equal({ subtotal: 3800, total: 1999, tax: 10, subtotalTax: 101 });
    }
  });

  it('reads formatted prices in every mode, with the currency separators', () => {
    const euroSuffix = { ...EUR };
    for (const mode of ['auto', 'decimal', 'minor-units'] as const) {
      expect(priceIn('$38.00', USD, mode), mode).to.equal(3800);
      expect(priceIn('38,00 €', euroSuffix, mode), mode).to.equal(3800);
    }
    expect(priceIn('&#36;38.00')).to.equal(3800);
    expect(priceIn('-$5.00')).to.equal(-500);
    expect(priceIn('$1,234,567.89')).to.equal(123456789);
    expect(priceIn('1.234,56&nbsp;&euro;', euroSuffix)).to.equal(123456);
    expect(priceIn('<span class="amount"><bdi>1.234,56&nbsp;<span>&euro;</span></bdi></span>', euroSuffix)).to.equal(123456);
    expect(priceIn("CHF 1'234.50", { currency_code: 'CHF', currency_decimal_separator: '.', currency_thousand_separator: "'" })).to.equal(123450);
    expect(priceIn('Rs. 1,499.00', { currency_code: 'INR' })).to.equal(149900);
  });

  it('reads what it cannot make sense of as zero', () => {
    expect(priceIn('Free!')).to.equal(0);
    expect(priceIn(undefined)).to.equal(0);
    expect(priceIn(null)).to.equal(0);
    expect(priceIn({ amount: 5 })).to.equal(0);
  });

  it('always gives integers', () => {
    expect(totalsIn('auto', { subtotal: '1.005', total: '0.333', shipping_total: 2.675 })).to.deep.include({ subtotal: 101, total: 33, shipping: 268 });
  });

  it('makes coupon savings positive', () => {
    const coupons = [
      { coupon: 'a', saving: '-$5.00' },
      { coupon: 'b', saving: '2.50' },
      { coupon: 'c', saving: 'Free shipping coupon' },
    ];
    const raw = cartWith({}, USD, { coupons });
    expect(parseCart(raw, auto).coupons.map((c) => c.saving)).to.deep.equal([500, 250, 0]);
  });

  it('reads a zero-decimal currency (JPY) in every mode', () => {
    for (const mode of ['auto', 'decimal', 'minor-units'] as const) {
      const cart = parseCart(clone(yenCart), { amounts: mode });
      expect(cart.currency, mode).to.deep.include({ code: 'JPY', symbol: '¥', prefix: '¥', minorUnit: 0 });
      expect(cart.items[0]!.price, mode).to.equal(1200);
      expect(cart.items[0]!.totals.total, mode).to.equal(3600);
      expect(cart.totals.total, mode).to.equal(3600);
    }
    expect(priceIn('¥3,600', yenCart.currency)).to.equal(3600);
  });

  it('sums rate taxes sent per tax rate', () => {
    const raw = cartWith({}, USD, { shipping: { packages: { a: { rates: { 'x:1': { key: 'x:1', cost: '5.00', taxes: { 1: '0.50', 2: '0.25' } } } } } } });
    expect(parseCart(raw, auto).shipping.packages[0]!.rates[0]!.taxes).to.equal(75);
  });
});

describe('parseProduct', () => {
  it('normalises the document shape', () => {
    expect(parseProduct(clone(documentProduct), auto)).to.deep.equal({
      id: 30,
      name: 'Tasting Box',
      type: 'mix-and-match',
      prices: { price: 1200, regularPrice: 1500, salePrice: 1200, onSale: true },
      currency: { code: 'GBP', symbol: '£', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '£', suffix: '' },
      image: 'https://shop.test/img/box-150.jpg',
      mnm: {
        min: 2,
        max: null,
        perProductPricing: true,
        products: [
          {
            id: 31,
            name: 'Kenya Sample',
            prices: { price: 450, regularPrice: 450, salePrice: null, onSale: false },
            image: 'https://shop.test/img/kenya-150.jpg',
            inStock: true,
          },
          { id: 32, name: 'Colombia Sample', prices: { price: 475, regularPrice: 475, salePrice: null, onSale: false }, image: null, inStock: false },
        ],
      },
    });
  });

  it('normalises the real CoCart 4.x shape', () => {
    expect(parseProduct(clone(realProduct), auto)).to.deep.equal({
      id: 30,
      name: 'Tasting & Sharing Box',
      type: 'mix-and-match',
      prices: { price: 1200, regularPrice: 1200, salePrice: null, onSale: false },
      currency: { code: 'EUR', symbol: '€', minorUnit: 2, decimalSeparator: ',', thousandSeparator: '.', prefix: '', suffix: ' €' },
      image: 'https://shop.test/img/box.jpg',
      mnm: {
        min: 3,
        max: null,
        perProductPricing: false,
        products: [
          { id: 31, name: 'Kenya Sample', prices: { price: 450, regularPrice: 500, salePrice: 450, onSale: true }, image: null, inStock: true },
          { id: 33, name: 'Peru Sample', prices: { price: 480, regularPrice: 480, salePrice: null, onSale: false }, image: null, inStock: false },
        ],
      },
    });
  });

  it('reads "no limit" from 0, an empty string or null, and a real limit otherwise', () => {
    for (const [max, expected] of [[0, null], ['', null], [null, null], ['6', 6], [4, 4]] as const) {
      const raw = { ...clone(documentProduct), mnm_data: { ...documentProduct.mnm_data, max_container_size: max } };
      expect(parseProduct(raw, auto).mnm!.max, String(max)).to.equal(expected);
    }
  });

  it('reads a product without its own currency with two decimals', () => {
    const product = parseProduct({ id: '5', name: 'Mug', type: 'simple', prices: { price: '9.99', regular_price: '12.00', sale_price: '9.99' } }, auto);
    expect(product).to.deep.equal({
      id: 5,
      name: 'Mug',
      type: 'simple',
      prices: { price: 999, regularPrice: 1200, salePrice: 999, onSale: true },
      currency: null,
      image: null,
      mnm: null,
    });
  });

  it('reads a currency spread into prices (Store API style) and a JPY product', () => {
    const product = parseProduct(
      { id: 8, name: 'Tea', prices: { price: '1200', regular_price: '1200', currency_code: 'JPY', currency_minor_unit: 0, currency_prefix: '¥' } },
      auto,
    );
    expect(product.currency).to.deep.include({ code: 'JPY', minorUnit: 0, prefix: '¥' });
    expect(product.prices.price).to.equal(1200);
  });

  it('ignores mnm_data that is not an object', () => {
    expect(parseProduct({ id: 1, name: 'Plain', mnm_data: [] }, auto).mnm).to.equal(null);
  });

  it('keeps hostile markup in product names as literal text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const raw = { ...clone(documentProduct), name: hostile };
    raw.mnm_data.products[0]!.name = hostile;
    const product = parseProduct(raw, auto);
    expect(product.name).to.equal(hostile);
    expect(product.mnm!.products[0]!.name).to.equal(hostile);
  });

  for (const body of [null, 'product', [], {}, { id: 0, name: 'x' }, { id: '', name: 'x' }]) {
    it(`refuses ${JSON.stringify(body)} with an invalid-response ApiError`, () => {
      expectInvalid(() => parseProduct(body, auto));
    });
  }
});

describe('parseLogin', () => {
  it('reads the document shape (top-level tokens)', () => {
    expect(parseLogin(clone(documentLogin))).to.deep.equal({
      user: { id: '12', username: 'ada', displayName: 'Ada L.', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      token: 'eyJ.doc.token',
      refreshToken: 'doc-refresh',
    });
  });

  it('reads the real shape (tokens under extras)', () => {
    expect(parseLogin(clone(realLogin))).to.deep.equal({
      user: { id: '12', username: '', displayName: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      token: 'eyJ.real.token',
      refreshToken: 'real-refresh',
    });
  });

  it('gives null tokens for a Basic-only store and falls back to the full name', () => {
    const result = parseLogin({ user_id: 3, first_name: 'Grace', last_name: 'Hopper', email: 'g@example.com' });
    expect(result.token).to.equal(null);
    expect(result.refreshToken).to.equal(null);
    expect(result.user.displayName).to.equal('Grace Hopper');
  });

  for (const body of [null, 'ok', [], {}, { first_name: 'Nobody' }]) {
    it(`refuses ${JSON.stringify(body)} with an invalid-response ApiError`, () => {
      expectInvalid(() => parseLogin(body));
    });
  }
});

describe('parseTokenPair', () => {
  it('reads a token pair', () => {
    expect(parseTokenPair({ token: 'a.b.c', refresh_token: 'r2', extra: 1 })).to.deep.equal({ token: 'a.b.c', refreshToken: 'r2' });
  });

  for (const body of [null, {}, { token: 'a' }, { token: '', refresh_token: 'r' }, { token: 1, refresh_token: {} }]) {
    it(`refuses ${JSON.stringify(body)} with an invalid-response ApiError`, () => {
      expectInvalid(() => parseTokenPair(body));
    });
  }
});

describe('parseSessions', () => {
  it('reads the list, numbers becoming strings', () => {
    expect(parseSessions(clone(realSessions))).to.deep.equal([
      {
        cartId: '1',
        cartKey: 't_5f1c2d3e4b',
        customerName: 'Guest',
        customerEmail: '',
        created: '1731628800',
        expiry: '1731801600',
        source: 'cocart',
        link: 'https://shop.test/wp-json/cocart/v2/session/t_5f1c2d3e4b',
      },
      {
        cartId: '2',
        cartKey: '12',
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        created: '2026-11-20 10:00:00',
        expiry: '2026-11-22 10:00:00',
        source: 'woocommerce',
        link: 'https://shop.test/wp-json/cocart/v2/session/12',
      },
    ]);
  });

  it('reads an empty list and a keyed object', () => {
    expect(parseSessions([])).to.deep.equal([]);
    expect(parseSessions({ a: realSessions[0] }).map((s) => s.cartKey)).to.deep.equal(['t_5f1c2d3e4b']);
  });

  for (const body of [null, 'sessions', [1, 2]]) {
    it(`refuses ${JSON.stringify(body)} with an invalid-response ApiError`, () => {
      expectInvalid(() => parseSessions(body));
    });
  }
});

describe('parseErrorBody', () => {
  it('reads the cart/login shape', () => {
    expect(parseErrorBody({ code: 'svc_cart_not_found', message: 'Cart not found.', data: { status: 404 } })).to.deep.equal({
      code: 'svc_cart_not_found',
      message: 'Cart not found.',
    });
  });

  it('reads the token-route shape', () => {
    expect(parseErrorBody({ code: 'cocart_authentication_error', message: 'Authentication failed.', status: 403 })).to.deep.equal({
      code: 'cocart_authentication_error',
      message: 'Authentication failed.',
    });
  });

  it('reads {success: false, data: [{code, message}]}', () => {
    expect(parseErrorBody({ success: false, data: [{ code: 'cocart_quantity_invalid_amount', message: 'Quantity must be 1 or more.' }] })).to.deep.equal({
      code: 'cocart_quantity_invalid_amount',
      message: 'Quantity must be 1 or more.',
    });
  });

  it('reads {success: false, data: {message}}', () => {
    expect(parseErrorBody({ success: false, data: { message: 'Please choose 3 items.' } })).to.deep.equal({ message: 'Please choose 3 items.' });
  });

  it('reads a string body as its text', () => {
    expect(parseErrorBody('<p>Service <b>unavailable</b></p>')).to.deep.equal({ message: 'Service unavailable' });
  });

  it('gives nothing for an empty, HTML (unparsed) or odd body', () => {
    for (const body of [undefined, null, 42, true, [], {}, '', '   ', { code: 5, message: { text: 'x' } }]) {
      expect(parseErrorBody(body), JSON.stringify(body) ?? 'undefined').to.deep.equal({});
    }
  });

  it('reduces markup and entities in messages to text', () => {
    const message = 'You cannot add &quot;Mug&quot; &mdash; <a href="/cart">View cart</a><img src=x onerror=alert(1)>';
    const body = { code: 'x_not_enough_in_stock', message };
    expect(parseErrorBody(body).message).to.equal('You cannot add "Mug" — View cart');
  });

  it('reads a two-factor challenge', () => {
    expect(parseErrorBody(clone(twoFactorChallenge))).to.deep.equal({
      code: 'cocart_2fa_required',
      message: 'Two-factor authentication is required.',
      twoFactor: { providers: ['email', 'totp', 'backup'], defaultProvider: 'email', emailSent: true },
    });
  });

  it('reads providers keyed by alias and defaults to the first', () => {
    const providers = { totp: 'Authenticator app', email: 'Email' };
    const body = { code: 'svc_2fa_required', message: 'Code needed', data: { status: 401, available_providers: providers } };
    expect(parseErrorBody(body).twoFactor).to.deep.equal({ providers: ['totp', 'email'], defaultProvider: 'totp', emailSent: false });
    const numbered = { data: { '2fa_required': true, available_providers: { 0: 'email', 2: 'backup' } } };
    expect(parseErrorBody(numbered).twoFactor!.providers).to.deep.equal(['email', 'backup']);
  });

  it('gives no two-factor data for other errors', () => {
    expect(parseErrorBody({ code: 'svc_2fa_invalid_code', message: 'Wrong code.', data: { status: 401 } })).to.not.have.property('twoFactor');
  });
});

/** What a shopper reads about `error`. */
function said(error: ApiError): string {
  return describeError(error, defaultMessages);
}
