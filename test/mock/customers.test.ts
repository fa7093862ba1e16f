import { expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { PRODUCT_IDS as ID, createMockShop, jsonResponse, type MockShopExtension } from '../../src/mock/index.js';
import { GuestCart, call, itemsOf, startWorker } from './wire-client.js';

/** Signs a request in when it carries `Authorization: Bearer <user id>`: enough for these tests. */
const bearerIsUserId = (request: Request) => request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;

let extensionResets = 0;
const fakeLogin: MockShopExtension = (shop) => ({
  handlers: [shop.route('post', 'v2/login', ({ body }) => jsonResponse({ user_id: '42', username: body.username }))],
  resolveCustomer: bearerIsUserId,
  reset: () => extensionResets++,
});

const shop = createMockShop({ auth: false, extensions: [fakeLogin] });
const slowShop = createMockShop({ baseUrl: 'https://slow.test/wp-json', latency: 80 });

describe('mock shop: customers and extensions', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(shop, slowShop);
  });
  after(() => worker.stop());
  beforeEach(() => {
    shop.reset();
    slowShop.reset();
  });

  const asCustomer = (id: string, query: Record<string, string> = {}) =>
    call(shop, 'GET', 'v2/cart', { headers: { Authorization: `Bearer ${id}` }, query });

  it('gives a signed-in customer their own cart, keyed by user id', async () => {
    const first = await call(shop, 'POST', 'v2/cart/add-item', {
      body: { id: String(ID.mug), quantity: '2' },
      headers: { Authorization: 'Bearer 42' },
    });
    expect(first.body.cart_key).to.equal('42');
    expect(first.headers.get('CoCart-API-Cart-Key')).to.equal('42');
    const again = await asCustomer('42');
    expect(itemsOf(again.body)[0].quantity.value).to.equal(2);
  });

  it('merges the guest cart sent with the first authenticated request, then forgets it', async () => {
    const guest = new GuestCart(shop);
    await guest.add(ID.mug, 1);
    await guest.add(ID.colombiaBeans, 1);
    await guest.applyCoupon('SAVE10');
    await call(shop, 'POST', 'v2/cart/add-item', { body: { id: String(ID.mug), quantity: '2' }, headers: { Authorization: 'Bearer 7' } });

    const merged = await asCustomer('7', { cart_key: guest.key! });
    expect(merged.body.cart_key).to.equal('7');
    expect(itemsOf(merged.body).map((item) => [item.id, item.quantity.value])).to.deep.equal([
      [ID.mug, 3],
      [ID.colombiaBeans, 1],
    ]);
    expect(merged.body.coupons.map((c: any) => c.coupon)).to.deep.equal(['save10']);
    expect((await guest.get()).status).to.equal(404);
  });

  it('never hands a customer cart to a guest who knows its key', async () => {
    await asCustomer('7');
    const response = await call(shop, 'GET', 'v2/cart', { query: { cart_key: '7' } });
    expect(response.status).to.equal(404);
  });

  it('lets a test sign customers in by replacing resolveCustomer, until reset', async () => {
    shop.resolveCustomer = () => '99';
    expect((await call(shop, 'GET', 'v2/cart')).body.cart_key).to.equal('99');
    shop.reset();
    expect((await call(shop, 'GET', 'v2/cart')).body.cart_key).to.match(/^t_/);
  });

  it('serves extension routes first, logged like the others, and resets extensions', async () => {
    const before = extensionResets;
    const response = await call(shop, 'POST', 'v2/login', { body: { username: 'ada', password: 'secret' } });
    expect(response.body).to.deep.equal({ user_id: '42', username: 'ada' });
    expect(shop.requests.map((r) => r.url)).to.deep.equal(['https://shop.test/wp-json/svc/v2/login']);
    shop.reset();
    expect(extensionResets).to.equal(before + 1);
    expect(shop.requests).to.deep.equal([]);
  });

  it('waits the configured latency before answering', async () => {
    const started = performance.now();
    await call(slowShop, 'GET', 'v2/cart');
    expect(performance.now() - started).to.be.at.least(75);
  });
});
