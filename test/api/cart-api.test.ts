import { defaultMessages, describeError } from '../../src/format/messages.js';
import { expect } from '../helpers/testing.js';
import { delay, http, HttpResponse, passthrough } from 'msw';
import { listSessions } from '../../src/api/admin-sessions.js';
import { CartApi, ShopConnection, type ApiConfig, type CallContext } from '../../src/api/cart-api.js';
import * as routes from '../../src/api/routes.js';
import { refreshToken } from '../../src/api/token-refresh.js';
import type { ApiError } from '../../src/api/errors.js';
import { worker } from '../helpers/network.js';
import { rejection } from '../helpers/rejection.js';
import { clone, documentCart, documentProduct, realCart, realLogin, realSessions, twoFactorChallenge } from './fixtures.js';

const BASE = 'https://shop.test/wp-json';
const NS = `${BASE}/svc`;

// The file's worker (helpers/network.ts): started once, handlers dropped after each test.

/** Fast retries and timeouts so failure paths run in milliseconds. */
const api = (config: Partial<ApiConfig> = {}) => new CartApi({ baseUrl: BASE, backoffMs: 1, timeoutMs: 2000, ...config });

type Method = 'get' | 'post' | 'put' | 'delete' | 'all';
interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** Answers `method url` with `answer` and records every request it gets. */
function route(method: Method, url: string, answer: () => Response | Promise<Response> = () => HttpResponse.json(clone(documentCart))) {
  const seen: Seen[] = [];
  worker.use(
    http[method](url, async ({ request }) => {
      seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
      return answer();
    }),
  );
  return seen;
}

/** Answers in turn with each of `answers`, repeating the last. */
function sequence(...answers: Array<() => Response | Promise<Response>>) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]!();
}

const query = (seen: Seen) => Object.fromEntries(seen.url.searchParams);

