import { expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { PRODUCT_IDS as ID, createMockShop } from '../../src/mock/index.js';
import { call, startWorker } from './wire-client.js';

const documentShop = createMockShop();
const realShop = createMockShop({ baseUrl: 'https://real.test/wp-json', namespace: 'cocart', shape: 'real' });

describe('mock shop: products', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(documentShop, realShop);
  });
  after(() => worker.stop());

  it('lists every product but variations', async () => {
    const { status, body, headers } = await call(documentShop, 'GET', 'v2/products');
    expect(status).to.equal(200);
    const ids = body.map((product: any) => product.id);
    expect(ids).to.include.members([ID.ethiopiaBeans, ID.shirt, ID.tastingBox, ID.kenyaSample]);
    expect(ids).to.not.include(ID.shirtBlackM);
    expect(headers.get('X-WP-Total')).to.equal(String(ids.length));
  });

  for (const [shop, price] of [
    [documentShop, { price: '4.50', regular_price: '6.00', sale_price: '4.50', on_sale: true }],
    [realShop, { price: '450', regular_price: '600', sale_price: '450', on_sale: true }],
  ] as const) {
    it(`answers a product with its prices, currency, image and stock (${shop.shape} shape)`, async () => {
      const { body } = await call(shop, 'GET', `v2/products/${ID.filters}`);
      expect(body).to.include({ id: ID.filters, name: 'Paper Filters (100)', type: 'simple' });
      expect(body.prices).to.include(price);
      expect(body.prices.currency.currency_code).to.equal('USD');
      expect(body.images[0].src.thumbnail).to.match(/^data:image\/svg\+xml,/);
      expect(body.stock).to.deep.equal({ is_in_stock: true, stock_quantity: null, stock_status: 'instock' });
    });
  }

  it('describes a variable product: attributes and each variation', async () => {
    const { body } = await call(documentShop, 'GET', `v2/products/${ID.shirt}`);
    expect(body.type).to.equal('variable');
    expect(body.attributes.map((a: any) => a.attribute)).to.deep.equal(['attribute_pa_colour', 'attribute_pa_size']);
    expect(body.attributes[0].options).to.deep.equal([
      { slug: 'black', name: 'Black' },
      { slug: 'white', name: 'White' },
    ]);
    const whiteL = body.variations.find((v: any) => v.id === ID.shirtWhiteL);
    expect(whiteL.attributes).to.deep.equal({ attribute_pa_colour: 'white', attribute_pa_size: 'l' });
    expect(whiteL.prices.price).to.equal('27.00');
    expect(whiteL.stock.is_in_stock).to.equal(false);
  });

  it('describes a mix-and-match container in mnm_data', async () => {
    const { body } = await call(realShop, 'GET', `v2/products/${ID.tastingBox}`);
    expect(body.type).to.equal('mix-and-match');
    const data = body.mnm_data;
    expect(data).to.include({ min_container_size: 3, max_container_size: 6, per_product_pricing: true });
    expect(data.products.map((p: any) => p.id)).to.deep.equal([31, 32, 33, 34, 35, 36]);
    expect(data.products[0].prices.price).to.equal('450');
    expect(data.products.filter((p: any) => !p.stock.is_in_stock).map((p: any) => p.id)).to.deep.equal([ID.geishaSample]);
  });

  it('answers 404 for a product that does not exist', async () => {
    for (const id of ['999', 'abc']) {
      const { status, body } = await call(realShop, 'GET', `v2/products/${id}`);
      expect(status).to.equal(404);
      expect(body.code).to.equal('cocart_product_not_found');
    }
  });
});
