// Replies that arrive out of order: a change's answer that is older than the cart already on screen
// (a later reply's, another tab's) must never put back what the shop no longer holds.
import { afterTabsTold, expect, pause, waitUntil } from '../helpers/testing.js';
import { delay, http, HttpResponse } from 'msw';
import { CartStore, getCartStore } from '../../src/store/cart-store.js';
import { newShop, sentTo, wireCart, worker, type WireLine } from './fixtures.js';


/**
 * A shop that keeps its cart. Each route can be slow twice over: `before` ms before it changes the
 * cart (the request is on its way), `after` ms after it took its answer (the answer is on its way).
 */
function heldShop(lines: WireLine[]) {
  const shop = newShop();
  const held = new Map(lines.map((line) => [line.key, line]));
  const slow: Record<string, { before?: number; after?: number }> = {};
  const answer = async (route: string, change: () => void) => {
    await delay(slow[route]?.before ?? 0);
    change();
    const snapshot = wireCart({ key: 't_a', lines: [...held.values()] });
    await delay(slow[route]?.after ?? 0);
    return HttpResponse.json(snapshot);
  };
  worker.use(
    http.get(shop.url('v2/cart'), () => answer('load', () => {})),
    http.post(shop.url('v2/cart/item/:key'), async ({ request, params }) => {
      const { quantity } = (await request.json()) as { quantity: string };
      return answer('quantity', () => held.set(String(params.key), { ...held.get(String(params.key))!, quantity: Number(quantity) }));
    }),
    http.post(shop.url('v2/cart/add-item'), async ({ request }) => {
      const { id } = (await request.json()) as { id: string };
      return answer(`add ${id}`, () => held.set(`p${id}`, { key: `p${id}`, id: Number(id), quantity: 1 }));
    }),
    http.post(shop.url('v2/cart/clear'), () => answer('clear', () => held.clear())),
  );
  return { shop, slow, held: () => [...held.values()].map((line) => `${line.key}×${line.quantity}`) };
}

const shown = (store: CartStore) => store.state.cart?.items.map((item) => `${item.key}×${item.quantity.value}`);

