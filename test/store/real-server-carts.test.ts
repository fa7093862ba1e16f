// The cart journeys that broke on a real CoCart 4.3.6 server (shared/spec/real-world-notes.md):
// a server written here behaves as the real one does — a signed-in request that carries a guest
// `cart_key` REPLACES the customer's saved cart, an unknown key empties it — so a store that
// loses a line fails these tests.
import { expect, waitUntil } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { defaultMessages, describeError } from '../../src/format/messages.js';
import { CartStore, getCartStore } from '../../src/store/cart-store.js';
import { rejection } from '../helpers/rejection.js';
import { newShop, sent, wireCart, worker, type TestShop, type WireLine } from './fixtures.js';

interface Line {
  id: number;
  name: string;
  quantity: number;
  data?: Record<string, unknown>;
}

/** The real server's cart rules, in memory: guest carts by key and one customer's saved cart. */
function realServer(shop: TestShop, { saved = [] as Line[], refuse = [] as number[] } = {}) {
  const guests = new Map<string, Line[]>();
  let customer = [...saved];
  let issued = 0;
  const wire = (key: string, lines: Line[]) =>
    HttpResponse.json(
      wireCart({ key, lines: lines.map((line): WireLine => ({ key: `k${line.id}`, id: line.id, name: line.name, quantity: line.quantity, data: line.data })) }),
    );
  /** The cart a request works on, as 4.3.6's session handler picks it. */
  const cartOf = (request: Request): { key: string; lines: Line[]; save(lines: Line[]): void } => {
    const key = new URL(request.url).searchParams.get('cart_key');
    if (request.headers.get('Authorization')) {
      if (key) {
        // Signed in with a guest key: the guest cart replaces the saved one (an unknown key: empty).
        customer = guests.get(key) ?? [];
        guests.delete(key);
      }
      return { key: '7', lines: customer, save: (lines) => (customer = lines) };
    }
    const guestKey = key ?? `t_${++issued}`;
    if (!guests.has(guestKey)) guests.set(guestKey, []);
    return { key: guestKey, lines: guests.get(guestKey)!, save: (lines) => guests.set(guestKey, lines) };
  };
  worker.use(
    http.post(shop.url('v2/login'), () =>
      HttpResponse.json({ user_id: '7', display_name: 'Rita', extras: { jwt_token: 't1', jwt_refresh: 'r1' } }),
    ),
    http.get(shop.url('v2/cart'), ({ request }) => {
      const cart = cartOf(request);
      return wire(cart.key, cart.lines);
    }),
    http.post(shop.url('v2/cart/add-item'), async ({ request }) => {
      const body = (await request.json()) as { id: string; quantity: string; item_data?: Record<string, unknown> };
      const id = Number(body.id);
      if (refuse.includes(id)) {
        return HttpResponse.json({ code: 'svc_add_to_cart_error', message: 'You cannot add another "Gift Card" to your cart. View cart', data: { status: 400 } }, { status: 400 });
      }
      const cart = cartOf(request);
      const line: Line = { id, name: `Product ${id}`, quantity: Number(body.quantity), data: body.item_data };
      cart.save([...cart.lines, line]);
      return wire(cart.key, [...cart.lines, line]);
    }),
  );
  return {
    guests,
    get customer() {
      return customer;
    },
  };
}

const signedInRequests = () => sent.filter((request) => request.authorization && request.url.pathname.includes('/v2/cart'));
const rita = { username: 'rwcustomer', password: 'rw-pass-123' };