describe('CartApi requests', () => {
  it('gets the cart with the key, featured images and the requested fields in the query', async () => {
    const seen = route('get', `${NS}/v2/cart`);
    const cart = await api().getCart({ cartKey: 't_abc' }, { fields: ['items', 'totals'], defaults: true });
    expect(cart.items).to.have.length(2);
    expect(seen).to.have.length(1);
    expect(seen[0]!.url.origin + seen[0]!.url.pathname).to.equal(`${NS}/v2/cart`);
    expect(query(seen[0]!)).to.deep.equal({ fields: 'items,totals', default: 'true', thumb: 'true', cart_key: 't_abc' });
    expect(seen[0]!.headers.get('Accept')).to.equal('application/json');
    expect(seen[0]!.headers.has('Authorization')).to.equal(false);
    expect(seen[0]!.body).to.equal('');
  });

  it('leaves out thumb when featured images are not wanted, and cart_key when there is none', async () => {
    const seen = route('get', `${NS}/v2/cart`);
    await api().getCart({}, { featuredImage: false });
    expect(query(seen[0]!)).to.deep.equal({});
  });

  it('uses the namespace and ignores a trailing slash on the base URL', async () => {
    const seen = route('get', `${BASE}/cocart/v2/cart`, () => HttpResponse.json(clone(realCart)));
    const cart = await new CartApi({ baseUrl: `${BASE}/`, namespace: 'cocart' }).getCart();
    expect(cart.currency.code).to.equal('EUR');
    expect(seen).to.have.length(1);
  });

  it('adds an item with id and quantity as strings, the key only in the query (with featured images)', async () => {
    const seen = route('post', `${NS}/v2/cart/add-item`);
    await api().addItem(
      { id: 30, quantity: 2, variation: { attribute_pa_colour: 'blue' }, itemData: { mnm_config: [{ product_id: 31, quantity: 2 }] } },
      { cartKey: 't_abc' },
    );
    expect(query(seen[0]!)).to.deep.equal({ thumb: 'true', cart_key: 't_abc' });
    expect(seen[0]!.headers.get('Content-Type')).to.equal('application/json');
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({
      id: '30',
      quantity: '2',
      variation: { attribute_pa_colour: 'blue' },
      item_data: { mnm_config: [{ product_id: 31, quantity: 2 }] },
    });
  });

  it('adds a plain item with only id and quantity', async () => {
    const seen = route('post', `${NS}/v2/cart/add-item`);
    await api().addItem({ id: '42', quantity: 1, variation: {}, itemData: {} });
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({ id: '42', quantity: '1' });
  });

  it('updates, removes and restores an item by its key', async () => {
    const update = route('post', `${NS}/v2/cart/item/:key`);
    const remove = route('delete', `${NS}/v2/cart/item/:key`);
    const restore = route('put', `${NS}/v2/cart/item/:key`);
    const client = api();
    await client.updateItem('a/b c', 3, { cartKey: 'k1' });
    await client.removeItem('a/b c', { cartKey: 'k1' });
    await client.restoreItem('a/b c', { cartKey: 'k1' });
    for (const seen of [update, remove, restore]) {
      expect(seen[0]!.url.pathname).to.equal('/wp-json/svc/v2/cart/item/a%2Fb%20c');
      expect(query(seen[0]!)).to.deep.equal({ thumb: 'true', cart_key: 'k1' });
    }
    expect(JSON.parse(update[0]!.body)).to.deep.equal({ quantity: '3' });
    expect(remove[0]!.body).to.equal('');
    expect(restore[0]!.body).to.equal('');
  });

  it('keeps every key a path segment of its own route: dots alone cannot climb to another route', async () => {
    // The URL standard collapses "." and ".." segments even when written %2E: only a doubly
    // encoded dot stays inside the segment. Everything below the namespace is recorded.
    const seen = route('all' as Method, `${NS}/*`);
    const client = api();
    await client.updateItem('..', 2);
    await client.removeItem('.', {});
    await client.restoreItem('...', {});
    await client.removeCoupon('..', {});
    await client.getProduct('..').catch(() => undefined);
    expect(seen.map((request) => `${request.method} ${request.url.pathname}`)).to.deep.equal([
      'POST /wp-json/svc/v2/cart/item/%252E%252E',
      'DELETE /wp-json/svc/v2/cart/item/%252E',
      'PUT /wp-json/svc/v2/cart/item/%252E%252E%252E',
      'DELETE /wp-json/svc/v2/cart/coupons/%252E%252E',
      'GET /wp-json/svc/v2/products/%252E%252E',
    ]);
  });

  it('leaves dots inside a key as they are', async () => {
    const seen = route('post', `${NS}/v2/cart/item/:key`);
    await api().updateItem('a..b.', 2);
    expect(seen[0]!.url.pathname).to.equal('/wp-json/svc/v2/cart/item/a..b.');
  });

  it('clears the cart, applies and removes coupons and sets a shipping method', async () => {
    const clear = route('post', `${NS}/v2/cart/clear`);
    const apply = route('post', `${NS}/v2/cart/apply-coupon`);
    const remove = route('delete', `${NS}/v2/cart/coupons/:code`);
    const ship = route('post', `${NS}/v2/cart/set-shipping-method`);
    const client = api();
    await client.clear({ cartKey: 'k' });
    await client.applyCoupon('SAVE 10', { cartKey: 'k' });
    await client.removeCoupon('SAVE 10', { cartKey: 'k' });
    await client.setShippingMethod('default', 'flat_rate:1', { cartKey: 'k' });
    expect(clear[0]!.body).to.equal('');
    expect(JSON.parse(apply[0]!.body)).to.deep.equal({ code: 'SAVE 10' });
    expect(remove[0]!.url.pathname).to.equal('/wp-json/svc/v2/cart/coupons/SAVE%2010');
    expect(JSON.parse(ship[0]!.body)).to.deep.equal({ rate_id: 'flat_rate:1', package_id: 'default' });
    for (const seen of [clear, apply, remove, ship]) expect(query(seen[0]!)).to.deep.equal({ thumb: 'true', cart_key: 'k' });
  });

  it('gets a product without a cart key', async () => {
    const seen = route('get', `${NS}/v2/products/:id`, () => HttpResponse.json(clone(documentProduct)));
    const product = await api().getProduct(30, { cartKey: 'not-for-products' });
    expect(product.mnm!.min).to.equal(2);
    expect(seen[0]!.url.pathname).to.equal('/wp-json/svc/v2/products/30');
    expect(query(seen[0]!)).to.deep.equal({});
  });

  it('sends the bearer token when signed in with one', async () => {
    const seen = route('get', `${NS}/v2/cart`);
    await api().getCart({ credentials: { kind: 'bearer', token: 'eyJ.tok' } });
    expect(seen[0]!.headers.get('Authorization')).to.equal('Bearer eyJ.tok');
  });

  it('sends Basic credentials (UTF-8) over https, in the query only when asked', async () => {
    const seen = route('get', `${NS}/v2/cart`);
    await api().getCart({ credentials: { kind: 'basic', username: 'ada', password: 'pässword' } });
    await api().getCart({ credentials: { kind: 'basic', username: 'ada', password: 'pässword', inQuery: true } });
    expect(seen[0]!.headers.get('Authorization')).to.equal('Basic YWRhOnDDpHNzd29yZA==');
    expect(query(seen[0]!)).to.deep.equal({ thumb: 'true' });
    expect(seen[1]!.headers.get('Authorization')).to.equal('Basic YWRhOnDDpHNzd29yZA==');
    expect(query(seen[1]!)).to.deep.include({ username: 'ada', password: 'pässword' });
  });

  it('refuses Basic credentials over plain http and sends nothing', async () => {
    let requests = 0;
    worker.use(
      http.all('http://shop.test/*', () => {
        requests++;
        return HttpResponse.json({});
      }),
    );
    const client = new CartApi({ baseUrl: 'http://shop.test/wp-json' });
    expect(client.secure).to.equal(false);
    const basic = { kind: 'basic', username: 'ada', password: 'secret' } as const;
    for (const call of [
      client.getCart({ credentials: basic }),
      client.login({ username: 'ada', password: 'secret' }),
      listSessions(client, { consumerKey: 'ck', consumerSecret: 'cs' }),
    ]) {
      const error = await rejection(call);
      expect(error.kind).to.equal('insecure-transport');
      expect(said(error)).to.match(/secure/);
    }
    expect(requests).to.equal(0);
  });

  it('allows Basic credentials over plain http to this machine', async () => {
    const seen = route('get', 'http://localhost:8089/wp-json/svc/v2/cart');
    const client = new CartApi({ baseUrl: 'http://localhost:8089/wp-json' });
    expect(client.secure).to.equal(true);
    await client.getCart({ credentials: { kind: 'basic', username: 'ada', password: 'secret' } });
    expect(seen[0]!.headers.get('Authorization')).to.equal(`Basic ${btoa('ada:secret')}`);
  });

  it('signs in with Basic and the JSON body, carrying the guest cart key', async () => {
    const seen = route('post', `${NS}/v2/login`, () => HttpResponse.json(clone(realLogin)));
    const result = await api().login({ username: 'ada', password: 'pässword', twoFactorCode: '123456', twoFactorProvider: 'totp' }, { cartKey: 't_guest' });
    expect(result.token).to.equal('eyJ.real.token');
    expect(result.user.id).to.equal('12');
    expect(seen[0]!.headers.get('Authorization')).to.equal('Basic YWRhOnDDpHNzd29yZA==');
    expect(query(seen[0]!)).to.deep.equal({ cart_key: 't_guest' });
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({ username: 'ada', password: 'pässword', '2fa_code': '123456', '2fa_provider': 'totp' });
  });

  it('signs in with credentials in the query only when asked', async () => {
    const seen = route('post', `${NS}/v2/login`, () => HttpResponse.json(clone(realLogin)));
    await api().login({ username: 'ada', password: 'pw' });
    await api().login({ username: 'ada', password: 'pw' }, { credentialsInQuery: true });
    expect(query(seen[0]!)).to.deep.equal({});
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({ username: 'ada', password: 'pw' });
    expect(query(seen[1]!)).to.deep.equal({ username: 'ada', password: 'pw' });
  });

  it('signs out with the same authentication', async () => {
    const seen = route('post', `${NS}/v2/logout`, () => HttpResponse.json(true));
    await api().logout({ credentials: { kind: 'bearer', token: 't1' } });
    expect(seen[0]!.headers.get('Authorization')).to.equal('Bearer t1');
  });

  it('accepts an empty answer where no body is needed', async () => {
    route('post', `${NS}/v2/logout`, () => new HttpResponse(null, { status: 204 }));
    route('post', `${NS}/jwt/validate-token`, () => new HttpResponse('', { status: 200 }));
    await api().logout();
    await api().validateToken('t1');
  });

  it('validates a token with the bearer header and no body', async () => {
    const seen = route('post', `${NS}/jwt/validate-token`, () => HttpResponse.json({ message: 'Token is valid.' }));
    await api().validateToken('eyJ.tok');
    expect(seen[0]!.headers.get('Authorization')).to.equal('Bearer eyJ.tok');
    expect(seen[0]!.body).to.equal('');
  });

  it('refreshes a token without any Authorization header', async () => {
    const seen = route('post', `${NS}/jwt/refresh-token`, () => HttpResponse.json({ token: 'new.tok', refresh_token: 'r2' }));
    const pair = await api().refreshToken('r1');
    expect(pair).to.deep.equal({ token: 'new.tok', refreshToken: 'r2' });
    expect(seen[0]!.headers.has('Authorization')).to.equal(false);
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({ refresh_token: 'r1' });
  });

  it('lists sessions with the key pair as Basic, in the query only when asked', async () => {
    const seen = route('get', `${NS}/v2/sessions`, () => HttpResponse.json(clone(realSessions)));
    const sessions = await listSessions(api(), { consumerKey: 'ck_1', consumerSecret: 'cs_2' });
    await listSessions(api(), { consumerKey: 'ck_1', consumerSecret: 'cs_2', inQuery: true });
    expect(sessions.map((s) => s.cartKey)).to.deep.equal(['t_5f1c2d3e4b', '12']);
    expect(seen[0]!.headers.get('Authorization')).to.equal('Basic Y2tfMTpjc18y');
    expect(query(seen[0]!)).to.deep.equal({});
    expect(query(seen[1]!)).to.deep.equal({ consumer_key: 'ck_1', consumer_secret: 'cs_2' });
    expect(seen[1]!.headers.has('Authorization')).to.equal(false);
  });

  it('leaves the sessions call out of the script tag (architecture §4: admin pages only)', async () => {
    // `npm test` builds dist/ first; the embed tests run the same file.
    worker.use(http.get('/dist/cart-widget.js', () => passthrough()));
    const bundle = await (await fetch('/dist/cart-widget.js')).text();
    expect(bundle).to.include('v2/cart');
    expect(bundle).not.to.include('v2/sessions');
  });

  it('reads "no sessions" from a 404, but not a missing route', async () => {
    route('get', `${NS}/v2/sessions`, sequence(
      () => HttpResponse.json({ code: 'cocart_no_sessions', message: 'No sessions.', data: { status: 404 } }, { status: 404 }),
      () => HttpResponse.json({ code: 'rest_no_route', message: 'No route was found.', data: { status: 404 } }, { status: 404 }),
    ));
    expect(await listSessions(api(), { consumerKey: 'ck', consumerSecret: 'cs' })).to.deep.equal([]);
    const error = await rejection(listSessions(api(), { consumerKey: 'ck', consumerSecret: 'cs' }));
    expect(error.is('no_route')).to.equal(true);
  });

  it("sends from the store's routes (functions of a plain ShopConnection) what CartApi's methods send", async () => {
    const seen = route('all', `${NS}/*`);
    const ctx: CallContext = { cartKey: 't_abc', credentials: { kind: 'bearer', token: 'jwt' } };
    const viaMethods = api();
    const viaRoutes = new ShopConnection({ baseUrl: BASE, backoffMs: 1, timeoutMs: 2000 });
    const input = { id: 11, quantity: 2, variation: { attribute_pa_colour: 'blue' } };
    const login = { username: 'shopper', password: 'secret', twoFactorCode: '123456' };
    const both: Record<string, [method: () => Promise<unknown>, route: () => Promise<unknown>]> = {
      addItem: [() => viaMethods.addItem(input, ctx), () => routes.addItem(viaRoutes, input, ctx)],
      updateItem: [() => viaMethods.updateItem('a..b', 3, ctx), () => routes.updateItem(viaRoutes, 'a..b', 3, ctx)],
      removeItem: [() => viaMethods.removeItem('..', ctx), () => routes.removeItem(viaRoutes, '..', ctx)],
      restoreItem: [() => viaMethods.restoreItem('abc', ctx), () => routes.restoreItem(viaRoutes, 'abc', ctx)],
      clear: [() => viaMethods.clear(ctx), () => routes.clear(viaRoutes, ctx)],
      applyCoupon: [() => viaMethods.applyCoupon('rw10', ctx), () => routes.applyCoupon(viaRoutes, 'rw10', ctx)],
      removeCoupon: [() => viaMethods.removeCoupon('rw 10', ctx), () => routes.removeCoupon(viaRoutes, 'rw 10', ctx)],
      setShippingMethod: [() => viaMethods.setShippingMethod('0', 'flat_rate:1', ctx), () => routes.setShippingMethod(viaRoutes, '0', 'flat_rate:1', ctx)],
      updateCustomer: [() => viaMethods.updateCustomer({ country: 'DE', postcode: ' 10115 ' }, ctx), () => routes.updateCustomer(viaRoutes, { country: 'DE', postcode: ' 10115 ' }, ctx)],
      getRoutes: [() => viaMethods.getRoutes(ctx), () => routes.getRoutes(viaRoutes, ctx)],
      getProduct: [() => viaMethods.getProduct(11, ctx), () => routes.getProduct(viaRoutes, 11, ctx)],
      login: [() => viaMethods.login(login, { ...ctx, credentialsInQuery: true }), () => routes.login(viaRoutes, login, { ...ctx, credentialsInQuery: true })],
      logout: [() => viaMethods.logout(ctx), () => routes.logout(viaRoutes, ctx)],
      // The store's token exchange loads the refresh route itself (`api/token-refresh.ts`).
      refreshToken: [() => viaMethods.refreshToken('r1'), () => refreshToken(viaRoutes, 'r1')],
    };
    // Every method of CartApi is a route the store can call.
    expect(Object.getOwnPropertyNames(CartApi.prototype).filter((name) => name !== 'constructor').sort()).to.deep.equal(Object.keys(both).sort());
    const outcome = (call: () => Promise<unknown>) => call().then((value) => ({ value }), (error: ApiError) => ({ error: error.kind ?? String(error) }));
    const requests = (from: number) => seen.slice(from).map(({ method, url, headers, body }) => [method, url.href, headers.get('Authorization'), body]);
    for (const [name, [method, routeCall]] of Object.entries(both)) {
      const before = seen.length;
      const asMethod = await outcome(method);
      const middle = seen.length;
      const asRoute = await outcome(routeCall);
      expect(asRoute, name).to.deep.equal(asMethod);
      expect(requests(middle), name).to.deep.equal(requests(before).slice(0, middle - before));
      expect(middle - before, name).to.be.greaterThan(0);
    }
  });
});

