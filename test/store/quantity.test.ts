import { expect, pause } from '../helpers/testing.js';
import { delay, http, HttpResponse } from 'msw';
import { ApiError } from '../../src/api/errors.js';
import { getCartStore } from '../../src/store/cart-store.js';
import { newShop, sentTo, wireCart, wireError, worker, type TestShop, type WireLine } from './fixtures.js';

const lineOf = (store: ReturnType<typeof getCartStore>, key: string) => store.state.cart?.items.find((item) => item.key === key);

/** A shop holding `lines`, whose quantity routes answer after `latency` ms and keep the new quantity. */
function lineShop(lines: WireLine[], latency = 40) {
  const shop = newShop();
  const held = new Map(lines.map((line) => [line.key, line]));
  const flight = { now: 0, max: 0 };
  const answer = () => HttpResponse.json(wireCart({ key: 't_a', lines: [...held.values()] }));
  const change = async (key: string, quantity: number) => {
    flight.max = Math.max(flight.max, ++flight.now);
    await delay(latency);
    flight.now--;
    const line = held.get(key);
    if (line && quantity > 0) held.set(key, { ...line, quantity });
    else held.delete(key);
    return answer();
  };
  worker.use(
    http.get(shop.url('v2/cart'), answer),
    http.post(shop.url('v2/cart/item/:key'), async ({ request, params }) => {
      const { quantity } = (await request.json()) as { quantity: string };
      return change(String(params.key), Number(quantity));
    }),
    http.delete(shop.url('v2/cart/item/:key'), ({ params }) => change(String(params.key), 0)),
  );
  return { shop, flight };
}

async function loaded(shop: TestShop) {
  const store = getCartStore(shop.config);
  await store.load();
  return store;
}

const quantitiesSent = (shop: TestShop, key: string) =>
  sentTo(shop, 'POST', `v2/cart/item/${key}`).map((request) => JSON.parse(request.body).quantity as string);