describe('signing in on a real-server shop never loses a line', () => {
  const tabs: CartStore[] = [];
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.dispose();
  });

  it("keeps the customer's saved lines and adds the guest's, sending the guest key with no signed-in request", async () => {
    const shop = newShop();
    const server = realServer(shop, { saved: [{ id: 12, name: 'Cap', quantity: 2 }] });
    const store = getCartStore(shop.config);
    await store.addItem({ id: 11, quantity: 1 });

    await store.signIn(rita);

    expect(server.customer.map((line) => [line.id, line.quantity])).to.deep.equal([
      [12, 2],
      [11, 1],
    ]);
    expect(store.state.cart?.items.map((item) => [item.id, item.quantity.value])).to.deep.equal([
      [12, 2],
      [11, 1],
    ]);
    expect(signedInRequests().map((request) => request.cartKey)).to.deep.equal(signedInRequests().map(() => null));
    expect(localStorage.getItem(shop.cartKeyName)).to.equal(null);
  });

  it('carries the guest cart over with one request when the saved cart is empty', async () => {
    const shop = newShop();
    const server = realServer(shop);
    const store = getCartStore(shop.config);
    const guest = await store.addItem({ id: 11, quantity: 3 });

    await store.signIn(rita);

    expect(server.customer.map((line) => [line.id, line.quantity])).to.deep.equal([[11, 3]]);
    expect(signedInRequests().map((request) => `${request.method} ${request.cartKey}`)).to.deep.equal(['GET null', `GET ${guest.key}`]);
    expect(store.state.cart?.items.map((item) => item.id)).to.deep.equal([11]);
  });

  it('does the same for a Basic sign-in', async () => {
    const shop = newShop();
    const server = realServer(shop, { saved: [{ id: 12, name: 'Cap', quantity: 2 }] });
    const store = getCartStore({ ...shop.config, auth: 'basic' });
    await store.addItem({ id: 11, quantity: 1 });

    await store.signIn(rita);

    expect(store.state.session.kind).to.equal('basic');
    expect(server.customer.map((line) => line.id)).to.deep.equal([12, 11]);
    expect(signedInRequests().every((request) => request.authorization?.startsWith('Basic ') && request.cartKey === null)).to.equal(true);
  });

  it('names a guest line that cannot join, and keeps the others', async () => {
    const shop = newShop();
    const server = realServer(shop, { saved: [{ id: 15, name: 'Gift Card', quantity: 1 }], refuse: [15] });
    const store = getCartStore(shop.config);
    await store.addItem({ id: 11, quantity: 1 });
    // The guest had a gift card too (added before the shop's rule applied).
    server.guests.get(store.state.cart!.key!)!.push({ id: 15, name: 'Gift Card', quantity: 1 });
    await store.load();

    await store.signIn(rita);

    expect(server.customer.map((line) => line.id)).to.deep.equal([15, 11]);
    expect(store.state.notMerged).to.deep.equal(['Gift Card']);
  });

  it('carries a mix-and-match box as one line with its configuration, not its contents', async () => {
    const shop = newShop();
    const server = realServer(shop, { saved: [{ id: 12, name: 'Cap', quantity: 1 }] });
    const store = getCartStore(shop.config);
    await store.load();
    const key = store.state.cart!.key!;
    const config = [{ product_id: 31, quantity: 2 }];
    server.guests.set(key, [
      { id: 30, name: 'Box', quantity: 1, data: { mnm_config: config, mnm_contents: ['k31'] } },
      { id: 31, name: 'Beans', quantity: 2, data: { mnm_container: 'k30' } },
    ]);
    await store.load();

    await store.signIn(rita);

    const adds = sent.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/add-item'));
    expect(adds.map((request) => JSON.parse(request.body))).to.deep.equal([{ id: '30', quantity: '1', item_data: { mnm_config: config } }]);
  });

  it('never sends the guest key with credentials from another tab, even one that still had it', async () => {
    const shop = newShop();
    const server = realServer(shop, { saved: [{ id: 12, name: 'Cap', quantity: 2 }] });
    const store = getCartStore(shop.config);
    await store.addItem({ id: 11, quantity: 1 });
    const other = new CartStore(shop.config);
    tabs.push(other);
    await other.load();

    await store.signIn(rita);
    await waitUntil(() => other.state.session.kind === 'bearer', 'the other tab did not follow');
    await other.load();
    await other.addItem({ id: 13, quantity: 1 });

    expect(signedInRequests().filter((request) => request.cartKey)).to.have.length(0);
    expect(server.customer.map((line) => line.id)).to.deep.equal([12, 11, 13]);
  });
});

