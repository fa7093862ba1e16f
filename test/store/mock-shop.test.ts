import { expect } from '../helpers/testing.js';
import { createMockShop, PRODUCT_IDS } from '../../src/mock/index.js';
import { getCartStore } from '../../src/store/cart-store.js';
import { newShop, worker } from './fixtures.js';

// The store against the fake shop, in both wire shapes: a shopper's whole visit.
describe('CartStore with the mock shop', () => {
  for (const shape of ['document', 'real'] as const) {
    it(`keeps one cart through a whole visit (${shape} shape)`, async () => {
      const namespace = shape === 'real' ? 'cocart' : 'svc';
      const shop = newShop(namespace);
      const mock = createMockShop({ baseUrl: shop.baseUrl, namespace, shape });
      worker.use(...mock.handlers);
      const store = getCartStore(shop.config);

      const empty = await store.load();
      expect(empty.items).to.deep.equal([]);

      await store.addItem({ id: PRODUCT_IDS.ethiopiaBeans, quantity: 1 });
      const added = await store.addItem({ id: PRODUCT_IDS.mug, quantity: 2 });
      const beans = added.items.find((item) => item.id === PRODUCT_IDS.ethiopiaBeans)!;
      await store.updateQuantity(beans.key, 3);
      await store.applyCoupon('save10');
      const removed = await store.removeItem(beans.key);
      expect(removed.removedItems.map((item) => item.key)).to.include(beans.key);
      await store.restoreItem(beans.key);

      const cart = store.state.cart!;
      expect(cart.key).to.equal(empty.key);
      expect(cart.items.map((item) => [item.id, item.quantity.value])).to.have.deep.members([
        [PRODUCT_IDS.ethiopiaBeans, 3],
        [PRODUCT_IDS.mug, 2],
      ]);
      expect(cart.itemCount).to.equal(5);
      expect(cart.coupons.map((coupon) => coupon.code)).to.deep.equal(['save10']);
      // Every request after the first carried the key the shop issued, as a query parameter.
      expect(mock.requests.slice(1).every((request) => new URL(request.url).searchParams.get('cart_key') === empty.key)).to.equal(true);

      await store.clear();
      expect(store.state.cart?.items).to.deep.equal([]);
    });
  }
});