describe('CartApi: credentials a shop answers with a 500', () => {
  const criticalError = () => HttpResponse.json({ code: 'internal_server_error', message: '<p>There has been a critical error on this website.</p>', data: { status: 500 } }, { status: 500 });
  const emptyError = () => new HttpResponse(null, { status: 500 });
  const refusesGuests = (code: string) => HttpResponse.json({ code, message: 'Sorry.', data: { status: 401 } }, { status: 401 });
  /** A healthy shop: the credentials get `withCredentials`, a request without any the usual 401. */
  const healthy = (withCredentials: () => Response, code: string) => ({ request }: { request: Request }) =>
    request.headers.has('Authorization') || new URL(request.url).searchParams.has('consumer_key') ? withCredentials() : refusesGuests(code);

  for (const [stack, answer] of [['WordPress 7 (critical-error JSON)', criticalError], ['WordPress 6 (empty body)', emptyError]] as const) {
    it(`reads an unknown username as wrong credentials on ${stack}, because the shop refuses a guest there as usual`, async () => {
      const seen: Array<string | null> = [];
      worker.use(http.post(`${NS}/v2/login`, ({ request }) => (seen.push(request.headers.get('Authorization')), healthy(answer, 'cocart_rest_not_authorized')({ request }))));
      const error = await rejection(api().login({ username: 'nobody', password: 'pw' }));
      expect([error.wrongCredentials, error.refusedCredentials, error.transient, error.status]).to.deep.equal([true, true, false, undefined]);
      expect(error.message).to.include('answered 500').and.include('credentials refused');
      expect(describeError(error, defaultMessages)).not.to.equal(defaultMessages.shopTrouble);
      // The question to the shop carried nothing: no credentials, no body.
      expect(seen).to.deep.equal([basicHeader('nobody', 'pw'), null]);
    });
  }

  it('keeps "trouble" for a shop in trouble: the login fails without credentials too', async () => {
    worker.use(http.post(`${NS}/v2/login`, criticalError));
    const error = await rejection(api().login({ username: 'ada', password: 'pw' }));
    expect([error.wrongCredentials, error.transient]).to.deep.equal([false, true]);
    expect(describeError(error, defaultMessages)).to.equal(defaultMessages.shopTrouble);
  });

  it('says a wrong key pair sent as Basic (an empty 500) was refused, and lists sessions with a right one', async () => {
    worker.use(http.get(`${NS}/v2/sessions`, ({ request }) =>
      request.headers.get('Authorization') === basicHeader('ck_1', 'cs_2') ? HttpResponse.json(clone(realSessions)) : healthy(emptyError, 'cocart_rest_cannot_view')({ request })));
    expect((await listSessions(api(), { consumerKey: 'ck_1', consumerSecret: 'cs_2' })).map((s) => s.cartKey)).to.deep.equal(['t_5f1c2d3e4b', '12']);
    const error = await rejection(listSessions(api(), { consumerKey: 'ck_1', consumerSecret: 'wrong' }));
    expect([error.refusedCredentials, error.transient]).to.deep.equal([true, false]);
    expect(error.message).to.include('answered 500').and.include('refused');
  });

  it('says a wrong key pair sent in the query only (401 rest_cannot_view) was refused; a customer (403) too', async () => {
    const seen = route('get', `${NS}/v2/sessions`, sequence(() => refusesGuests('cocart_rest_cannot_view'), () => HttpResponse.json({ code: 'cocart_rest_cannot_view', message: 'Sorry.', data: { status: 403 } }, { status: 403 })));
    const inQuery = await rejection(listSessions(api(), { consumerKey: 'ck_1', consumerSecret: 'wrong', inQuery: true }));
    const customer = await rejection(listSessions(api(), { consumerKey: 'ada', consumerSecret: 'pw' }));
    expect([inQuery.refusedCredentials, customer.refusedCredentials]).to.deep.equal([true, true]);
    expect(inQuery.message).to.include('answered 401');
    expect(customer.message).to.include('answered 403');
    expect(seen[0]!.headers.has('Authorization')).to.equal(false);
  });

  it('keeps an outage an outage for the sessions call: it fails without credentials too', async () => {
    worker.use(http.get(`${NS}/v2/sessions`, emptyError));
    const error = await rejection(listSessions(api(), { consumerKey: 'ck_1', consumerSecret: 'cs_2' }));
    expect([error.refusedCredentials, error.transient]).to.deep.equal([false, true]);
  });

  it('refuses the key pair in the query over plain http before anything is sent', async () => {
    const seen = route('get', 'http://shop.example/wp-json/svc/v2/sessions');
    const error = await rejection(listSessions(new CartApi({ baseUrl: 'http://shop.example/wp-json' }), { consumerKey: 'ck', consumerSecret: 'cs', inQuery: true }));
    expect([error.kind, seen.length]).to.deep.equal(['insecure-transport', 0]);
  });
});