describe('CartStore: replies out of order', () => {
  const tabs: CartStore[] = [];
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.dispose();
  });

  /** One tab on a shop holding `lines`, loaded. */
  async function oneTab(lines: WireLine[]) {
    const held = heldShop(lines);
    const store = getCartStore(held.shop.config);
    await store.load();
    return { ...held, store };
  }

  /** Two tabs on a shop holding one line `a`, both loaded. */
  async function twoTabs() {
    const tab = await oneTab([{ key: 'a', quantity: 1 }]);
    const there = new CartStore(tab.shop.config);
    tabs.push(there);
    await there.load();
    return { ...tab, here: tab.store, there };
  }

  it('keeps an item added while a quantity change was answered late', async () => {
    const { slow, held, store } = await oneTab([{ key: 'a', quantity: 1 }]);

    slow.quantity = { after: 150 };
    const changed = store.updateQuantity('a', 5);
    await pause(30);
    await store.addItem({ id: 7, quantity: 1 });
    expect(shown(store)).to.deep.equal(['a×5', 'p7×1']);
    await changed;

    expect(shown(store)).to.deep.equal(held());
    expect(shown(store)).to.deep.equal(['a×5', 'p7×1']);
    expect(store.state.pending).to.deep.equal([]);
  });

  it('keeps a cleared cart empty when an earlier quantity change is answered after the clear', async () => {
    const { slow, store } = await oneTab([{ key: 'a', quantity: 1 }]);

    slow.quantity = { after: 150 };
    const changed = store.updateQuantity('a', 5);
    await pause(30);
    await store.clear();
    await changed;

    expect(shown(store)).to.deep.equal([]);
  });

  it('reads the cart only once a quantity change on its way has been answered, and shows the settled quantity', async () => {
    const { slow, held, store } = await oneTab([{ key: 'a', quantity: 1 }]);

    slow.quantity = { before: 80 };
    const changed = store.updateQuantity('a', 5);
    let changeAnswered = false;
    void changed.then(() => (changeAnswered = true));
    await pause(10);
    // A read the shop carried out meanwhile would save the old quantity over the change (the shop
    // saves the cart a read loaded): the read waits for the cart's lock.
    await store.load();
    expect(changeAnswered, 'the change was answered before the read').to.equal(true);

    expect(shown(store)).to.deep.equal(['a×5']);
    expect(held()).to.deep.equal(['a×5']);
    expect(store.state.pending).to.deep.equal([]);
    expect(store.state.status).to.equal('idle');
  });

  it("shows a late change's own answer when the fresh load after it fails, and offers to load again", async () => {
    const { shop, slow, held, store } = await oneTab([{ key: 'a', quantity: 1 }]);

    const before = store.state.cart;
    slow.quantity = { before: 80 };
    const changed = store.updateQuantity('a', 5);
    await pause(10);
    // Another tab shows a cart while the change is on its way: the change's answer is late when it
    // comes, so the cart is read again.
    const otherTab = new BroadcastChannel(`cart-widget:${store.scope}`);
    otherTab.postMessage({ type: 'cart', cart: before, owner: 'guest:', at: Date.now() + 60_000 });
    otherTab.close();
    // From now on the cart cannot be read: only the change's own answer is left.
    const down = http.get(shop.url('v2/cart'), () => HttpResponse.json({ code: 'down', message: 'Down.' }, { status: 503 }));
    worker.use(down);
    await changed;

    expect(shown(store)).to.deep.equal(['a×5']);
    expect(store.state.pending).to.deep.equal([]);
    // The failed load still shows, so the shopper can try again.
    expect(store.state.status).to.equal('error');

    worker.resetHandlers(...worker.listHandlers().filter((handler) => handler !== down));
    await store.load();
    expect(shown(store)).to.deep.equal(held());
    expect(store.state.status).to.equal('idle');
  });

  it('shows both items when the first of two adds is slow: the second waits for it, no load more', async () => {
    const { shop, slow, held, store } = await oneTab([]);

    slow['add 1'] = { after: 120 };
    const first = store.addItem({ id: 1, quantity: 1 });
    await pause(20);
    await store.addItem({ id: 2, quantity: 1 });
    await first;

    expect(shown(store)).to.deep.equal(held());
    expect(shown(store)).to.deep.equal(['p1×1', 'p2×1']);
    expect(sentTo(shop, 'GET', 'v2/cart')).to.have.length(1);
  });

  it("does not undo another tab's add with a late answer, in either tab", async () => {
    const { slow, held, here, there } = await twoTabs();

    slow.quantity = { after: 150 };
    const changed = here.updateQuantity('a', 5);
    await pause(30);
    await there.addItem({ id: 7, quantity: 1 });
    await waitUntil(() => shown(here)?.length === 2, "the other tab's cart did not arrive");
    await changed;
    await pause(50);

    expect({ here: shown(here), there: shown(there) }).to.deep.equal({ here: held(), there: held() });
    expect(held()).to.deep.equal(['a×5', 'p7×1']);
  });

  it("does not undo another tab's add with a slow load", async () => {
    const { slow, held, here, there } = await twoTabs();

    slow.load = { after: 150 };
    const loading = here.load();
    await pause(30);
    delete slow.load;
    await there.addItem({ id: 7, quantity: 1 });
    await loading;
    // The other tab's cart comes once that page is idle.
    await afterTabsTold();
    await pause(50);

    expect({ here: shown(here), there: shown(there) }).to.deep.equal({ here: held(), there: held() });
    expect(held()).to.deep.equal(['a×1', 'p7×1']);
    expect(here.state.status).to.equal('idle');
  });
});
