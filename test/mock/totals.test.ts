import { expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { PRODUCT_IDS as ID, createMockShop } from '../../src/mock/index.js';
import { GuestCart, call, itemsOf, minor, startWorker } from './wire-client.js';

const documentShop = createMockShop();
const realShop = createMockShop({ baseUrl: 'https://real.test/wp-json', namespace: 'cocart', shape: 'real' });
const plainStore = createMockShop({ baseUrl: 'https://plain.test/wp-json', coupons: false });

/** 2 × beans (36.00) + dripper (38.00) + filters on sale (4.50) = 78.50 ex-tax. */
async function fillCart(cart: GuestCart) {
  await cart.add(ID.ethiopiaBeans, 2);
  await cart.add(ID.dripper, 1);
  return cart.add(ID.filters, 1);
}

describe('mock shop: coupons, shipping, fees and totals', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(documentShop, realShop, plainStore);
  });
  after(() => worker.stop());
  beforeEach(() => {
    for (const shop of [documentShop, realShop, plainStore]) shop.reset();
  });

  for (const [shop, ns] of [
    [documentShop, 'svc'],
    [realShop, 'cocart'],
  ] as const) {
    describe(`${shop.shape} shape`, () => {
      let cart: GuestCart;
      const m = (value: string | number) => minor(value, shop.shape);
      beforeEach(() => {
        cart = new GuestCart(shop);
      });

      it('adds up exactly with two coupons, shipping, a fee and VAT', async () => {
        await fillCart(cart);
        await cart.applyCoupon('SAVE10');
        const { body } = await cart.applyCoupon('fiveoff');
        const t = body.totals;
        expect(m(t.subtotal)).to.equal(7850);
        expect(m(t.discount_total)).to.equal(785 + 500);
        // Real servers send no cart_contents_* totals: contents = subtotal − discount.
        const contents = shop.shape === 'real' ? m(t.subtotal) - m(t.discount_total) : m(t.cart_contents_total);
        expect(contents).to.equal(6565);
        expect(m(t.shipping_total)).to.equal(500);
        expect(m(t.fee_total)).to.equal(150);
        expect(m(t.total_tax)).to.equal(1313 + 100 + 30);
        expect(m(t.total)).to.equal(8658);

        // Line subtotals: major-unit numbers in the document, minor-unit strings on real servers.
        const lineSubtotal = (item: any) => (shop.shape === 'real' ? Number(item.totals.subtotal) : Math.round(item.totals.subtotal * 100));
        const lines = itemsOf(body).reduce((sum, item) => sum + lineSubtotal(item), 0);
        // Taxes and fees: lists in the document, objects keyed by rate code / fee slug on real servers.
        const taxes = Object.values(body.taxes).reduce(
          (sum: number, tax: any) => sum + (shop.shape === 'real' ? m(tax.price) : m(tax.tax_total) + m(tax.shipping_tax_total)),
          0,
        );
        const fees = Object.values(body.fees).reduce((sum: number, fee: any) => sum + m(fee.total ?? fee.fee), 0);
        expect(lines - m(t.discount_total) + m(t.shipping_total) + fees + taxes).to.equal(m(t.total));
        if (shop.shape === 'document') expect(m(t.subtotal_tax) - m(t.discount_tax)).to.equal(m(t.cart_contents_tax));
        const lineTotals = itemsOf(body).reduce((sum, item) => sum + Math.round(item.totals.total * 100), 0);
        expect(lineTotals).to.equal(contents);

        // Real servers send the saving negative (fixtures/server/cart-with-coupon.json).
        expect(body.coupons.map((c: any) => [c.coupon, Math.abs(m(c.saving))])).to.deep.equal([
          ['save10', 785],
          ['fiveoff', 500],
        ]);
        expect(body.coupons[0].label).to.equal('Coupon: save10');
        expect(body.coupons[0].saving_html).to.contain('7.85');
      });

      it('offers flat rate and local pickup, and lets the shopper choose', async () => {
        await fillCart(cart);
        const before = (await cart.get()).body.shipping;
        expect(before.total_packages).to.equal(1);
        const pack = before.packages.default;
        expect(Object.keys(pack.rates)).to.deep.equal(['flat_rate:1', 'local_pickup:3']);
        expect(pack.chosen_method).to.equal('flat_rate:1');
        expect(pack.rates['flat_rate:1']).to.include({ method_id: 'flat_rate', instance_id: 1, chosen_method: true });
        expect(m(pack.rates['flat_rate:1'].cost)).to.equal(500);

        const chosen = await cart.send('POST', 'v2/cart/set-shipping-method', { body: { rate_id: 'local_pickup:3', package_id: 'default' } });
        expect(chosen.status).to.equal(200);
        expect(chosen.body.shipping.packages.default.chosen_method).to.equal('local_pickup:3');
        expect(m(chosen.body.totals.shipping_total)).to.equal(0);
        expect(m(chosen.body.totals.total)).to.equal(7850 + 1570 + 150 + 30);
      });

      it('rejects a rate the package does not offer', async () => {
        await fillCart(cart);
        const response = await cart.send('POST', 'v2/cart/set-shipping-method', { body: { rate_id: 'free_shipping:2', package_id: '0' } });
        expect(response.status).to.equal(400);
        expect(response.body.code).to.equal(`${ns}_invalid_shipping_method`);
      });

      it('offers free shipping from 100.00 or with FREESHIP, and picks it', async () => {
        const big = await cart.add(ID.ethiopiaBeans, 6);
        expect(big.body.shipping.packages.default.chosen_method).to.equal('free_shipping:2');
        const small = new GuestCart(shop);
        await small.add(ID.mug, 1);
        const { body } = await small.applyCoupon('FREESHIP');
        expect(Object.keys(body.shipping.packages.default.rates)).to.include('free_shipping:2');
        expect(m(body.totals.shipping_total)).to.equal(0);
      });

      it('puts freight in a second package', async () => {
        await cart.add(ID.mug, 1);
        const { body } = await cart.add(ID.espressoMachine, 1);
        expect(body.shipping.total_packages).to.equal(2);
        expect(body.shipping.show_package_details).to.equal(true);
        expect(body.shipping.packages['1'].package_name).to.equal('Freight');
        expect(body.shipping.packages['1'].package_details).to.contain('Espresso Machine');
        // The machine alone passes the free-shipping threshold, which applies to the cart.
        expect(body.shipping.packages.default.chosen_method).to.equal('free_shipping:2');
        expect(body.shipping.packages['1'].chosen_method).to.equal('flat_rate:4');
        expect(m(body.totals.shipping_total)).to.equal(2500);
        expect(m(body.totals.shipping_tax)).to.equal(500);
      });

      it('needs no shipping for a virtual product alone', async () => {
        const { body } = await cart.add(ID.guide, 1);
        expect(body.needs_shipping).to.equal(false);
        expect(m(body.totals.total)).to.equal(900 + 180 + 150 + 30);
      });

      it('rejects an unknown coupon, or one applied twice', async () => {
        await cart.add(ID.mug, 1);
        const unknown = await cart.applyCoupon('NOPE');
        expect(unknown.status).to.equal(400);
        expect(unknown.body.code).to.equal(`${ns}_coupon_not_exist`);
        expect(unknown.body.message).to.contain('NOPE');
        await cart.applyCoupon('SAVE10');
        const twice = await cart.applyCoupon('save10');
        expect(twice.status).to.equal(400);
        expect(twice.body.code).to.equal(`${ns}_coupon_already_applied`);
      });

      it('removes a coupon by its code', async () => {
        await cart.add(ID.mug, 1);
        await cart.applyCoupon('FIVEOFF');
        const removed = await cart.send('DELETE', 'v2/cart/coupons/FIVEOFF');
        expect(removed.status).to.equal(200);
        expect(removed.body.coupons).to.deep.equal([]);
        expect(m(removed.body.totals.discount_total)).to.equal(0);
        const again = await cart.send('DELETE', 'v2/cart/coupons/fiveoff');
        expect(again.status).to.equal(404);
      });
    });
  }

  it('answers 404 rest_no_route for coupon and shipping routes when the add-on is missing', async () => {
    const cart = new GuestCart(plainStore);
    const { body } = await fillCart(cart);
    expect(body.shipping.packages.default.chosen_method).to.equal('flat_rate:1');
    const attempts = [
      cart.applyCoupon('SAVE10'),
      cart.send('DELETE', 'v2/cart/coupons/save10'),
      cart.send('POST', 'v2/cart/set-shipping-method', { body: { rate_id: 'local_pickup:3', package_id: 'default' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).to.equal(404);
      expect(response.body.code).to.equal('rest_no_route');
    }
    expect((await call(plainStore, 'GET', 'v2/cart', { query: { cart_key: cart.key! } })).body.coupons).to.deep.equal([]);
  });
});