const basicHeader = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

describe('CartApi cart key', () => {
  const keyless = () => {
    const body: Record<string, unknown> = clone(realCart);
    delete body.cart_key;
    return body;
  };

  it('takes the key from CoCart-API-Cart-Key when the body has none', async () => {
    route('get', `${NS}/v2/cart`, () => HttpResponse.json(keyless(), { headers: { 'CoCart-API-Cart-Key': 't_header' } }));
    expect((await api().getCart()).key).to.equal('t_header');
  });

  it('takes the key from Cart-Key on newer servers', async () => {
    route('post', `${NS}/v2/cart/add-item`, () => HttpResponse.json(keyless(), { headers: { 'Cart-Key': 't_newer' } }));
    expect((await api().addItem({ id: 1, quantity: 1 })).key).to.equal('t_newer');
  });

  it('prefers the key in the body', async () => {
    route('get', `${NS}/v2/cart`, () => HttpResponse.json(clone(realCart), { headers: { 'CoCart-API-Cart-Key': 't_header' } }));
    expect((await api().getCart()).key).to.equal('t_5f1c2d3e4b');
  });

  it('gives null when neither says', async () => {
    route('get', `${NS}/v2/cart`, () => HttpResponse.json(keyless()));
    expect((await api().getCart()).key).to.equal(null);
  });
});