describe('the checkout link', () => {

  function serveGuestCart(shop: TestShop) {
    worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_k 1', lines: [{ key: 'a', quantity: 1 }] }))));
  }

  it("hands a guest's cart to the shop's checkout page", async () => {
    const shop = newShop();
    serveGuestCart(shop);
    const store = getCartStore(shop.config);
    await store.load();
    expect(store.checkoutHref()).to.equal(`${shop.baseUrl.replace(/\/wp-json$/, '')}/checkout/?cocart-load-cart=t_k+1`);
    expect(store.checkoutHref('/pay/')).to.equal('/pay/?cocart-load-cart=t_k+1');
  });

  it('hands nothing over when load-cart-param is empty', async () => {
    const shop = newShop();
    serveGuestCart(shop);
    const store = getCartStore({ ...shop.config, loadCartParam: '', checkoutUrl: 'https://pay.example/go' });
    await store.load();
    expect(store.checkoutHref()).to.equal('https://pay.example/go');
  });

  it('refuses a javascript: or data: checkout-url with a console warning, and uses the shop checkout', async () => {
    const shop = newShop();
    serveGuestCart(shop);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const store = getCartStore({ ...shop.config, checkoutUrl: 'javascript:alert(1)', loadCartParam: '' });
      expect(store.config.checkoutUrl).to.equal(`${shop.baseUrl.replace(/\/wp-json$/, '')}/checkout/`);
      expect(store.checkoutHref('data:text/html,<script>alert(1)</script>')).to.equal(store.config.checkoutUrl);
      expect(store.checkoutHref(' JavaScript:alert(1)')).to.equal(store.config.checkoutUrl);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.have.length(3);
    expect(warnings[0]).to.contain('javascript:alert(1)');
  });
});

describe('the cart key the service chooses', () => {

  it('keeps a key with spaces and odd characters and sends it back encoded', async () => {
    const shop = newShop();
    worker.use(http.get(shop.url('v2/cart'), ({ request }) => HttpResponse.json(wireCart({ key: new URL(request.url).searchParams.get('cart_key') ?? 'a b&c=d' }))));
    const store = getCartStore(shop.config);
    await store.load();
    await store.load();
    expect(sent.map((request) => request.cartKey)).to.deep.equal([null, 'a b&c=d']);
    expect(localStorage.getItem(shop.cartKeyName)).to.equal('a b&c=d');
  });

  it('does not adopt a key the server rewrote: the kept key stays', async () => {
    const shop = newShop();
    localStorage.setItem(shop.cartKeyName, 'bad key!<>');
    worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 'badkey' }))));
    const store = getCartStore(shop.config);
    await store.load();
    expect(localStorage.getItem(shop.cartKeyName)).to.equal('bad key!<>');
  });
});

describe('a change whose answer is lost or whose line is gone', () => {

  it('reads the cart again when the connection drops after an add, shows what the shop holds and never repeats the add', async () => {
    const shop = newShop();
    let beanies = 1;
    worker.use(
      http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a', lines: [{ key: 'b', quantity: beanies }] }))),
      http.post(shop.url('v2/cart/add-item'), () => {
        beanies++;
        return HttpResponse.error();
      }),
    );
    const store = getCartStore(shop.config);
    await store.load();

    const error = await rejection(store.addItem({ id: 11, quantity: 1 }));

    expect(error.kind).to.equal('network');
    expect(describeError(error, defaultMessages)).to.equal(defaultMessages.outcomeUnknown);
    expect(store.state.cart?.itemCount).to.equal(2);
    expect(sent.filter((request) => request.method === 'POST')).to.have.length(1);
  });

  it('reads the cart again when a line was removed on another device, and says it is gone', async () => {
    const shop = newShop();
    let lines: WireLine[] = [{ key: 'a', quantity: 1 }, { key: 'b', quantity: 2 }];
    worker.use(
      http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a', lines }))),
      http.post(shop.url('v2/cart/item/a'), () =>
        HttpResponse.json({ code: 'svc_item_not_in_cart', message: 'Item specified does not exist in cart.', data: { status: 404 } }, { status: 404 }),
      ),
    );
    const store = getCartStore(shop.config);
    await store.load();
    lines = [{ key: 'b', quantity: 2 }];

    const error = await rejection(store.updateQuantity('a', 3));

    expect(describeError(error, defaultMessages)).to.equal(defaultMessages.lineGone);
    expect(store.state.cart?.items.map((item) => item.key)).to.deep.equal(['b']);
    expect(store.state.cart?.totals.total).to.equal(2000);
  });
});

