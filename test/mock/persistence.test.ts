import { expect } from '@open-wc/testing';
import type { SetupWorker } from 'msw/browser';
import { PRODUCT_IDS as ID, createMockShop, type MockShop } from '../../src/mock/index.js';
import { GuestCart, itemsOf, startWorker } from './wire-client.js';

/** An in-memory `Storage`, so these tests never touch the page's localStorage. */
class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
}

describe('mock shop: persistence', () => {
  let worker: SetupWorker;
  let storage: MemoryStorage;
  let shop: MockShop;

  before(async () => {
    worker = await startWorker();
  });
  after(() => worker.stop());
  beforeEach(() => {
    storage = new MemoryStorage();
    shop = createMockShop({ storage });
    worker.resetHandlers(...shop.handlers);
  });

  /** A second shop on the same storage, as after a page reload. */
  function reload(options: { storageKey?: string } = {}): MockShop {
    const again = createMockShop({ storage, ...options });
    worker.resetHandlers(...again.handlers);
    return again;
  }

  it('saves the shop after every change under cart-widget-mock', async () => {
    const cart = new GuestCart(shop);
    const { body } = await cart.add(ID.mug, 1);
    expect(JSON.parse(storage.getItem('cart-widget-mock')!).carts[cart.key!].lines).to.have.length(1);
    await cart.update(itemsOf(body)[0].item_key, 4);
    expect(JSON.parse(storage.getItem('cart-widget-mock')!).carts[cart.key!].lines[0].quantity).to.equal(4);
  });

  it('keeps carts, removed items and coupons across a reload', async () => {
    const cart = new GuestCart(shop);
    await cart.add(ID.colombiaBeans, 2);
    const { body } = await cart.add(ID.mug, 1);
    await cart.remove(itemsOf(body).find((item) => item.id === ID.mug).item_key);
    await cart.applyCoupon('SAVE10');

    const reloaded = new GuestCart(reload());
    reloaded.key = cart.key;
    const after = await reloaded.get();
    expect(after.status).to.equal(200);
    expect(itemsOf(after.body).map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.colombiaBeans, 2]]);
    expect(after.body.removed_items).to.have.length(1);
    expect(after.body.coupons[0].coupon).to.equal('save10');
  });

  it('starts fresh when the saved state is corrupt', async () => {
    for (const saved of ['{not json', '{"version":1,"carts":{"t_a":{"key":"t_b"}}}', '{"version":9,"carts":{}}', '[]']) {
      storage.setItem('cart-widget-mock', saved);
      const again = reload();
      expect(again.carts.keys(), saved).to.deep.equal([]);
      const response = await new GuestCart(again).add(ID.mug, 1);
      expect(response.status).to.equal(200);
    }
  });

  it('uses the storage key it is given', async () => {
    const custom = reload({ storageKey: 'my-shop' });
    const cart = new GuestCart(custom);
    await cart.add(ID.mug, 1);
    expect(storage.getItem('my-shop')).to.contain(cart.key);
    expect(storage.getItem('cart-widget-mock')).to.equal(null);
  });

  it('forgets saved carts on reset', async () => {
    const cart = new GuestCart(shop);
    await cart.add(ID.mug, 1);
    shop.reset();
    expect(JSON.parse(storage.getItem('cart-widget-mock')!).carts).to.deep.equal({});
    expect(reload().carts.keys()).to.deep.equal([]);
  });
});