describe('CartApi retries', () => {
  for (const status of [502, 503, 504]) {
    it(`retries a read after ${status}`, async () => {
      const answer = sequence(
        () => new HttpResponse('<html>Bad gateway</html>', { status }),
        () => HttpResponse.json(clone(documentCart)),
      );
      const seen = route('get', `${NS}/v2/cart`, answer);
      const cart = await api().getCart();
      expect(cart.items).to.have.length(2);
      expect(seen).to.have.length(2);
    });
  }

  it('retries a read after 429, honouring Retry-After', async () => {
    const seen = route('get', `${NS}/v2/products/:id`, sequence(
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '0' } }),
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '0.05' } }),
      () => HttpResponse.json(clone(documentProduct)),
    ));
    const started = performance.now();
    // The backoff alone would wait a minute: Retry-After decides.
    const product = await api({ backoffMs: 60_000 }).getProduct(30);
    expect(product.id).to.equal(30);
    expect(seen).to.have.length(3);
    expect(performance.now() - started).to.be.below(5000);
  });

  it('retries a read after a network error', async () => {
    const seen = route('get', `${NS}/v2/cart`, sequence(() => HttpResponse.error(), () => HttpResponse.json(clone(documentCart))));
    await api().getCart();
    expect(seen).to.have.length(2);
  });

  it('gives up after two retries with the last error', async () => {
    const seen = route('get', `${NS}/v2/cart`, () => new HttpResponse(null, { status: 503 }));
    const error = await rejection(api().getCart());
    expect(seen).to.have.length(3);
    expect(error.kind).to.equal('http');
    expect(error.status).to.equal(503);
    expect(said(error)).to.match(/trouble/);
  });

  it('keeps Retry-After on the error for the caller', async () => {
    route('get', `${NS}/v2/cart`, () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '7' } }));
    const error = await rejection(api({ retries: 0 }).getCart());
    expect(error.status).to.equal(429);
    expect(error.retryAfter).to.equal(7);
    expect(said(error)).to.match(/busy/);
  });

  it('never retries a write', async () => {
    const seen = route('post', `${NS}/v2/cart/add-item`, () => new HttpResponse(null, { status: 503 }));
    const error = await rejection(api().addItem({ id: 1, quantity: 1 }));
    expect(seen).to.have.length(1);
    expect(error.status).to.equal(503);
  });

  it('never retries a write after a network error', async () => {
    const seen = route('post', `${NS}/v2/cart/clear`, () => HttpResponse.error());
    const error = await rejection(api().clear());
    expect(seen).to.have.length(1);
    expect(error.kind).to.equal('network');
    expect(said(error)).to.match(/connection/);
  });

  it('does not retry other failures', async () => {
    const notFound = { code: 'svc_cart_not_found', message: 'Cart not found.', data: { status: 404 } };
    const seen = route('get', `${NS}/v2/cart`, () => HttpResponse.json(notFound, { status: 404 }));
    const error = await rejection(api().getCart());
    expect(seen).to.have.length(1);
    expect(error.is('cart_not_found')).to.equal(true);
  });
});

