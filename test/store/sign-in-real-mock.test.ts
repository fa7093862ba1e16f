// Sign-in against the fake shop in its real mode, which replaces a customer's saved cart when a
// signed-in request carries a guest key, as CoCart 4.3.6 does: no line may be lost.
import { expect } from '@open-wc/testing';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import { useShop } from '../helpers/shop.js';

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

  it('carries a guest cart into an empty saved cart', async () => {
    const store = shop().store();
    await store.addItem({ id: ID.ethiopiaBeans, quantity: 3 });

    await store.signIn(ada);

    const saved = await store.load();
    expect(saved.items.map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.ethiopiaBeans, 3]]);
  });
});
