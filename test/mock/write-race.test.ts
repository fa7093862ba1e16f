// The real shape's writes race as CoCart's do (spec/real-world-notes.md, "Writes to one cart race"):
// each cart request — a write, or a read, which saves the cart it loaded too — reads the cart when it
// arrives and saves the whole cart when it answers, so of two that overlap, the first answered is lost
// — both answered 200. Sent one after another, all count.
import { basic, expect, waitUntil } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { DEFAULT_USERS, PRODUCT_IDS as ID, createMockShop, type MockShop } from '../../src/mock/index.js';
import { GuestCart, call, itemsOf, startWorker, type WireResponse } from './wire-client.js';

const real = { namespace: 'cocart', shape: 'real' } as const;
const racing = createMockShop({ ...real, baseUrl: 'https://race.test/wp-json' });
const slow = createMockShop({ ...real, baseUrl: 'https://slow.test/wp-json', writeTime: 200 });
const orderly = createMockShop({ ...real, baseUrl: 'https://orderly.test/wp-json', writeRace: false });
const documentShop = createMockShop({ baseUrl: 'https://doc.test/wp-json', writeTime: 50 });
const shops = [racing, slow, orderly, documentShop];

const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;

/** `[product id, quantity]` per line of the cart as the shop now holds it. */
async function linesOf(cart: GuestCart): Promise<Array<[number, number]>> {
  const { body } = await cart.get();
  return itemsOf(body).map((item) => [item.id, item.quantity.value]);
}

/**
 * Waits until the shop has the request sent after it held `before` requests: then a request sent
 * next overlaps it (the shop writes for `writeTime` ms), however slow the machine. A fixed pause
 * instead let a busy machine deliver the second after the first had answered (WebKit, load 13).
 */
async function reached(shop: MockShop, before: number): Promise<void> {
  await waitUntil(() => shop.requests.length > before, 'the first request did not reach the shop');
}

/** A guest cart that already holds one mug (so it has a key and a saved cart). */
async function cartWithAMug(shop: MockShop): Promise<GuestCart> {
  const cart = new GuestCart(shop);
  expect((await cart.add(ID.mug, 1)).status).to.equal(200);
  return cart;
}

function expectAll200(responses: WireResponse[]) {
  expect(responses.map((r) => r.status)).to.deep.equal(responses.map(() => 200));
}

