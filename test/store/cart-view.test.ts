// The store's concepts alone, with stand-ins for what they are given: the cart on screen
// (src/store/cart-view.ts) and whose cart it is (src/store/cart-owner.ts). The store running them
// together is tested through CartStore (cart-store, ordering, sync, session tests).
import { expect } from '../helpers/testing.js';
import type { Cart } from '../../src/api/model.js';
import { parseCart } from '../../src/api/page-load-schemas.js';
import { CartOwner } from '../../src/store/cart-owner.js';
import { CartView } from '../../src/store/cart-view.js';
import type { Persistence } from '../../src/store/persistence.js';
import type { Reply, RequestPipeline } from '../../src/store/request-pipeline.js';
import type { Session } from '../../src/store/session.js';
import type { CartState, SessionState } from '../../src/store/state.js';
import { wireCart } from './fixtures.js';

const cartOf = (key: string, quantity: number): Cart =>
  parseCart(wireCart({ key: 'g1', lines: [{ key, quantity }] }), { amounts: 'auto' });

/** A pipeline that answers every read with `answer()` and knows one session epoch. */
function standInPipeline(answer: () => Cart) {
  let epoch = 0;
  let at = 1000;
  const pipeline = {
    reads: 0,
    current: (reply: Reply<unknown>) => reply.epoch === epoch,
    newSession: () => void epoch++,
    send: async () => (pipeline.reads++, { answer: answer(), epoch, at: ++at }),
  };
  return pipeline;
}

function newView(answer: () => Cart = () => cartOf('a', 1)) {
  const pipeline = standInPipeline(answer);
  const shared: Cart[] = [];
  const initial: CartState = {
    cart: null,
    status: 'idle',
    session: { kind: 'guest' },
    features: { coupons: true, shipping: true, estimate: false, handOver: false },
    shippingEstimate: null,
    pending: [],
    notMerged: [],
  };
  const view = new CartView(initial, {
    pipeline: pipeline as unknown as RequestPipeline,
    share: (cart) => void shared.push(cart),
    shown: () => {},
  });
  return { view, pipeline, shared };
}

const reply = (answer: Cart, at: number, epoch = 0): Reply => ({ answer, at, epoch });

