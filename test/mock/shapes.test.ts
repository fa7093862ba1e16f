import { expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { CURRENCIES, formatPrice } from '../../src/mock/currency.js';
import { PRODUCT_IDS as ID, createMockShop } from '../../src/mock/index.js';
import { GuestCart, startWorker } from './wire-client.js';

const documentShop = createMockShop();
const realShop = createMockShop({ baseUrl: 'https://real.test/wp-json', namespace: 'cocart', shape: 'real' });
const euroShop = createMockShop({ baseUrl: 'https://eur.test/wp-json', currency: 'EUR' });
const yenShop = createMockShop({ baseUrl: 'https://jpy.test/wp-json', currency: 'JPY', shape: 'real' });
const shops = [documentShop, realShop, euroShop, yenShop];

describe('mock shop: wire shapes', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(...shops);
  });
  after(() => worker.stop());
  beforeEach(() => shops.forEach((shop) => shop.reset()));

  describe('document shape', () => {
    it('keys items by item key and writes money as decimal strings', async () => {
      const cart = new GuestCart(documentShop);
      const { body } = await cart.add(ID.ethiopiaBeans, 2);
      const [key] = Object.keys(body.items);
      const item = body.items[key!];
      expect(item.item_key).to.equal(key);
      expect(item.price).to.equal('$18.00');
      expect(item.meta.dimensions).to.deep.equal({ length: '20', width: '12', height: '6', unit: 'cm' });
      expect(item.meta.variation).to.deep.equal({});
      expect(item.cart_item_data).to.deep.equal({});
      expect(body.totals.subtotal).to.equal('36.00');
      expect(body.totals.cart_contents_taxes).to.deep.equal([7.2]);
      expect(body.fees).to.deep.equal([{ name: 'Handling fee', amount: 1.5, taxable: true, tax_class: '', total: 1.5, tax: 0.3 }]);
      expect(body.currency).to.deep.equal({
        currency_code: 'USD',
        currency_symbol: '$',
        currency_symbol_pos: 'left',
        currency_minor_unit: 2,
        currency_decimal_separator: '.',
        currency_thousand_separator: ',',
        currency_prefix: '$',
        currency_suffix: '',
      });
      expect(body.customer.billing_address.billing_country).to.equal('US');
      expect(body.cart_hash).to.match(/^[0-9a-f]{32}$/);
      expect(body.extensions).to.deep.equal({});
      expect(body.notices).to.deep.equal({ success: ['“Ethiopia Yirgacheffe Beans” has been added to your cart.'] });
    });

    it('sends empty collections in their full types', async () => {
      const { body } = await new GuestCart(documentShop).get();
      expect(body.items).to.deep.equal({});
      expect(body.notices).to.deep.equal({});
      expect(body.shipping).to.deep.equal({ total_packages: 0, show_package_details: false, has_calculated_shipping: true, packages: {} });
      expect(body.removed_items).to.deep.equal([]);
      expect(body.cart_hash).to.equal('');
    });

    it('lists removed items with a quantity object', async () => {
      const cart = new GuestCart(documentShop);
      const { body } = await cart.add(ID.mug, 2);
      const removed = await cart.remove(Object.keys(body.items)[0]!);
      expect(removed.body.removed_items).to.have.length(1);
      expect(removed.body.removed_items[0].quantity).to.deep.equal({ value: 2, min_purchase: 1, max_purchase: -1 });
      expect(removed.body.removed_items[0].price).to.equal('$12.00');
    });
  });

  describe('real shape', () => {
    it('lists items in an array, money in minor units, item totals in major units but the subtotal', async () => {
      const { body } = await new GuestCart(realShop).add(ID.mug, 2);
      const [item] = body.items;
      expect(item.price).to.equal('1200');
      expect(item.totals).to.deep.equal({ subtotal: '2400', subtotal_tax: 4.8, total: 24, tax: 4.8 });
      expect(item.meta.dimensions).to.deep.equal([]);
      expect(item.meta.variation).to.deep.equal([]);
      expect(item.cart_item_data).to.deep.equal([]);
      expect(body.totals.subtotal).to.equal('2400');
      // As fixtures/server/cart-variation-fee-tax-shipping.json: fees keyed by slug, taxes by rate code.
      expect(body.fees).to.deep.equal({ 'handling-fee': { name: 'Handling fee', fee: '150' } });
      expect(body.taxes).to.deep.equal({ 'US-VAT-1': { name: 'VAT', price: body.totals.total_tax } });
      expect(Object.keys(body.totals)).to.deep.equal([
        'subtotal',
        'subtotal_tax',
        'fee_total',
        'fee_tax',
        'discount_total',
        'discount_tax',
        'shipping_total',
        'shipping_tax',
        'total',
        'total_tax',
      ]);
      // As fixtures/server/cart-guest-items.json: the position names the field that holds the symbol.
      expect(body.currency.currency_symbol_pos).to.equal('currency_prefix');
      expect(body.currency).to.include({ currency_prefix: '$', currency_suffix: '' });
      expect(body).to.include.keys('extensions', 'dev_note');
      // 4.3.6 sends the curly quotes as they are (`\u201c` in the JSON), as fixtures/server/add-item-simple.json.
      expect(body.notices.success[0]).to.equal('“Enamel Mug” has been added to your cart.');
    });

    it('sends [] for every empty collection and a sentence as the empty cart hash', async () => {
      const { body } = await new GuestCart(realShop).get();
      for (const field of ['items', 'notices', 'shipping', 'fees', 'taxes', 'coupons', 'removed_items', 'cross_sells']) {
        expect(body[field], field).to.deep.equal([]);
      }
      expect(body.cart_hash).to.equal('No items in cart so no hash');
    });

    it('lists removed items with a plain-number quantity and their totals (cart-with-removed-items)', async () => {
      const cart = new GuestCart(realShop);
      const { body } = await cart.add(ID.shirt, 3, { variation: { attribute_pa_colour: 'white', attribute_pa_size: 's' } });
      const key = body.items[0].item_key;
      const removed = await cart.remove(key);
      expect(removed.body.removed_items).to.have.length(1);
      expect(removed.body.removed_items[0]).to.deep.include({
        item_key: key,
        quantity: 3,
        price: '2500',
        totals: { subtotal: '7500', subtotal_tax: 15, total: 75, tax: 15 },
      });
    });
  });

  it('switches shape at run time and returns to the initial one on reset', async () => {
    documentShop.setShape('real');
    const cart = new GuestCart(documentShop);
    const { body, headers } = await cart.add(ID.mug, 1);
    expect(body.items).to.be.an('array');
    expect(headers.get('CoCart-API-Cart-Expiration')).to.match(/^\d+$/);
    expect(headers.get('CoCart-API-Cart-Key')).to.equal(cart.key);
    documentShop.reset();
    expect(documentShop.shape).to.equal('document');
  });

  it('writes euros with a decimal comma and a suffix', async () => {
    const { body } = await new GuestCart(euroShop).add(ID.espressoMachine, 1);
    const [item] = Object.values(body.items) as any[];
    expect(item.price).to.equal('420,00 €');
    expect(body.currency).to.include({ currency_code: 'EUR', currency_prefix: '', currency_suffix: ' €', currency_decimal_separator: ',', currency_thousand_separator: '.' });
    expect(body.totals.subtotal).to.equal('420.00');
    expect(formatPrice(123450, CURRENCIES.EUR)).to.equal('1.234,50 €');
  });

  it('writes yen without decimals', async () => {
    const { body } = await new GuestCart(yenShop).add(ID.espressoMachine, 1);
    expect(body.currency.currency_minor_unit).to.equal(0);
    expect(body.items[0].price).to.equal('42000');
    expect(body.items[0].totals.subtotal).to.equal('42000');
    expect(body.items[0].totals.total).to.equal(42000);
    expect(body.totals.total_tax).to.equal(String(8400 + 500 + 30));
    expect(formatPrice(42000, CURRENCIES.JPY)).to.equal('¥42,000');
  });
});
