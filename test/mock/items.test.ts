import { expect } from '../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import { GuestCart, itemsOf, useBothShapes } from './wire-client.js';

describe('mock shop: cart items', () => {
  const { documentShop, realShop } = useBothShapes();

  const expectError = async (response: Promise<{ status: number; body: any }>, status: number, code: string) => {
    const { status: actual, body } = await response;
    expect(actual, JSON.stringify(body)).to.equal(status);
    expect(body.code).to.equal(code);
    expect(body.message).to.be.a('string').and.not.be.empty;
    return body.message as string;
  };

  for (const shop of [documentShop, realShop]) {
    describe(`${shop.shape} shape`, () => {
      let cart: GuestCart;
      beforeEach(() => {
        cart = new GuestCart(shop);
      });

      it('adds an item, answers the whole cart and a success notice', async () => {
        const { status, body } = await cart.add(ID.ethiopiaBeans, 2);
        expect(status).to.equal(200);
        const [item] = itemsOf(body);
        expect(item).to.include({ id: 11, name: 'Ethiopia Yirgacheffe Beans', title: 'Ethiopia Yirgacheffe Beans' });
        expect(item.quantity).to.deep.equal({ value: 2, min_purchase: 1, max_purchase: -1 });
        // Real servers send the line subtotal as a minor-unit string (fixtures/server/cart-guest-items.json).
        const subtotal = shop.shape === 'real' ? '3600' : 36;
        expect(item.totals).to.deep.equal({ subtotal, subtotal_tax: 7.2, total: 36, tax: 7.2 });
        expect(item.item_key).to.match(/^[0-9a-f]{32}$/);
        expect(body.item_count).to.equal(2);
        expect(body.notices.success).to.have.length(1);
        expect(body.notices.success[0]).to.contain('has been added to your cart');
      });

      it('adds the same product twice onto one line', async () => {
        await cart.add(ID.mug, 1);
        const { body } = await cart.add(ID.mug, 2);
        expect(itemsOf(body)).to.have.length(1);
        expect(itemsOf(body)[0].quantity.value).to.equal(3);
      });

      it('resolves a variable product from its variation attributes', async () => {
        const { body } = await cart.add(ID.shirt, 1, { variation: { attribute_pa_colour: 'black', attribute_pa_size: 'm' } });
        const [item] = itemsOf(body);
        expect(item.id).to.equal(ID.shirtBlackM);
        expect(item.name).to.equal('Barista T-Shirt - Black, M');
        expect(item.meta.product_type).to.equal('variation');
        expect(item.meta.variation).to.deep.equal({ Colour: 'Black', Size: 'M' });
      });

      it('rejects id and quantity sent as numbers, like real servers', async () => {
        const body = { id: 11, quantity: '1' };
        await expectError(cart.send('POST', 'v2/cart/add-item', { body }), 400, 'rest_invalid_param');
        await expectError(cart.send('POST', 'v2/cart/add-item', { body: { id: '11', quantity: 1 } }), 400, 'rest_invalid_param');
        await cart.add(ID.mug);
        const key = itemsOf((await cart.get()).body)[0].item_key;
        await expectError(cart.send('POST', `v2/cart/item/${key}`, { body: { quantity: 2 } }), 400, 'rest_invalid_param');
      });

      it('removes an item into removed_items and restores it', async () => {
        await cart.add(ID.colombiaBeans, 1);
        const key = itemsOf((await cart.add(ID.mug, 3)).body).find((item) => item.id === ID.mug).item_key;
        const removed = await cart.remove(key);
        expect(itemsOf(removed.body).map((item) => item.id)).to.deep.equal([ID.colombiaBeans]);
        const [gone] = Object.values(removed.body.removed_items) as any[];
        expect(gone).to.include({ item_key: key, id: ID.mug, name: 'Enamel Mug' });
        const restored = await cart.restore(key);
        expect(itemsOf(restored.body).find((item) => item.item_key === key).quantity.value).to.equal(3);
        expect(restored.body.removed_items).to.be.empty;
      });

      it('clears the cart, its coupons and removed items', async () => {
        const key = itemsOf((await cart.add(ID.mug, 1)).body)[0].item_key;
        await cart.add(ID.colombiaBeans, 1);
        await cart.remove(key);
        await cart.applyCoupon('SAVE10');
        const { status, body } = await cart.send('POST', 'v2/cart/clear');
        expect(status).to.equal(200);
        expect(itemsOf(body)).to.have.length(0);
        expect(body.coupons).to.deep.equal([]);
        expect(body.removed_items).to.be.empty;
        expect(body.item_count).to.equal(0);
      });

      it('lists cross-sells of what is in the cart, not what is already in it', async () => {
        const { body } = await cart.add(ID.ethiopiaBeans, 1);
        expect(body.cross_sells.map((p: any) => p.id)).to.deep.equal([ID.filters, ID.mug]);
        const filters = body.cross_sells[0];
        expect(filters.sale_price).to.not.equal('');
        expect(filters.regular_price).to.not.equal(filters.price);
        const after = await cart.add(ID.mug, 1);
        expect(after.body.cross_sells.map((p: any) => p.id)).to.deep.equal([ID.filters]);
      });
    });
  }
  // The document's error codes; the real server's are in real-server.test.ts.
  describe('document shape: refusals', () => {
    const shop = documentShop;
    const ns = 'svc';
    let cart: GuestCart;
    beforeEach(() => {
    cart = new GuestCart(shop);
    });

    it('rejects a variable product with a missing or invalid variation', async () => {
      const missing = await expectError(cart.add(ID.shirt, 1, { variation: { attribute_pa_colour: 'black' } }), 400, `${ns}_missing_variation_data`);
      expect(missing).to.contain('Size');
      const invalid = await expectError(
        cart.add(ID.shirt, 1, { variation: { attribute_pa_colour: 'purple', attribute_pa_size: 'm' } }),
        400,
        `${ns}_invalid_variation_data`,
      );
      expect(invalid).to.contain('purple');
      await expectError(cart.add(ID.shirt, 1, { variation: { attribute_pa_colour: 'white', attribute_pa_size: 'l' } }), 400, `${ns}_product_out_of_stock`);
    });

    it('rejects quantities below 1 or that are not whole numbers', async () => {
      await expectError(cart.add(ID.mug, 0), 400, `${ns}_quantity_invalid_amount`);
      await expectError(cart.add(ID.mug, -2), 400, `${ns}_quantity_invalid_amount`);
      await expectError(cart.add(ID.mug, 'two'), 400, `${ns}_quantity_invalid_amount`);
      await expectError(cart.add(ID.mug, '1.5'), 400, `${ns}_quantity_invalid_amount`);
    });

    it('refuses more than the stock, naming the product and what is available', async () => {
      const message = await expectError(cart.add(ID.dripper, 4), 400, `${ns}_not_enough_in_stock`);
      expect(message).to.contain('Ceramic Pour-Over Dripper').and.contain('3');
      await cart.add(ID.dripper, 2);
      const again = await expectError(cart.add(ID.dripper, 2), 400, `${ns}_not_enough_in_stock`);
      expect(again).to.contain('you already have 2');
      const key = itemsOf((await cart.get()).body)[0].item_key;
      await expectError(cart.update(key, 5), 400, `${ns}_not_enough_in_stock`);
      expect(itemsOf((await cart.get()).body)[0].quantity).to.deep.equal({ value: 2, min_purchase: 1, max_purchase: 3 });
    });

    it('refuses an out-of-stock product', async () => {
      const message = await expectError(cart.add(ID.grinder, 1), 400, `${ns}_product_out_of_stock`);
      expect(message).to.contain('Hand Grinder');
    });

    it('allows one of a product sold individually', async () => {
      await expectError(cart.add(ID.guide, 2), 400, `${ns}_product_sold_individually`);
      const { body } = await cart.add(ID.guide, 1);
      expect(itemsOf(body)[0].quantity.max_purchase).to.equal(1);
      await expectError(cart.add(ID.guide, 1), 403, `${ns}_product_sold_individually`);
    });

    it('answers 404 for an unknown product or item key', async () => {
      await expectError(cart.add(999, 1), 404, `${ns}_product_not_found`);
      await cart.get();
      const unknown = 'ffffffffffffffffffffffffffffffff';
      await expectError(cart.update(unknown, 2), 404, `${ns}_item_not_in_cart`);
      await expectError(cart.remove(unknown), 404, `${ns}_item_not_in_cart`);
      await expectError(cart.restore(unknown), 404, `${ns}_item_not_in_cart`);
    });

    it('updates a quantity, and removes the line when it becomes 0', async () => {
      const key = itemsOf((await cart.add(ID.mug, 1)).body)[0].item_key;
      const updated = await cart.update(key, 4);
      expect(itemsOf(updated.body)[0].quantity.value).to.equal(4);
      const removed = await cart.update(key, 0);
      expect(itemsOf(removed.body)).to.have.length(0);
    });
  });
});