describe('mock shop, real shape: writes to one cart race, last writer wins', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(...shops);
  });
  after(() => worker.stop());
  beforeEach(() => shops.forEach((s) => s.reset()));

  it('loses two of three adds sent at once to one cart (by default in the real shape), answering each with 200 and its own view', async () => {
    // The slow shop: its 200 ms of work, not the default 20, is the window the three must arrive in.
    // With 20, a busy machine delivered them apart and all three counted (Firefox, in CI).
    const cart = await cartWithAMug(slow);
    const answers = await Promise.all([cart.add(ID.mug, 1), cart.add(ID.mug, 1), cart.add(ID.mug, 1)]);
    expectAll200(answers);
    // Each write read mug ×1 when it arrived and answered mug ×2: nothing says a change was lost.
    for (const answer of answers) expect(itemsOf(answer.body).map((item) => item.quantity.value)).to.deep.equal([2]);
    expect(await linesOf(cart)).to.deep.equal([[ID.mug, 2]]);
  });

  it('keeps only the line of the write that answered last when two adds of different products overlap', async () => {
    const cart = await cartWithAMug(slow);
    const before = slow.requests.length;
    const first = cart.add(ID.filters, 1);
    await reached(slow, before);
    const second = cart.add(ID.ethiopiaBeans, 1);
    expectAll200(await Promise.all([first, second]));
    expect(await linesOf(cart)).to.deep.equal([
      [ID.mug, 1],
      [ID.ethiopiaBeans, 1],
    ]);
  });

  it('undoes a quantity change when an add that had not seen it answers after it', async () => {
    const cart = await cartWithAMug(slow);
    const mugKey = itemsOf((await cart.get()).body)[0].item_key;
    const before = slow.requests.length;
    const change = cart.update(mugKey, 5);
    await reached(slow, before);
    const add = cart.add(ID.filters, 1);
    expectAll200(await Promise.all([change, add]));
    // The change answered first; the add, answering last, saved the mug at 1 again.
    expect(await linesOf(cart)).to.deep.equal([
      [ID.mug, 1],
      [ID.filters, 1],
    ]);
  });

  it('keeps every write sent one after another', async () => {
    const cart = await cartWithAMug(racing);
    for (let i = 0; i < 5; i++) expect((await cart.add(ID.mug, 1)).status).to.equal(200);
    await cart.add(ID.filters, 2);
    const mugKey = itemsOf((await cart.get()).body)[0].item_key;
    await cart.update(mugKey, 7);
    expect(await linesOf(cart)).to.deep.equal([
      [ID.mug, 7],
      [ID.filters, 2],
    ]);
  });

  it('loses a write that a read overlaps, as the read saves the cart it loaded', async () => {
    const cart = await cartWithAMug(slow);
    const arrived = slow.requests.length;
    const add = cart.add(ID.mug, 1);
    // The read goes once the add has reached the shop (and loaded the cart): a fixed 10 ms pause let a
    // slow round trip deliver the read first on a busy machine, and then nothing overlapped.
    await waitUntil(() => slow.requests.length > arrived, 'the add did not reach the shop');
    const read = await cart.get();
    expect((await add).status).to.equal(200);
    expect(read.status).to.equal(200);
    // The read loaded mug ×1 after the add arrived and saved it after the add had answered.
    expect(await linesOf(cart)).to.deep.equal([[ID.mug, 1]]);
  });

  it('keeps a write when the read comes after its answer', async () => {
    const cart = await cartWithAMug(slow);
    expect((await cart.add(ID.mug, 1)).status).to.equal(200);
    expect((await cart.get()).status).to.equal(200);
    expect(await linesOf(cart)).to.deep.equal([[ID.mug, 2]]);
  });

  it('keeps overlapping writes to different carts', async () => {
    const one = await cartWithAMug(slow);
    const other = await cartWithAMug(slow);
    expectAll200(await Promise.all([one.add(ID.filters, 1), other.add(ID.dripper, 1)]));
    expect(await linesOf(one)).to.deep.equal([
      [ID.mug, 1],
      [ID.filters, 1],
    ]);
    expect(await linesOf(other)).to.deep.equal([
      [ID.mug, 1],
      [ID.dripper, 1],
    ]);
  });

  it('saves nothing from a write the shop refused, even when it overlaps', async () => {
    const cart = await cartWithAMug(slow);
    const [refused, added] = await Promise.all([cart.add(ID.grinder, 1), cart.add(ID.mug, 1)]);
    expect(refused.status).to.equal(404);
    expect(added.status).to.equal(200);
    expect(await linesOf(cart)).to.deep.equal([[ID.mug, 2]]);
  });

  it('brings a guest cart back when a write to it answers after sign-in carried it over', async () => {
    const cart = await cartWithAMug(slow);
    const guestKey = cart.key!;
    const before = slow.requests.length;
    const add = cart.add(ID.filters, 1);
    await reached(slow, before);
    // Sign-in's carry-over: a signed-in read with the guest key replaces the customer's cart with it.
    const carried = await call(slow, 'GET', 'v2/cart', { query: { cart_key: guestKey }, headers: basic(ada.username, ada.password) });
    expect(itemsOf(carried.body).map((item) => item.id)).to.deep.equal([ID.mug]);
    expect((await add).status).to.equal(200);
    // The add is saved into a guest cart nobody reaches any more: the customer has the mug only.
    expect(slow.carts.get(guestKey)?.lines.map((line) => line.productId)).to.deep.equal([ID.mug, ID.filters]);
    const customer = await call(slow, 'GET', 'v2/cart', { headers: basic(ada.username, ada.password) });
    expect(itemsOf(customer.body).map((item) => item.id)).to.deep.equal([ID.mug]);
  });

  it('applies every overlapping write with writeRace: false', async () => {
    const cart = await cartWithAMug(orderly);
    expectAll200(await Promise.all([cart.add(ID.mug, 1), cart.add(ID.mug, 1), cart.add(ID.filters, 1)]));
    expect(await linesOf(cart)).to.deep.equal([
      [ID.mug, 3],
      [ID.filters, 1],
    ]);
  });

  it('never races in the document shape', async () => {
    const cart = new GuestCart(documentShop);
    await cart.add(ID.mug, 1);
    await Promise.all([cart.add(ID.mug, 1), cart.add(ID.mug, 1), cart.add(ID.filters, 1)]);
    const { body } = await cart.get();
    expect(itemsOf(body).map((item) => [item.id, item.quantity.value])).to.deep.equal([
      [ID.mug, 3],
      [ID.filters, 1],
    ]);
  });
});

describe('mock shop, real shape: copies of the shop on one storage (tabs) race as one server', () => {
  let worker: SetupWorker;
  const storage = new Map<string, string>();
  const memory: Storage = {
    get length() {
      return storage.size;
    },
    clear: () => storage.clear(),
    getItem: (key) => storage.get(key) ?? null,
    key: (index) => [...storage.keys()][index] ?? null,
    removeItem: (key) => void storage.delete(key),
    setItem: (key, value) => void storage.set(key, String(value)),
  };
  // Two base URLs, one storage and storage key: two tabs' copies of one shop.
  const tabOne = createMockShop({ ...real, baseUrl: 'https://tab-one.test/wp-json', storage: memory });
  const tabTwo = createMockShop({ ...real, baseUrl: 'https://tab-two.test/wp-json', storage: memory });
  before(async () => {
    worker = await startWorker(tabOne, tabTwo);
  });
  after(() => worker.stop());
  beforeEach(() => storage.clear());

  it('loses one of two adds to one cart sent at once from two tabs', async () => {
    const first = await cartWithAMug(tabOne);
    const second = new GuestCart(tabTwo);
    second.key = first.key;
    expectAll200(await Promise.all([first.add(ID.filters, 1), second.add(ID.dripper, 1)]));
    const lines = await linesOf(first);
    expect(lines).to.have.length(2);
    expect(lines[0]).to.deep.equal([ID.mug, 1]);
    expect(await linesOf(second)).to.deep.equal(lines);
  });

  it('keeps overlapping adds from two tabs to different carts', async () => {
    const one = await cartWithAMug(tabOne);
    const other = await cartWithAMug(tabTwo);
    expectAll200(await Promise.all([one.add(ID.filters, 1), other.add(ID.dripper, 1)]));
    const seenFromTabTwo = new GuestCart(tabTwo);
    seenFromTabTwo.key = one.key;
    expect(await linesOf(seenFromTabTwo)).to.deep.equal([
      [ID.mug, 1],
      [ID.filters, 1],
    ]);
    expect(await linesOf(other)).to.deep.equal([
      [ID.mug, 1],
      [ID.dripper, 1],
    ]);
  });
});