describe('CartStore quantity changes', () => {
  it('keeps a line the shop sends as before the very same line, so the drawer leaves it as drawn', async () => {
    const { shop } = lineShop([
      { key: 'a', quantity: 1 },
      { key: 'b', quantity: 2 },
    ]);
    const store = await loaded(shop);
    // The first change brings the store's actions, and with them the remembering reader.
    await store.updateQuantity('a', 2);
    const [a, b] = [lineOf(store, 'a'), lineOf(store, 'b')];
    await store.updateQuantity('a', 3);
    expect(lineOf(store, 'b')).to.equal(b);
    expect(lineOf(store, 'a')).not.to.equal(a);
    expect(lineOf(store, 'a')?.quantity.value).to.equal(3);
  });

  it('shows a new quantity at once, with the line total and item count to match', async () => {
    const { shop } = lineShop([
      { key: 'a', quantity: 1, price: 1250 },
      { key: 'b', quantity: 2 },
    ]);
    const store = await loaded(shop);

    const done = store.updateQuantity('a', 3);

    expect(lineOf(store, 'a')?.quantity.value).to.equal(3);
    expect(lineOf(store, 'a')?.totals.total).to.equal(3750);
    expect(lineOf(store, 'b')?.quantity.value).to.equal(2);
    expect(store.state.cart?.itemCount).to.equal(5);
    expect(store.state.pending).to.deep.equal(['a']);
    await done;
    expect(lineOf(store, 'a')?.quantity.value).to.equal(3);
    expect(store.state.pending).to.deep.equal([]);
  });

  it('coalesces rapid changes on one line: one request in flight, then only the newest value', async () => {
    const { shop, flight } = lineShop([{ key: 'a', quantity: 1 }]);
    const store = await loaded(shop);

    const asked: Array<Promise<unknown>> = [];
    for (const quantity of [2, 3, 4, 5, 6]) {
      asked.push(store.updateQuantity('a', quantity));
      expect(lineOf(store, 'a')?.quantity.value).to.equal(quantity);
      await pause(5);
    }
    await Promise.all(asked);

    // The first request reads the quantity when it goes out, once the cart's write lock is its
    // (one write at a time): by then it may already be a newer value. Never more than two.
    const sent = quantitiesSent(shop, 'a');
    expect(sent.at(-1)).to.equal('6');
    expect(sent.length).to.be.within(1, 2);
    expect(flight.max).to.equal(1);
    expect(lineOf(store, 'a')?.quantity.value).to.equal(6);
    expect(store.state.pending).to.deep.equal([]);
  });

  it('sends one request for changes made in the same moment', async () => {
    const { shop } = lineShop([{ key: 'a', quantity: 1 }]);
    const store = await loaded(shop);
    await Promise.all([2, 3, 4, 5, 6].map((quantity) => store.updateQuantity('a', quantity)));
    expect(quantitiesSent(shop, 'a')).to.deep.equal(['6']);
  });

  it('sends nothing more when the newest value is what the service just confirmed', async () => {
    const { shop } = lineShop([{ key: 'a', quantity: 1 }]);
    const store = await loaded(shop);
    const first = store.updateQuantity('a', 2);
    await pause(5);
    const changed = store.updateQuantity('a', 5);
    const back = store.updateQuantity('a', 2);
    await Promise.all([first, changed, back]);
    expect(quantitiesSent(shop, 'a')).to.deep.equal(['2']);
    expect(lineOf(store, 'a')?.quantity.value).to.equal(2);
  });

  it('changes different lines one after the other, both shown at once (one write at a time per cart)', async () => {
    const { shop, flight } = lineShop([
      { key: 'a', quantity: 1 },
      { key: 'b', quantity: 1 },
    ]);
    const store = await loaded(shop);
    const changed = Promise.all([store.updateQuantity('a', 2), store.updateQuantity('b', 3)]);
    expect(store.state.cart?.items.map((item) => item.quantity.value)).to.deep.equal([2, 3]);
    await changed;
    expect(flight.max).to.equal(1);
    expect(store.state.cart?.items.map((item) => item.quantity.value)).to.deep.equal([2, 3]);
  });

  it('hides a line at once when it is removed, and uses the remove route', async () => {
    const { shop } = lineShop([
      { key: 'a', quantity: 2 },
      { key: 'b', quantity: 1 },
    ]);
    const store = await loaded(shop);

    const removed = store.removeItem('a');

    expect(store.state.cart?.items.map((item) => item.key)).to.deep.equal(['b']);
    expect(store.state.cart?.itemCount).to.equal(1);
    await removed;
    expect(sentTo(shop, 'DELETE', 'v2/cart/item/a')).to.have.length(1);
    expect(quantitiesSent(shop, 'a')).to.deep.equal([]);
  });

  it('changes a mix-and-match box and its contents together', async () => {
    const { shop } = lineShop([
      { key: 'box', quantity: 1, data: { mnm_contents: ['c1'] } },
      { key: 'c1', quantity: 3, price: 0, data: { mnm_container: 'box' } },
    ]);
    const store = await loaded(shop);
    const doubled = store.updateQuantity('box', 2);
    expect(lineOf(store, 'c1')?.quantity.value).to.equal(6);
    expect(store.state.cart?.itemCount).to.equal(8);
    const removed = store.updateQuantity('box', 0);
    expect(store.state.cart?.items).to.deep.equal([]);
    expect(store.state.cart?.itemCount).to.equal(0);
    await Promise.all([doubled, removed]);
  });

  it('ignores a reply that arrives after a newer one was applied', async () => {
    const shop = newShop();
    let gets = 0;
    worker.use(
      http.get(shop.url('v2/cart'), async () => {
        if (++gets === 2) await delay(120);
        return HttpResponse.json(wireCart({ key: 't_a', lines: [{ key: 'a', quantity: 1 }] }));
      }),
      http.post(shop.url('v2/cart/item/:key'), () => HttpResponse.json(wireCart({ key: 't_a', lines: [{ key: 'a', quantity: 4 }] }))),
    );
    const store = await loaded(shop);

    const slow = store.load();
    await pause(10);
    await store.updateQuantity('a', 4);
    await slow;

    expect(lineOf(store, 'a')?.quantity.value).to.equal(4);
    expect(store.state.status).to.equal('idle');
  });

  it('rolls the line back and rejects every waiting change when the service refuses', async () => {
    const shop = newShop();
    worker.use(
      http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a', lines: [{ key: 'a', quantity: 1 }] }))),
      http.post(shop.url('v2/cart/item/:key'), async () => {
        await delay(40);
        return wireError(400, 'svc_not_enough_in_stock');
      }),
    );
    const store = await loaded(shop);
    const confirmed = store.state.cart;

    const outcomes = Promise.allSettled([store.updateQuantity('a', 3), pause(5).then(() => store.updateQuantity('a', 9))]);
    await pause(10);
    expect(lineOf(store, 'a')?.quantity.value).to.equal(9);
    const [first, second] = await outcomes;

    for (const outcome of [first, second]) {
      expect(outcome?.status).to.equal('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).to.be.instanceOf(ApiError);
      expect(reason.is('not_enough_in_stock')).to.equal(true);
    }
    expect(store.state.cart).to.equal(confirmed);
    expect(store.state.pending).to.deep.equal([]);
    expect(store.state.status).to.equal('idle');
    expect(quantitiesSent(shop, 'a')).to.deep.equal(['3']);
  });

  it('refuses a negative quantity without a request', async () => {
    const { shop } = lineShop([{ key: 'a', quantity: 1 }]);
    const store = await loaded(shop);
    let error: unknown;
    await store.updateQuantity('a', -1).catch((caught) => (error = caught));
    expect(error).to.be.instanceOf(ApiError);
    expect(quantitiesSent(shop, 'a')).to.deep.equal([]);
  });
});
