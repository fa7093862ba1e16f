// How many requests a sign-in makes to carry a 27-line guest cart into a customer's saved cart
// (issue 20's note): each line one add-item, and no more than a handful besides.
import { expect } from '../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import { seedLines, useShop } from '../helpers/shop.js';

const ada = { username: 'ada', password: 'analytical-engine' };

describe('carrying a long guest cart over at sign-in', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });

  it('moves 27 guest lines into a saved cart with one add per line and at most four other requests', async () => {
    const store = shop().store();
    await store.signIn(ada);
    await store.addItem({ id: ID.mug, quantity: 1 });
    await store.signOut();
    await seedLines(shop(), 27);
    await store.load();
    const before = shop().requests.length;

    await store.signIn(ada);

    const made = shop().requests.slice(before).map((request) => `${request.method} ${new URL(request.url).pathname.split('/cocart/')[1]}`);
    console.log(`carry-over of 27 lines: ${made.length} requests: ${JSON.stringify(Object.entries(made.reduce<Record<string, number>>((all, line) => ((all[line] = (all[line] ?? 0) + 1), all), {})))}`);
    expect(made.filter((line) => line === 'POST v2/cart/add-item')).to.have.length(27);
    expect(made.length).to.be.at.most(27 + 4);
    expect(store.state.cart!.items).to.have.length(28);
  });
});