describe('CartApi timeouts and aborts', () => {
  it('times out a slow answer', async () => {
    route('post', `${NS}/v2/cart/add-item`, async () => {
      await delay(1000);
      return HttpResponse.json(clone(documentCart));
    });
    const error = await rejection(api({ timeoutMs: 50 }).addItem({ id: 1, quantity: 1 }));
    expect(error.kind).to.equal('timeout');
    expect(said(error)).to.match(/too long/);
  });

  it('gives a read that never answers an overall deadline, retries included', async () => {
    const seen = route('get', `${NS}/v2/cart`, async () => {
      await delay('infinite');
      return HttpResponse.json(clone(documentCart));
    });
    const started = performance.now();
    // Three tries of 600 ms would take 1.8 s and more with their pauses; the deadline ends it at 1 s.
    // (Wide margins: a busy CI machine can add a few hundred ms to the two tries; the second try has
    // ~380 ms, time enough for WebKit's service worker to see it.)
    const error = await rejection(api({ timeoutMs: 600, backoffMs: 20, readDeadlineMs: 1000 }).getCart());
    const took = performance.now() - started;
    expect(error.kind).to.equal('timeout');
    expect(said(error)).to.match(/too long/);
    expect(took).to.be.within(980, 1700);
    // The second try gets only what is left of the deadline; no third one starts.
    expect(seen).to.have.length(2);
  });

  it('stops retrying a read once the deadline is too close for another try', async () => {
    const seen = route('get', `${NS}/v2/cart`, () => new HttpResponse(null, { status: 503 }));
    const started = performance.now();
    // A retry would first wait the 2 s backoff.
    const error = await rejection(api({ backoffMs: 2000, readDeadlineMs: 200 }).getCart());
    expect(error.status).to.equal(503);
    expect(performance.now() - started).to.be.below(1500);
    expect(seen).to.have.length(1);
  });

  it('lets a shopper see a read fail within 20 s by default', () => {
    const client = new CartApi({ baseUrl: BASE });
    expect(client.readDeadlineMs).to.be.a('number').and.at.most(20_000);
    expect(client.readDeadlineMs).to.be.above(0);
  });

  it('aborts when the caller aborts', async () => {
    route('get', `${NS}/v2/cart`, async () => {
      await delay(1000);
      return HttpResponse.json(clone(documentCart));
    });
    const controller = new AbortController();
    const call = api().getCart({ signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await rejection(call)).kind).to.equal('aborted');
  });

  it('sends nothing when the signal is already aborted', async () => {
    const seen = route('get', `${NS}/v2/cart`);
    const controller = new AbortController();
    controller.abort();
    expect((await rejection(api().getCart({ signal: controller.signal }))).kind).to.equal('aborted');
    expect(seen).to.have.length(0);
  });

  it('aborts while waiting to retry', async () => {
    const seen = route('get', `${NS}/v2/cart`, () => new HttpResponse(null, { status: 503 }));
    const controller = new AbortController();
    const call = api({ backoffMs: 5_000 }).getCart({ signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await rejection(call)).kind).to.equal('aborted');
    expect(seen).to.have.length(1);
  });
});