describe('a rejected token in the 500 critical-error shape (CoCart JWT 3.0.3 on core 4.3.x)', () => {
  const critical = () =>
    HttpResponse.json(
      { code: 'internal_server_error', message: '<p>There has been a critical error on this website.</p>', data: { status: 500 }, additional_errors: [] },
      { status: 500 },
    );

  function tokenShop(shop: TestShop, refresh: () => Response) {
    worker.use(
      http.post(shop.url('v2/login'), () => HttpResponse.json({ user_id: '7', display_name: 'Rita', extras: { jwt_token: 't1', jwt_refresh: 'r1' } })),
      http.get(shop.url('v2/cart'), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer t2' ? HttpResponse.json(wireCart({ key: '7', lines: [{ key: 'mine', quantity: 1 }] })) : critical(),
      ),
      http.post(shop.url('jwt/refresh-token'), refresh),
    );
  }

  it('refreshes once and repeats the request', async () => {
    const shop = newShop();
    tokenShop(shop, () => HttpResponse.json({ token: 't2', refresh_token: 'r2' }));
    const store = getCartStore(shop.config);
    await store.signIn(rita);
    expect(store.state.session.kind).to.equal('bearer');
    expect(store.state.cart?.items.map((item) => item.key)).to.deep.equal(['mine']);
    expect(sent.filter((request) => request.url.pathname.endsWith('/refresh-token'))).to.have.length(1);
  });

  it('signs out cleanly when the refresh is refused', async () => {
    const shop = newShop();
    tokenShop(shop, () => HttpResponse.json({ code: 'svc_authentication_error', message: 'Invalid refresh token.', data: { status: 403 } }, { status: 403 }));
    const store = getCartStore(shop.config);
    await store.signIn(rita);
    await waitUntil(() => store.state.session.kind === 'guest', 'the session stayed');
    expect(store.state.session.endedBy).to.equal('refresh-failed');
  });

  it('signs nobody out in a real outage, and shows no PHP text', async () => {
    const shop = newShop();
    tokenShop(shop, critical);
    const store = getCartStore(shop.config);
    await store.signIn(rita);
    expect(store.state.session.kind).to.equal('bearer');
    expect(store.state.status).to.equal('error');
    const said = describeError(store.state.error!, defaultMessages);
    expect(said).to.equal(defaultMessages.shopTrouble);
    expect(said).to.not.match(/critical/i);
  });
});

describe('a cross-origin shop without CORS switched on', () => {
  it('tells the developer in the console which server change is missing', async () => {
    const shop = newShop();
    worker.use(
      // The browser refuses the answer to the POST (a failed preflight looks like this), while a
      // request it sends without asking still reaches the shop.
      http.post(shop.url('v2/cart/add-item'), () => HttpResponse.error()),
      http.get(shop.url('v2/cart/add-item'), () => new HttpResponse(null, { status: 404 })),
      http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a' }))),
      // CoCart 4.3's route index: GET only on v2/cart.
      http.get(shop.url('v2'), () => HttpResponse.json({ routes: { [`/${shop.namespace}/v2/cart`]: { methods: ['GET'] } } })),
    );
    const errors: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      await rejection(getCartStore(shop.config).addItem({ id: 11, quantity: 1 }));
      await waitUntil(() => errors.length, 'nothing was said in the console');
    } finally {
      console.error = error;
    }
    expect(errors[0]).to.contain("add_filter( 'cocart_disable_all_cors', '__return_false' )");
    expect(errors[0]).to.contain(location.origin);
  });
});

describe('a stored session whose check never answers', () => {
  it('still shows the cart (or its error) well within the 20 s read deadline', async () => {
    const shop = newShop();
    worker.use(
      http.post(shop.url('jwt/validate-token'), async () => {
        await new Promise(() => undefined);
        return HttpResponse.json({});
      }),
      http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: '7', lines: [{ key: 'mine', quantity: 1 }] }))),
    );
    localStorage.setItem(`cart-widget:${shop.baseUrl}/${shop.namespace}:session`, JSON.stringify({ token: 't9', refreshToken: 'r9', user: { id: '7', displayName: 'Ada' } }));
    const store = getCartStore(shop.config);
    const started = performance.now();
    await store.load();
    expect(performance.now() - started).to.be.below(6000);
    expect(store.state.cart?.items.map((item) => item.key)).to.deep.equal(['mine']);
    expect(sent.find((request) => request.url.pathname.endsWith('/v2/cart'))?.authorization).to.equal('Bearer t9');
  });
});
