import { expect, waitUntil } from '../helpers/testing.js';
import { delay, http, HttpResponse } from 'msw';
import { getCartStore } from '../../src/store/cart-store.js';
import type { CartState } from '../../src/store/state.js';
import { newShop, sent, sentTo, wireCart, wireError, worker } from './fixtures.js';
import { rejection } from '../helpers/rejection.js';

describe('CartStore', () => {
  describe('one store per shop', () => {
    it('gives every caller with the same base URL and namespace the same store', () => {
      const shop = newShop();
      const store = getCartStore({ baseUrl: shop.baseUrl, namespace: 'svc', amounts: 'decimal' });
      expect(getCartStore({ baseUrl: `${shop.baseUrl}/`, namespace: '/svc/' })).to.equal(store);
      expect(getCartStore({ baseUrl: shop.baseUrl.replace('shop.test', 'SHOP.TEST') })).to.equal(store);
      expect(getCartStore({ baseUrl: shop.baseUrl, namespace: 'cocart' })).to.not.equal(store);
      // The first caller's options win.
      expect(store.config.amounts).to.equal('decimal');
    });

    it('fills in the defaults of its configuration, the checkout page included', () => {
      const shop = newShop();
      const { config } = getCartStore({ baseUrl: `${shop.baseUrl}/` });
      expect(config).to.include({ baseUrl: shop.baseUrl, namespace: 'svc', auth: 'bearer', amounts: 'auto' });
      expect(config.checkoutUrl).to.equal(`${shop.baseUrl.replace(/\/wp-json$/, '')}/checkout/`);
      expect(getCartStore({ baseUrl: 'https://other.test/api', checkoutUrl: 'https://other.test/pay' }).config.checkoutUrl).to.equal(
        'https://other.test/pay',
      );
    });
  });

  describe('state', () => {
    it('makes a new frozen state for every change and tells each listener once', async () => {
      const shop = newShop();
      worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a', lines: [{ key: 'a', quantity: 2 }] }))));
      const store = getCartStore(shop.config);
      const initial = store.state;
      const heard: Array<[CartState, CartState]> = [];
      store.subscribe((state, previous) => heard.push([state, previous]));

      const cart = await store.load();

      expect(heard.map(([state]) => state.status)).to.deep.equal(['loading', 'idle']);
      expect(heard[0]![1]).to.equal(initial);
      expect(heard[1]![1]).to.equal(heard[0]![0]);
      expect(store.state).to.equal(heard[1]![0]);
      expect(store.state).to.not.equal(initial);
      expect(initial.cart).to.equal(null);
      expect(Object.isFrozen(store.state)).to.equal(true);
      expect(store.state.cart).to.equal(cart);
      expect(cart.items.map((item) => [item.key, item.quantity.value, item.totals.total])).to.deep.equal([['a', 2, 2000]]);
    });

    it('stops telling a listener once it unsubscribed', async () => {
      const shop = newShop();
      worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a' }))));
      const store = getCartStore(shop.config);
      let calls = 0;
      const unsubscribe = store.subscribe(() => calls++);
      unsubscribe();
      await store.load();
      expect(calls).to.equal(0);
    });

    it('shares one request between loads asked for at the same time', async () => {
      const shop = newShop();
      worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a' }))));
      const store = getCartStore(shop.config);
      const [first, second] = await Promise.all([store.load(), store.load()]);
      expect(first).to.equal(second);
      expect(sentTo(shop, 'GET', 'v2/cart')).to.have.length(1);
    });

    it('keeps the last good cart when the service answers garbage', async () => {
      const shop = newShop();
      let calls = 0;
      worker.use(
        http.get(shop.url('v2/cart'), () =>
          ++calls === 1 ? HttpResponse.json(wireCart({ key: 't_a', lines: [{ key: 'a', quantity: 1 }] })) : HttpResponse.text('<html>Bad gateway</html>'),
        ),
      );
      const store = getCartStore(shop.config);
      const good = await store.load();

      const error = await rejection(store.load());

      expect(error.kind).to.equal('invalid-response');
      expect(store.state.status).to.equal('error');
      expect(store.state.error).to.equal(error);
      expect(store.state.cart).to.equal(good);
    });

    it('clears a load error once a change succeeds', async () => {
      const shop = newShop();
      worker.use(
        http.get(shop.url('v2/cart'), () => wireError(400, 'svc_bad_request')),
        http.post(shop.url('v2/cart/clear'), () => HttpResponse.json(wireCart({ key: 't_a' }))),
      );
      const store = getCartStore(shop.config);
      await rejection(store.load());
      expect(store.state.status).to.equal('error');

      await store.clear();

      expect(store.state.status).to.equal('idle');
      expect(store.state.error).to.equal(undefined);
      expect(store.state.cart?.items).to.deep.equal([]);
    });

    it('rejects a failed change with the ApiError and leaves the confirmed cart and status alone', async () => {
      const shop = newShop();
      worker.use(
        http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a' }))),
        http.post(shop.url('v2/cart/add-item'), () => wireError(400, 'svc_product_out_of_stock')),
      );
      const store = getCartStore(shop.config);
      const cart = await store.load();

      const error = await rejection(store.addItem({ id: 7, quantity: 1 }));

      expect(error.is('product_out_of_stock')).to.equal(true);
      expect(store.state.status).to.equal('idle');
      expect(store.state.error).to.equal(undefined);
      expect(store.state.cart).to.equal(cart);
    });
  });

  describe('the guest cart key', () => {
    it('keeps the key of the first response and sends it as a query parameter on every cart route', async () => {
      const shop = newShop();
      let issued = 0;
      const answer = () => HttpResponse.json(wireCart({ key: `t_issued${++issued}`, lines: [{ key: 'a', quantity: 1 }] }));
      worker.use(
        http.get(shop.url('v2/cart'), answer),
        http.post(shop.url('v2/cart/add-item'), answer),
        http.post(shop.url('v2/cart/item/:key'), answer),
        http.put(shop.url('v2/cart/item/:key'), answer),
        http.post(shop.url('v2/cart/clear'), answer),
        http.post(shop.url('v2/cart/apply-coupon'), answer),
        http.delete(shop.url('v2/cart/coupons/:code'), answer),
        http.post(shop.url('v2/cart/set-shipping-method'), answer),
      );
      const store = getCartStore(shop.config);

      await store.load();
      await store.addItem({ id: 7, quantity: 2, variation: { attribute_pa_colour: 'blue' } });
      await store.updateQuantity('a', 3);
      await store.restoreItem('b');
      await store.applyCoupon('SAVE10');
      await store.removeCoupon('SAVE10');
      await store.selectShippingRate('0', 'flat_rate:1');
      await store.clear();

      expect(sent.map((request) => request.cartKey)).to.deep.equal([null, ...Array(7).fill('t_issued1')]);
      expect(localStorage.getItem(shop.cartKeyName)).to.equal('t_issued1');
      for (const request of sent) {
        expect(request.body).to.not.include('t_issued');
        for (const [name, value] of request.headers) expect(`${name}: ${value}`).to.not.include('t_issued');
      }
      // The add-item table: ids and quantities travel as strings.
      expect(JSON.parse(sent[1]!.body)).to.deep.equal({ id: '7', quantity: '2', variation: { attribute_pa_colour: 'blue' } });
    });

    it('takes the key from the response header when the body has none', async () => {
      const shop = newShop();
      worker.use(
        http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart(), { headers: { 'CoCart-API-Cart-Key': 't_fromheader' } })),
      );
      const store = getCartStore(shop.config);
      await store.load();
      await store.load();
      expect(sent.map((request) => request.cartKey)).to.deep.equal([null, 't_fromheader']);
    });

    it('never replaces a kept key with another one the service sends', async () => {
      const shop = newShop();
      localStorage.setItem(shop.cartKeyName, 't_kept');
      worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_other' }))));
      const store = getCartStore(shop.config);
      await store.load();
      await store.load();
      expect(sent.map((request) => request.cartKey)).to.deep.equal(['t_kept', 't_kept']);
      expect(localStorage.getItem(shop.cartKeyName)).to.equal('t_kept');
    });

    it('lets an item added during the first load land in the cart whose key it keeps', async () => {
      const shop = newShop();
      worker.use(
        http.get(shop.url('v2/cart'), async () => {
          await delay(60);
          return HttpResponse.json(wireCart({ key: 't_first' }));
        }),
        http.post(shop.url('v2/cart/add-item'), ({ request }) =>
          HttpResponse.json(wireCart({ key: new URL(request.url).searchParams.get('cart_key') ?? 't_second', lines: [{ key: 'a', quantity: 1 }] })),
        ),
      );
      const store = getCartStore(shop.config);
      await Promise.all([store.load(), store.addItem({ id: 7, quantity: 1 })]);
      expect(sentTo(shop, 'POST', 'v2/cart/add-item')[0]!.cartKey).to.equal('t_first');
      expect(store.state.cart?.key).to.equal('t_first');
      expect(store.state.cart?.items).to.have.length(1);
    });

    for (const [status, code] of [
      [404, 'svc_cart_not_found'],
      [400, 'svc_invalid_parameter'],
    ] as const) {
      it(`forgets a kept key the service answers ${code} for and loads a fresh cart once`, async () => {
        const shop = newShop();
        localStorage.setItem(shop.cartKeyName, 't_expired');
        worker.use(
          http.get(shop.url('v2/cart'), ({ request }) =>
            new URL(request.url).searchParams.has('cart_key') && new URL(request.url).searchParams.get('cart_key') !== 't_fresh'
              ? wireError(status, code)
              : HttpResponse.json(wireCart({ key: 't_fresh' })),
          ),
        );
        const store = getCartStore(shop.config);
        const cart = await store.load();
        await store.load();
        expect(cart.key).to.equal('t_fresh');
        expect(sent.map((request) => request.cartKey)).to.deep.equal(['t_expired', null, 't_fresh']);
        expect(localStorage.getItem(shop.cartKeyName)).to.equal('t_fresh');
      });
    }

    it('gives up after one fresh attempt when the service refuses every cart', async () => {
      const shop = newShop();
      localStorage.setItem(shop.cartKeyName, 't_expired');
      worker.use(http.get(shop.url('v2/cart'), () => wireError(404, 'svc_cart_not_found')));
      const store = getCartStore(shop.config);
      const error = await rejection(store.load());
      expect(error.is('cart_not_found')).to.equal(true);
      expect(store.state.status).to.equal('error');
      expect(sent.map((request) => request.cartKey)).to.deep.equal(['t_expired', null]);
    });

    it('puts an item into a fresh cart when the kept cart is gone', async () => {
      const shop = newShop();
      localStorage.setItem(shop.cartKeyName, 't_expired');
      worker.use(
        http.post(shop.url('v2/cart/add-item'), ({ request }) =>
          new URL(request.url).searchParams.has('cart_key')
            ? wireError(404, 'svc_cart_not_found')
            : HttpResponse.json(wireCart({ key: 't_fresh', lines: [{ key: 'a', quantity: 1 }] })),
        ),
      );
      const store = getCartStore(shop.config);
      const cart = await store.addItem({ id: 7, quantity: 1 });
      expect(cart.items).to.have.length(1);
      expect(sent.map((request) => request.cartKey)).to.deep.equal(['t_expired', null]);
      expect(localStorage.getItem(shop.cartKeyName)).to.equal('t_fresh');
    });

    it('ignores a corrupt kept key and starts a fresh cart', async () => {
      const shop = newShop();
      localStorage.setItem(shop.cartKeyName, 'x'.repeat(300));
      worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_fresh' }))));
      const store = getCartStore(shop.config);
      await store.load();
      await store.load();
      expect(sent.map((request) => request.cartKey)).to.deep.equal([null, 't_fresh']);
      expect(localStorage.getItem(shop.cartKeyName)).to.equal('t_fresh');
    });

    it('keeps working with the key in memory when storage throws', async () => {
      const shop = newShop();
      const getItem = Storage.prototype.getItem;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.getItem = () => {
        throw new DOMException('blocked', 'SecurityError');
      };
      Storage.prototype.setItem = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
      try {
        worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_memory' }))));
        const store = getCartStore(shop.config);
        await store.load();
        await store.load();
        expect(sent.map((request) => request.cartKey)).to.deep.equal([null, 't_memory']);
        expect(store.state.status).to.equal('idle');
      } finally {
        Storage.prototype.getItem = getItem;
        Storage.prototype.setItem = setItem;
      }
    });
  });

  describe('storage that is full', () => {
    /** Runs `task` with storage that reads but refuses writes (`methods`) as a full quota does. */
    async function withFullStorage(task: () => Promise<void>, methods: Array<'setItem' | 'removeItem'> = ['setItem']): Promise<void> {
      const originals = methods.map((name) => [name, Storage.prototype[name]] as const);
      for (const name of methods) {
        Storage.prototype[name] = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      }
      try {
        await task();
      } finally {
        for (const [name, original] of originals) Storage.prototype[name] = original as never;
      }
    }

    it("shows a returning shopper's cart when storage is full but still reads", async () => {
      const shop = newShop();
      localStorage.setItem(shop.cartKeyName, 't_saved');
      worker.use(
        http.get(shop.url('v2/cart'), ({ request }) =>
          HttpResponse.json(
            new URL(request.url).searchParams.get('cart_key') === 't_saved'
              ? wireCart({ key: 't_saved', lines: [{ key: 'a', quantity: 2 }] })
              : wireCart({ key: 't_new' }),
          ),
        ),
      );
      await withFullStorage(async () => {
        const store = getCartStore(shop.config);
        const cart = await store.load();
        expect(sent.map((request) => request.cartKey)).to.deep.equal(['t_saved']);
        expect(cart.items.map((item) => item.key)).to.deep.equal(['a']);
        expect(store.state.status).to.equal('idle');
      });
    });

    it('keeps a key the shop issues in memory when storage is full, and sends it next', async () => {
      const shop = newShop();
      worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_new' }))));
      await withFullStorage(async () => {
        const store = getCartStore(shop.config);
        await store.load();
        await store.load();
        expect(sent.map((request) => request.cartKey)).to.deep.equal([null, 't_new']);
      });
      expect(localStorage.getItem(shop.cartKeyName)).to.equal(null);
    });

    it('sends the key it could not store, not the older one storage still holds', async () => {
      const shop = newShop();
      localStorage.setItem(shop.cartKeyName, 't_expired');
      worker.use(
        http.get(shop.url('v2/cart'), ({ request }) =>
          new URL(request.url).searchParams.get('cart_key') === 't_expired'
            ? wireError(404, 'svc_cart_not_found')
            : HttpResponse.json(wireCart({ key: 't_fresh' })),
        ),
      );
      await withFullStorage(async () => {
        const store = getCartStore(shop.config);
        await store.load();
        await store.load();
        expect(sent.map((request) => request.cartKey)).to.deep.equal(['t_expired', null, 't_fresh']);
      }, ['setItem', 'removeItem']);
    });
  });

  describe('optional add-on routes', () => {
    it('turns coupons off when the shop has no coupon route', async () => {
      const shop = newShop();
      worker.use(http.post(shop.url('v2/cart/apply-coupon'), () => wireError(404, 'rest_no_route')));
      const store = getCartStore(shop.config);
      const error = await rejection(store.applyCoupon('SAVE10'));
      expect(error.status).to.equal(404);
      expect(store.state.features).to.deep.equal({ coupons: false, shipping: true, estimate: false, handOver: false });
    });

    it('turns the shipping choice off when the shop has no route for it', async () => {
      const shop = newShop();
      worker.use(http.post(shop.url('v2/cart/set-shipping-method'), () => wireError(404, 'rest_no_route')));
      const store = getCartStore(shop.config);
      await rejection(store.selectShippingRate('0', 'flat_rate:1'));
      expect(store.state.features).to.deep.equal({ coupons: true, shipping: false, estimate: false, handOver: false });
    });

    it('keeps coupons on when a coupon is merely refused', async () => {
      const shop = newShop();
      worker.use(http.post(shop.url('v2/cart/apply-coupon'), () => wireError(404, 'svc_coupon_not_found')));
      const store = getCartStore(shop.config);
      await rejection(store.applyCoupon('NOPE'));
      expect(store.state.features.coupons).to.equal(true);
    });
  });

  describe('lifetime', () => {
    it('reloads the cart when the page comes back from the back/forward cache', async () => {
      const shop = newShop();
      worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a' }))));
      const store = getCartStore(shop.config);
      await store.load();

      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));

      await waitUntil(() => sentTo(shop, 'GET', 'v2/cart').length === 2 && store.state.status === 'idle');
      expect(sentTo(shop, 'GET', 'v2/cart')).to.have.length(2);
    });
  });
});

