// Sign-in against the fake shop in its real mode, which replaces a customer's saved cart when a
// signed-in request carries a guest key, as CoCart 4.3.6 does: no line may be lost.
import { afterTabsTold, expect } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import { CartStore } from '../../src/store/cart-store.js';
import { useShop, worker } from '../helpers/shop.js';
import { rejection } from '../helpers/rejection.js';

const ada = { username: 'ada', password: 'analytical-engine' };
const byId = (lines: Array<[number, number]>) => [...lines].sort((a, b) => a[0] - b[0]);

describe('signing in on a shop that behaves like CoCart 4.3.6', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });

  it("keeps the customer's saved lines and the guest's lines, and sends no guest key with credentials", async () => {
    const store = shop().store();
    await store.signIn(ada);
    await store.addItem({ id: ID.mug, quantity: 2 });
    await store.signOut();
    await store.addItem({ id: ID.ethiopiaBeans, quantity: 1 });

    await store.signIn(ada);

    const expected = byId([
      [ID.ethiopiaBeans, 1],
      [ID.mug, 2],
    ]);
    expect(byId(store.state.cart!.items.map((item) => [item.id, item.quantity.value]))).to.deep.equal(expected);
    // Read again from the shop: its saved cart holds both.
    const saved = await store.load();
    expect(byId(saved.items.map((item) => [item.id, item.quantity.value]))).to.deep.equal(expected);
    const signedIn = shop().requests.filter((request) => request.headers.authorization && /\/v2\/cart/.test(request.url));
    expect(signedIn.filter((request) => new URL(request.url).searchParams.has('cart_key'))).to.have.length(0);
  });

  it("stops a sign-in that could not read the guest's cart, and carries it when the shop answers again", async () => {
    const first = shop().store();
    await first.addItem({ id: ID.ethiopiaBeans, quantity: 3 });
    // What the first page tells the others goes out once it is idle: before the second page is open.
    await afterTabsTold();
    // Another page of the visit, with the guest's key but not its cart: the shop cannot be reached.
    const unreachable = http.get(shop().url('v2/cart'), () => HttpResponse.error());
    worker.use(unreachable);
    const page = new CartStore(shop().config);
    try {
      await page.load().catch(() => undefined);
      expect(page.state.cart, 'no cart on screen').to.equal(null);

      const error = await rejection(page.signIn(ada));

      expect(error.kind).to.equal('network');
      expect(page.state.session.kind, 'still a guest').to.equal('guest');
      expect(shop().requests.filter((request) => request.url.includes('/login')), 'signed in without the guest cart').to.have.length(0);

      worker.resetHandlers(...worker.listHandlers().filter((handler) => handler !== unreachable));
      await page.signIn(ada);
      expect(page.state.cart!.items.map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.ethiopiaBeans, 3]]);
    } finally {
      page.dispose();
    }
  });

  it('carries a guest cart into an empty saved cart', async () => {
    const store = shop().store();
    await store.addItem({ id: ID.ethiopiaBeans, quantity: 3 });

    await store.signIn(ada);

    const saved = await store.load();
    expect(saved.items.map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.ethiopiaBeans, 3]]);
  });
});