describe('CartView', () => {
  it('shows a reply and tells the other tabs, unless a newer cart is on screen', () => {
    const { view, shared } = newView();
    const newer = cartOf('a', 3);
    view.showReply(reply(newer, 200));
    view.showReply(reply(cartOf('a', 2), 100));
    expect(view.state.cart?.items[0]?.quantity.value).to.equal(3);
    expect(shared).to.deep.equal([newer]);
    // A late reply that holds a change the reread could not show is shown when asked to.
    view.showReply(reply(cartOf('a', 2), 100), {}, true);
    expect(view.state.cart?.items[0]?.quantity.value).to.equal(2);
  });

  it("never shows a reply of a session that ended since its request started, nor an older tab's cart", () => {
    const { view } = newView();
    view.showReply(reply(cartOf('a', 1), 200));
    view.newSession();
    view.showReply(reply(cartOf('a', 5), 300, 0));
    expect(view.state.cart?.items[0]?.quantity.value).to.equal(1);
    view.showFromOtherTab(cartOf('a', 7), 150);
    expect(view.state.cart?.items[0]?.quantity.value).to.equal(1);
    view.showFromOtherTab(cartOf('a', 7), 400);
    expect(view.state.cart?.items[0]?.quantity.value).to.equal(7);
  });

  it('says a reply is late when a cart that came after its request is on screen', () => {
    const { view } = newView();
    view.showFromOtherTab(cartOf('a', 2), 500);
    expect(view.startedBeforeShown(reply(cartOf('a', 1), 400))).to.equal(true);
    expect(view.startedBeforeShown(reply(cartOf('a', 1), 600))).to.equal(false);
  });

  it('shows a wanted quantity at once and names the line pending, the same array while nothing changes', () => {
    const { view } = newView();
    view.showConfirmed(cartOf('a', 1));
    const waiter = { resolve: () => {}, reject: () => {} };
    const line = view.wantQuantity('a', 4, waiter);
    // A second change of the same line joins the first: no second sending.
    expect(view.wantQuantity('a', 5, waiter)).to.equal(undefined);
    view.set(view.withPendingQuantities());
    expect(line?.wanted).to.equal(5);
    expect(view.state.cart?.items[0]?.quantity.value).to.equal(5);
    expect(view.state.pending).to.deep.equal(['a']);
    const pending = view.state.pending;
    view.set(view.withPendingQuantities());
    expect(view.state.pending).to.equal(pending);
    // The confirmed cart stays what the shop said.
    expect(view.confirmed?.items[0]?.quantity.value).to.equal(1);
  });

  it('shares the read in flight, and a failed read keeps the cart with the error', async () => {
    let fail = false;
    const { view, pipeline } = newView(() => {
      if (fail) throw new Error('offline');
      return cartOf('a', 1);
    });
    const [first, second] = [view.load(), view.load()];
    expect(first).to.equal(second);
    await first;
    expect(pipeline.reads).to.equal(1);
    fail = true;
    await view.read().catch(() => {});
    expect(view.state.status).to.equal('error');
    expect(view.state.cart?.items).to.have.length(1);
  });

  it('tells every listener once per change, even when one of them throws', async () => {
    const { view } = newView();
    const heard: string[] = [];
    const thrown: unknown[] = [];
    // The test runner fails a test at an uncaught error: this one is expected, and caught here.
    const runners = window.onerror;
    window.onerror = (_message, _source, _line, _column, error) => (thrown.push(error), true);
    try {
      view.subscribe(() => {
        throw new Error('a broken listener');
      });
      view.subscribe((state) => void heard.push(state.status));
      view.set({ status: 'loading' });
      view.set({ status: 'loading' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      window.onerror = runners;
    }
    expect(heard).to.deep.equal(['loading']);
    expect(String(thrown[0])).to.contain('a broken listener');
  });
});

describe('CartOwner', () => {
  /** A session whose state the test changes, and storage that remembers what was written. */
  function standIns() {
    let state: SessionState = { kind: 'bearer', user: { id: '7', username: 'ada', displayName: 'Ada', firstName: '', lastName: '', email: '' } };
    const stored = new Map<string, string>([
      ['last-cart', '{}'],
      ['cart-key', 'g1'],
    ]);
    const session = { get state() { return state; } } as unknown as Session;
    const persistence = {
      read: (name: string) => stored.get(name) ?? null,
      write: (name: string, value: string | null) => void (value === null ? stored.delete(name) : stored.set(name, value)),
      post: () => {},
    } as unknown as Persistence;
    return { session, persistence, stored, signedIn: state, become: (next: SessionState) => (state = next) };
  }

  it("leaves nothing of a customer's cart when another tab signs out, and reads a fresh guest cart", async () => {
    const { view, pipeline } = newView(() => cartOf('guest-line', 1));
    const { session, persistence, stored, signedIn, become } = standIns();
    const owner = new CartOwner(session, view, persistence);
    view.set({ session: signedIn });
    view.showReply(reply(cartOf('saved', 2), 200));
    expect(owner.key).to.equal('bearer:7');

    const signedOut: SessionState = { kind: 'guest', endedBy: 'other-tab' };
    become(signedOut);
    owner.follow(signedOut);
    expect(view.state.cart).to.equal(null);
    expect(stored.has('last-cart')).to.equal(false);
    expect(stored.has('cart-key')).to.equal(false);
    // The customer's reply still on its way is of the ended session.
    view.showReply(reply(cartOf('saved', 3), 250, 0));
    expect(view.state.cart).to.equal(null);
    await view.load();
    expect(pipeline.reads).to.equal(1);
    expect(view.state.cart?.items[0]?.key).to.equal('guest-line');
  });

  it('a change of the session the store makes itself is not followed as a stranger', async () => {
    const { view, pipeline } = newView();
    const { session, persistence, signedIn, become } = standIns();
    const owner = new CartOwner(session, view, persistence);
    view.set({ session: signedIn });
    await owner.change(async () => {
      const guest: SessionState = { kind: 'guest', endedBy: 'user' };
      become(guest);
      owner.follow(guest);
    });
    expect(view.state.session.kind).to.equal('guest');
    expect(pipeline.reads).to.equal(0);
  });
});
