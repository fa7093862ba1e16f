import { expect } from '../helpers/testing.js';
import { GuestCart, call, itemsOf, useBothShapes } from './wire-client.js';

describe('mock shop: cart keys', () => {
  const { documentShop, realShop } = useBothShapes();

  for (const shop of [documentShop, realShop]) {
    describe(`${shop.shape} shape`, () => {
      it('gives a guest without a key a fresh t_ key in the body and the CoCart-API-Cart-Key header', async () => {
        const first = await call(shop, 'GET', 'v2/cart');
        const second = await call(shop, 'GET', 'v2/cart');
        expect(first.status).to.equal(200);
        expect(first.body.cart_key).to.match(/^t_[a-z0-9]{30}$/);
        expect(first.headers.get('CoCart-API-Cart-Key')).to.equal(first.body.cart_key);
        expect(second.body.cart_key).to.not.equal(first.body.cart_key);
      });

      it('keeps answering the same cart for the key it gave', async () => {
        const cart = new GuestCart(shop);
        await cart.get();
        await cart.add(11, 2);
        const again = await cart.get();
        expect(again.body.cart_key).to.equal(cart.key);
        expect(itemsOf(again.body)).to.have.length(1);
      });

      it('starts a new cart when a guest adds an item without a key', async () => {
        const cart = new GuestCart(shop);
        const response = await cart.add(15);
        expect(response.status).to.equal(200);
        expect(cart.key).to.match(/^t_/);
        expect(shop.carts.get(cart.key!)?.lines).to.have.length(1);
      });

      it(`answers 404 rest_no_route for a route that does not exist`, async () => {
        const response = await call(shop, 'GET', 'v2/nothing-here');
        expect(response.status).to.equal(404);
        expect(response.body.code).to.equal('rest_no_route');
      });
    });
  }

  it('answers 400 svc_invalid_parameter for a malformed cart_key (document shape)', async () => {
    const response = await call(documentShop, 'GET', 'v2/cart', { query: { cart_key: 'not a key!' } });
    expect(response.status).to.equal(400);
    expect(response.body.code).to.equal('svc_invalid_parameter');
    expect(response.body.data.status).to.equal(400);
    expect(response.body.message).to.be.a('string').and.not.be.empty;
  });

  it('answers 404 svc_cart_not_found for a well-formed but unknown key (document shape)', async () => {
    for (const [method, path] of [['GET', 'v2/cart'], ['POST', 'v2/cart/clear']] as const) {
      const response = await call(documentShop, method, path, { query: { cart_key: 't_doesnotexist' } });
      expect(response.status).to.equal(404);
      expect(response.body).to.deep.equal({
        code: 'svc_cart_not_found',
        message: 'No cart was found for this cart key.',
        data: { status: 404 },
      });
    }
  });

  it('returns only the parent fields asked for, unless default=true', async () => {
    const cart = new GuestCart(documentShop);
    await cart.add(11);
    const some = await cart.get({ fields: 'items,totals' });
    expect(Object.keys(some.body).sort()).to.deep.equal(['items', 'totals']);
    expect(some.headers.get('CoCart-API-Cart-Key')).to.equal(cart.key);
    const all = await cart.get({ fields: 'items,totals', default: 'true' });
    expect(all.body).to.include.keys('cart_key', 'currency', 'shipping', 'notices');
  });

  it('includes featured_image only when thumb=true', async () => {
    const cart = new GuestCart(documentShop);
    await cart.add(11);
    expect(itemsOf((await cart.get()).body)[0]).to.not.have.property('featured_image');
    const item = itemsOf((await cart.get({ thumb: 'true' })).body)[0];
    expect(item.featured_image).to.match(/^data:image\/svg\+xml,/);
  });

  it('answers 400 rest_invalid_json for a body that is not JSON', async () => {
    const response = await call(documentShop, 'POST', 'v2/cart/add-item', { body: '{"id": "11",' });
    expect(response.status).to.equal(400);
    expect(response.body.code).to.equal('rest_invalid_json');
  });

  it('logs every request it sees with its method, url, headers and body', async () => {
    await call(documentShop, 'POST', 'v2/cart/add-item', { body: { id: '11', quantity: '1' }, headers: { 'X-Shop-Test': 'yes' } });
    const [logged] = documentShop.requests;
    expect(logged?.method).to.equal('POST');
    expect(logged?.url).to.equal('https://shop.test/wp-json/svc/v2/cart/add-item');
    expect(logged?.headers['x-shop-test']).to.equal('yes');
    expect(logged?.body).to.deep.equal({ id: '11', quantity: '1' });
  });
});
