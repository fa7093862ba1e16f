import { bearer, expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { DEFAULT_USERS, PRODUCT_IDS as ID, createMockShop, type MockShop } from '../../src/mock/index.js';
import { GuestCart, call, itemsOf, startWorker } from './wire-client.js';

const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;

/** Signs ada in on `shop`: her access and refresh tokens. */
async function signIn(shop: MockShop): Promise<{ token: string; refresh: string }> {
  const response = await call(shop, 'POST', 'v2/login', { body: { username: ada.username, password: ada.password } });
  expect(response.status).to.equal(200);
  return { token: response.body.token, refresh: response.body.refresh_token };
}

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

  it('keeps a signed-in session across a reload: its token, its refresh token and its cart', async () => {
    const { token, refresh } = await signIn(shop);
    expect((await call(shop, 'POST', 'v2/cart/add-item', { headers: bearer(token), body: { id: String(ID.mug), quantity: '2' } })).status).to.equal(200);

    const reloaded = reload();
    expect((await call(reloaded, 'POST', 'jwt/validate-token', { headers: bearer(token) })).status).to.equal(200);
    const cart = await call(reloaded, 'GET', 'v2/cart', { headers: bearer(token) });
    expect(cart.status).to.equal(200);
    expect(itemsOf(cart.body).map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.mug, 2]]);
    const refreshed = await call(reloaded, 'POST', 'jwt/refresh-token', { body: { refresh_token: refresh } });
    expect(refreshed.status).to.equal(200);
    expect(refreshed.body.token).to.be.a('string');
  });

  it('keeps a sign-out in force across a reload', async () => {
    const { token, refresh } = await signIn(shop);
    expect((await call(shop, 'POST', 'v2/logout', { headers: bearer(token) })).status).to.equal(200);

    const reloaded = reload();
    expect((await call(reloaded, 'POST', 'jwt/validate-token', { headers: bearer(token) })).status).to.equal(401);
    expect((await call(reloaded, 'POST', 'jwt/refresh-token', { body: { refresh_token: refresh } })).status).to.equal(401);
  });

  it('keeps carts when the saved sign-in records are unusable, and only those sessions end', async () => {
    const cart = new GuestCart(shop);
    await cart.add(ID.mug, 1);
    const { token } = await signIn(shop);
    const saved = JSON.parse(storage.getItem('cart-widget-mock')!);
    storage.setItem('cart-widget-mock', JSON.stringify({ ...saved, auth: { secret: 42 } }));

    const reloaded = reload();
    expect(reloaded.carts.get(cart.key!)?.lines).to.have.length(1);
    expect((await call(reloaded, 'POST', 'jwt/validate-token', { headers: bearer(token) })).status).to.equal(401);
    await signIn(reloaded);
  });

  describe('two tabs of one origin (two shops on the same storage)', () => {
    /** Lets `tab` answer the next requests, as each tab's own worker answers that tab's page. */
    function answering(tab: MockShop): MockShop {
      worker.resetHandlers(...tab.handlers);
      return tab;
    }

    it('show one cart: a line added in one tab can be changed in the other', async () => {
      const tabA = shop;
      const tabB = createMockShop({ storage });

      const inA = new GuestCart(answering(tabA));
      const { body } = await inA.add(ID.mug, 1);
      const line = itemsOf(body)[0].item_key;

      const inB = new GuestCart(answering(tabB));
      inB.key = inA.key;
      const changed = await inB.update(line, 3);
      expect(changed.status, changed.body?.message).to.equal(200);
      expect(itemsOf(changed.body)[0].quantity.value).to.equal(3);

      answering(tabA);
      expect(itemsOf((await inA.get()).body).map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.mug, 3]]);
    });

    it('share one session: a sign-in in one tab is honoured in the other, and a sign-out in both', async () => {
      const tabA = shop;
      const tabB = createMockShop({ storage });

      const { token, refresh } = await signIn(answering(tabA));
      await call(tabA, 'POST', 'v2/cart/add-item', { headers: bearer(token), body: { id: String(ID.mug), quantity: '1' } });

      answering(tabB);
      expect((await call(tabB, 'POST', 'jwt/validate-token', { headers: bearer(token) })).status).to.equal(200);
      const cart = await call(tabB, 'GET', 'v2/cart', { headers: bearer(token) });
      expect(itemsOf(cart.body).map((item) => item.id)).to.deep.equal([ID.mug]);
      const refreshed = await call(tabB, 'POST', 'jwt/refresh-token', { body: { refresh_token: refresh } });
      expect(refreshed.status).to.equal(200);

      answering(tabA);
      // One server: the refresh token B used up is used up for A too, and B's new token works in A.
      expect((await call(tabA, 'POST', 'jwt/refresh-token', { body: { refresh_token: refresh } })).status).to.equal(401);
      expect((await call(tabA, 'POST', 'jwt/validate-token', { headers: bearer(refreshed.body.token) })).status).to.equal(200);
      expect((await call(tabA, 'POST', 'v2/logout', { headers: bearer(refreshed.body.token) })).status).to.equal(200);

      answering(tabB);
      expect((await call(tabB, 'POST', 'jwt/validate-token', { headers: bearer(refreshed.body.token) })).status).to.equal(401);
    });
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

  it('forgets saved sessions on reset', async () => {
    const { token } = await signIn(shop);
    shop.reset();
    expect((await call(reload(), 'POST', 'jwt/validate-token', { headers: bearer(token) })).status).to.equal(401);
  });

  it('keeps the address cart/update set (real shape), and an unknown key only once it holds something', async () => {
    const real = { storage, namespace: 'cocart', shape: 'real' } as const;
    const first = createMockShop(real);
    worker.resetHandlers(...first.handlers);
    await call(first, 'GET', 'v2/cart', { query: { cart_key: 't_justlooking' } });
    const cart = new GuestCart(first);
    await cart.add(ID.mug, 1);
    await cart.send('POST', 'v2/cart/update', { body: { namespace: 'update-customer', country: 'DE', postcode: '10115' } });
    const again = createMockShop(real);
    worker.resetHandlers(...again.handlers);
    expect(again.carts.keys()).to.deep.equal([cart.key]);
    const { body } = await call(again, 'GET', 'v2/cart', { query: { cart_key: cart.key! } });
    expect(body.customer.billing_address).to.include({ billing_country: 'DE', billing_postcode: '10115' });
  });
});
