import { expect } from '../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import { GuestCart, itemsOf, useBothShapes } from './wire-client.js';

const box = (config: Array<[number, number]>) => ({
  item_data: { mnm_config: config.map(([product_id, quantity]) => ({ product_id, quantity })) },
});
const VALID: Array<[number, number]> = [
  [ID.kenyaSample, 2],
  [ID.decafSample, 1],
];

describe('mock shop: mix-and-match containers', () => {
  const { documentShop, realShop } = useBothShapes();

  for (const shop of [documentShop, realShop]) {
    describe(`${shop.shape} shape`, () => {
      let cart: GuestCart;
      beforeEach(() => {
        cart = new GuestCart(shop);
      });

      it('adds a container line and one line per child, linked both ways', async () => {
        const { status, body } = await cart.add(ID.tastingBox, 1, box(VALID));
        expect(status).to.equal(200);
        const items = itemsOf(body);
        expect(items.map((item) => item.id)).to.deep.equal([ID.tastingBox, ID.kenyaSample, ID.decafSample]);
        const [container, kenya, decaf] = items;
        expect(container.cart_item_data.mnm_config).to.deep.equal([
          { product_id: ID.kenyaSample, quantity: 2 },
          { product_id: ID.decafSample, quantity: 1 },
        ]);
        expect(container.cart_item_data.mnm_contents).to.deep.equal([kenya.item_key, decaf.item_key]);
        expect(kenya.cart_item_data).to.deep.equal({ mnm_container: container.item_key });
        expect(decaf.cart_item_data).to.deep.equal({ mnm_container: container.item_key });
        expect(container.meta.product_type).to.equal('mix-and-match');
        // Per-product pricing: the box costs nothing itself, the children are priced.
        // Real servers send the line subtotal as a minor-unit string.
        expect(container.totals.subtotal).to.equal(shop.shape === 'real' ? '0' : 0);
        expect(kenya.totals.subtotal).to.equal(shop.shape === 'real' ? '900' : 9);
        // The service counts every line, children included (as WooCommerce does).
        expect(body.item_count).to.equal(4);
      });

      it('multiplies each child by the container quantity, on add and on update', async () => {
        const added = await cart.add(ID.tastingBox, 2, box(VALID));
        const quantities = () => itemsOf(added.body).map((item) => item.quantity.value);
        expect(quantities()).to.deep.equal([2, 4, 2]);
        const containerKey = itemsOf(added.body)[0].item_key;
        const updated = await cart.update(containerKey, 3);
        expect(itemsOf(updated.body).map((item) => item.quantity.value)).to.deep.equal([3, 6, 3]);
      });

      it('removes the children with their container, and restores them together', async () => {
        const added = await cart.add(ID.tastingBox, 1, box(VALID));
        await cart.add(ID.mug, 1);
        const containerKey = itemsOf(added.body)[0].item_key;
        const removed = await cart.remove(containerKey);
        expect(itemsOf(removed.body).map((item) => item.id)).to.deep.equal([ID.mug]);
        expect(Object.values(removed.body.removed_items).map((item: any) => item.item_key)).to.deep.equal([containerKey]);
        const restored = await cart.restore(containerKey);
        expect(itemsOf(restored.body).map((item) => item.id)).to.have.members([ID.mug, ID.tastingBox, ID.kenyaSample, ID.decafSample]);
      });

      it('refuses to change or remove a child on its own', async () => {
        const added = await cart.add(ID.tastingBox, 1, box(VALID));
        const childKey = itemsOf(added.body)[1].item_key;
        const update = await cart.update(childKey, 5);
        expect(update.status).to.equal(403);
        expect(update.body.code).to.match(/_item_in_container$/);
        expect((await cart.remove(childKey)).status).to.equal(403);
      });

      it('rejects a config whose ids or quantities are not integers', async () => {
        const response = await cart.add(ID.tastingBox, 1, { item_data: { mnm_config: [{ product_id: '31', quantity: '3' }] } });
        expect(response.status).to.equal(400);
        expect(response.body.code).to.equal('rest_invalid_param');
      });
    });
  }

  describe('validation failures, document shape (coded)', () => {
    const attempt = async (config: Array<[number, number]>) => (await new GuestCart(documentShop).add(ID.tastingBox, 1, box(config)));

    it('too few items', async () => {
      const { status, body } = await attempt([[ID.kenyaSample, 2]]);
      expect(status).to.equal(400);
      expect(body.code).to.equal('svc_mnm_container_size_invalid');
      expect(body.message).to.contain('at least 3');
    });

    it('too many items, counted per container', async () => {
      const { status, body } = await attempt([[ID.kenyaSample, 4], [ID.rwandaSample, 3]]);
      expect(status).to.equal(400);
      expect(body.code).to.equal('svc_mnm_container_size_invalid');
      expect(body.message).to.contain('no more than 6');
    });

    it('a product the box does not allow', async () => {
      const { status, body } = await attempt([[ID.kenyaSample, 2], [ID.mug, 1]]);
      expect(status).to.equal(400);
      expect(body.code).to.equal('svc_mnm_product_not_allowed');
      expect(body.message).to.contain('Enamel Mug');
    });

    it('an allowed product that is out of stock', async () => {
      const { status, body } = await attempt([[ID.kenyaSample, 2], [ID.geishaSample, 1]]);
      expect(status).to.equal(400);
      expect(body.code).to.equal('svc_mnm_product_out_of_stock');
      expect(body.message).to.contain('Geisha Sample');
    });

    it('a container sent without any contents', async () => {
      const { status, body } = await new GuestCart(documentShop).add(ID.tastingBox, 1);
      expect(status).to.equal(400);
      expect(body.code).to.equal('svc_mnm_container_size_invalid');
    });
  });

  describe('validation failures, real shape (codeless)', () => {
    const attempt = async (config: Array<[number, number]>) => (await new GuestCart(realShop).add(ID.tastingBox, 1, box(config)));

    it('too few items: 400 with an empty body', async () => {
      const { status, text } = await attempt([[ID.kenyaSample, 1]]);
      expect(status).to.equal(400);
      expect(text).to.equal('');
    });

    it('too many items: 400 { success: false, data: [{ message }] }', async () => {
      const { status, body } = await attempt([[ID.kenyaSample, 7]]);
      expect(status).to.equal(400);
      expect(body.success).to.equal(false);
      expect(body.data[0].message).to.contain('no more than 6');
      expect(body).to.not.have.property('code');
    });

    it('a product the box does not allow: 400 without code or message', async () => {
      const { status, body } = await attempt([[ID.kenyaSample, 3], [ID.ethiopiaBeans, 1]]);
      expect(status).to.equal(400);
      expect(body).to.deep.equal({ success: false, data: [] });
    });

    it('an out-of-stock product: 400 with the code inside data', async () => {
      const { status, body } = await attempt([[ID.geishaSample, 3]]);
      expect(status).to.equal(400);
      expect(body.success).to.equal(false);
      expect(body.data[0].code).to.equal('cocart_product_out_of_stock');
      expect(body.data[0].message).to.contain('Geisha Sample');
    });
  });
});