describe('CartApi errors', () => {
  for (const status of [401, 403]) {
    it(`reads ${status} *_authentication_error as an auth failure`, async () => {
      route('post', `${NS}/jwt/validate-token`, () =>
        HttpResponse.json({ code: 'cocart_authentication_error', message: 'Authentication failed.', status }, { status }),
      );
      const error = await rejection(api().validateToken('stale'));
      expect(error.kind).to.equal('auth');
      expect(error.status).to.equal(status);
      expect(error.is('authentication_error')).to.equal(true);
      expect(error.message).to.contain('Authentication failed.');
    });
  }

  it('reads a bare 401 as an auth failure but a bare 403 as a refusal', async () => {
    route('get', `${NS}/v2/cart`, sequence(() => new HttpResponse(null, { status: 401 }), () => new HttpResponse('<h1>Forbidden</h1>', { status: 403 })));
    expect((await rejection(api().getCart())).kind).to.equal('auth');
    const forbidden = await rejection(api().getCart());
    expect(forbidden.kind).to.equal('http');
    expect(said(forbidden)).to.match(/did not allow/);
  });

  it('reads a two-factor challenge', async () => {
    route('post', `${NS}/v2/login`, () => HttpResponse.json(clone(twoFactorChallenge), { status: 401 }));
    const error = await rejection(api().login({ username: 'ada', password: 'pw' }));
    expect(error.kind).to.equal('http');
    expect(error.is('2fa_required')).to.equal(true);
    expect(said(error)).to.equal('Two-factor authentication is required.');
    expect(error.twoFactor).to.deep.equal({ providers: ['email', 'totp', 'backup'], defaultProvider: 'email', emailSent: true });
  });

  it('reads an invalid code and an invalid provider', async () => {
    route('post', `${NS}/v2/login`, sequence(
      () => HttpResponse.json({ code: 'svc_2fa_invalid_code', message: 'Invalid code.', data: { status: 401 } }, { status: 401 }),
      () => HttpResponse.json({ code: 'svc_2fa_invalid_provider', message: 'Unknown provider &quot;sms&quot;.', data: { status: 400 } }, { status: 400 }),
    ));
    const code = await rejection(api().login({ username: 'a', password: 'b', twoFactorCode: '000000' }));
    expect(code.is('2fa_invalid_code')).to.equal(true);
    expect(code.twoFactor).to.equal(undefined);
    const provider = await rejection(api().login({ username: 'a', password: 'b', twoFactorCode: '1', twoFactorProvider: 'sms' }));
    expect(provider.is('2fa_invalid_provider')).to.equal(true);
    expect(said(provider)).to.equal('Unknown provider "sms".');
  });

  const html = { 'Content-Type': 'text/html' };
  const oddBodies: Array<[string, () => Response, RegExp]> = [
    [
      '{success: false, data: [{code, message}]}',
      () => HttpResponse.json({ success: false, data: [{ code: 'cocart_not_enough_in_stock', message: 'Only 2 left.' }] }, { status: 400 }),
      /^Only 2 left\.$/,
    ],
    [
      '{success: false, data: {message}}',
      () => HttpResponse.json({ success: false, data: { message: 'Choose <b>3</b> items.' } }, { status: 400 }),
      // No code: the text may be anything (a plugin's debug line); the shopper reads ours.
      /check it and try again/,
    ],
    ['an empty body', () => new HttpResponse(null, { status: 400 }), /check it and try again/],
    ['an HTML page from a proxy', () => new HttpResponse('<!doctype html><h1>502 Bad Gateway</h1>', { status: 502, headers: html }), /trouble/],
    ['a JSON string', () => HttpResponse.json('Sorry, <em>no</em>.', { status: 409 }), /check it and try again/],
    ['an empty object', () => HttpResponse.json({}, { status: 500 }), /trouble/],
    ['a stray 404', () => new HttpResponse('Not Found', { status: 404 }), /could not find/],
  ];
  for (const [name, answer, message] of oddBodies) {
    it(`turns ${name} into a readable ApiError`, async () => {
      route('post', `${NS}/v2/cart/add-item`, answer);
      const error = await rejection(api().addItem({ id: 1, quantity: 1 }));
      expect(error.kind).to.equal('http');
      expect(said(error)).to.match(message);
    });
  }

  it('keeps the code of an error body', async () => {
    route('post', `${NS}/v2/cart/add-item`, () =>
      HttpResponse.json({ code: 'cocart_product_sold_individually', message: "You cannot add another 'Mug'.", data: { status: 403 } }, { status: 403 }),
    );
    const error = await rejection(api().addItem({ id: 1, quantity: 1 }));
    expect(error).to.deep.include({ kind: 'http', status: 403, code: 'cocart_product_sold_individually' });
    expect(said(error)).to.equal("You cannot add another 'Mug'.");
  });

  for (const [name, answer] of [
    ['an HTML page', () => new HttpResponse('<html>Maintenance</html>', { headers: { 'Content-Type': 'text/html' } })],
    ['an empty body', () => new HttpResponse(null, { status: 200 })],
    ['JSON that is not a cart', () => HttpResponse.json({ hello: 'world' })],
  ] as const) {
    it(`turns a success with ${name} into an invalid-response ApiError`, async () => {
      route('get', `${NS}/v2/cart`, answer);
      const error = await rejection(api().getCart());
      expect(error.kind).to.equal('invalid-response');
      expect(said(error)).to.match(/could not read/);
    });
  }
});

/** What a shopper reads about `error`. */
function said(error: ApiError): string {
  return describeError(error, defaultMessages);
}
