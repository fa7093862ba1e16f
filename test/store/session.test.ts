import { defaultMessages, describeError } from '../../src/format/messages.js';
import { afterTabsTold, expect, waitUntil } from '../helpers/testing.js';
import { HttpResponse, http } from 'msw';
import { listSessions, type KeyPair } from '../../src/api/admin-sessions.js';
import { CartApi } from '../../src/api/cart-api.js';
import { DEFAULT_KEY_PAIR } from '../../src/mock/index.js';
import { getCartStore } from '../../src/store/cart-store.js';
import type { StoreConfig } from '../../src/store/config.js';
import {
  ada,
  credentialsOf,
  expectNoSecretsStored,
  grace,
  isStored,
  newShop,
  nextState,
  tokenOf,
  useShops,
  worker,
} from './session-fixtures.js';
import { rejection } from '../helpers/rejection.js';

const adaSignIn = { username: 'ada', password: ada.password };

describe('Session', () => {
  useShops();

  describe('bearer (the default)', () => {
    it('signs in with the token from the login response and sends it on every later request', async () => {
      const { tab, requests } = newShop();
      const session = tab();
      await session.signIn(adaSignIn);
      expect(session.state).to.deep.equal({
        kind: 'bearer',
        user: { id: '2', username: 'ada', displayName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      });
      const login = requests('v2/login')[0]!;
      const token = await tokenOf(session);
      expect(token).to.match(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(await session.credentials()).to.deep.equal({ kind: 'bearer', token });
      // Over https the login request carries the credentials as Basic too (real servers read it).
      expect(login.headers.authorization).to.equal(`Basic ${btoa(`ada:${ada.password}`)}`);
      expectNoSecretsStored(ada.password);
    });

    it('takes the tokens from extras in the real-server shape', async () => {
      const { tab, requests } = newShop({ shape: 'real', namespace: 'cocart' });
      const session = tab();
      await session.signIn(adaSignIn);
      expect(session.state.user?.displayName).to.equal('Ada Lovelace');
      const token = (await tokenOf(session))!;
      await session.restore();
      expect(requests('jwt/validate-token')[0]!.headers.authorization).to.equal(`Bearer ${token}`);
      expect(requests('jwt/validate-token')).to.have.length(1);
      expect(session.state.kind).to.equal('bearer');
    });

    it('sends no guest cart key with the login request: a real server would replace the saved cart with it', async () => {
      const { tab, requests } = newShop();
      await tab().signIn(adaSignIn);
      expect(new URL(requests('v2/login')[0]!.url).searchParams.has('cart_key')).to.equal(false);
    });

    it('survives a reload: a new page starts signed in and checks the token with validate-token', async () => {
      const { tab, requests } = newShop();
      const first = tab();
      await first.signIn(adaSignIn);
      const token = (await tokenOf(first))!;
      expect(isStored(token)).to.equal(true);

      const reloaded = tab();
      expect(reloaded.state.kind).to.equal('bearer');
      expect(reloaded.state.user?.displayName).to.equal('Ada Lovelace');
      await reloaded.restore();
      const checks = requests('jwt/validate-token');
      expect(checks).to.have.length(1);
      expect(checks[0]!.headers.authorization).to.equal(`Bearer ${token}`);
      expect(await tokenOf(reloaded)).to.equal(token);
    });

    it('ends a stored session the shop no longer accepts, with reason "expired"', async () => {
      const { tab, shop, requests } = newShop();
      const first = tab();
      await first.signIn(adaSignIn);
      // The reload comes after the sign-in's messages to the other tabs.
      await afterTabsTold();
      const token = (await tokenOf(first))!;
      shop.auth!.reset(); // the shop forgot every token (new signing key, refresh tokens gone)

      const reloaded = tab();
      await reloaded.restore();
      expect(reloaded.state).to.deep.equal({ kind: 'guest', endedBy: 'expired' });
      expect(await reloaded.credentials()).to.deep.equal({ kind: 'none' });
      expect(requests('jwt/validate-token')).to.have.length(1);
      expect(requests('jwt/refresh-token')).to.have.length(1);
      expect(isStored(token)).to.equal(false);
    });

    it('keeps a stored session when the shop cannot be reached on page load', async () => {
      const { tab, config } = newShop();
      await tab().signIn(adaSignIn);
      worker.use(http.post(`${config.baseUrl}/svc/jwt/validate-token`, () => HttpResponse.error()));
      const reloaded = tab();
      await reloaded.restore();
      expect(reloaded.state.kind).to.equal('bearer');
    });
  });

  describe('two-factor', () => {
    it('rejects with the challenge, then signs in with the e-mailed code', async () => {
      const { tab, shop } = newShop();
      const session = tab();
      const error = await rejection(session.signIn({ username: 'grace', password: grace.password }));
      expect(error.is('2fa_required')).to.equal(true);
      expect(error.twoFactor).to.deep.equal({ providers: ['email', 'totp', 'backup'], defaultProvider: 'email', emailSent: true });
      expect(session.state.kind).to.equal('guest');

      const code = shop.auth!.inbox.latest()!.code;
      await session.signIn({ username: 'grace', password: grace.password, twoFactorCode: code, twoFactorProvider: 'email' });
      expect(session.state.user?.displayName).to.equal('Grace Hopper');
      expectNoSecretsStored(grace.password, code);
    });
  });

  describe('basic', () => {
    it('refuses a plain-http shop before sending anything, with a clear error', async () => {
      for (const auth of ['basic', 'bearer'] as const) {
        const { tab, shop } = newShop({ origin: 'http://shop.test', auth });
        const session = tab();
        const error = await rejection(session.signIn(adaSignIn));
        expect(error.kind).to.equal('insecure-transport');
        expect(describeError(error, defaultMessages)).to.equal('Signing in needs a secure (https) connection to the shop.');
        expect(shop.requests).to.have.length(0);
        expect(session.state.kind).to.equal('guest');
      }
    });

    it('allows localhost and 127.0.0.1 over http', async () => {
      for (const origin of ['http://localhost:8123', 'http://127.0.0.1:8123']) {
        const { tab } = newShop({ origin, auth: 'basic' });
        const session = tab();
        await session.signIn(adaSignIn);
        expect(session.state.kind).to.equal('basic');
      }
    });

    it('keeps the credentials in memory only and sends them on every request', async () => {
      const { tab, config, requests } = newShop({ auth: 'basic' });
      const session = tab();
      await session.signIn({ username: 'ada@example.com', password: ada.password });
      expect(session.state.kind).to.equal('basic');
      expect(session.state.user?.displayName).to.equal('Ada Lovelace');
      const credentials = await session.credentials();
      expect(credentials).to.deep.equal({ kind: 'basic', username: 'ada@example.com', password: ada.password, inQuery: false });

      const cart = await new CartApi(config).getCart({ credentials });
      expect(cart.key).to.equal('2');
      expect(requests('v2/cart')[0]!.headers.authorization).to.equal(`Basic ${btoa(`ada@example.com:${ada.password}`)}`);
      expect(new URL(requests('v2/cart')[0]!.url).searchParams.has('password')).to.equal(false);
      expectNoSecretsStored(ada.password);
      // Nothing kept: the next page starts as a guest.
      expect(tab().state.kind).to.equal('guest');
    });

    it('ends a Basic session whose password the shop stops taking, with reason "expired"', async () => {
      const { config, shop } = newShop({ auth: 'basic' });
      const store = getCartStore(config);
      await store.signIn(adaSignIn);
      worker.use(
        http.post(shop.url('v2/cart/add-item'), () =>
          HttpResponse.json({ code: 'svc_authentication_error', message: 'Authentication failed.', data: { status: 401 } }, { status: 401 }),
        ),
      );
      const error = await rejection(store.addItem({ id: 11, quantity: 1 }));
      expect(error.kind).to.equal('auth');
      expect(store.state.session).to.deep.equal({ kind: 'guest', endedBy: 'expired' });
      expect(await credentialsOf(store)).to.deep.equal({ kind: 'none' });
      await waitUntil(() => store.state.cart?.key?.startsWith('t_'), 'no fresh guest cart');
    });

    it('sends the credentials as query parameters too only when credentials-in-query is on', async () => {
      const { tab, config, requests } = newShop({ auth: 'basic', credentialsInQuery: true });
      const session = tab();
      await session.signIn(adaSignIn);
      await new CartApi(config).getCart({ credentials: await session.credentials() });
      for (const request of [requests('v2/login')[0]!, requests('v2/cart')[0]!]) {
        const query = new URL(request.url).searchParams;
        expect([query.get('username'), query.get('password')]).to.deep.equal(['ada', ada.password]);
      }
      expectNoSecretsStored(ada.password);
    });
  });

  describe('sign-out', () => {
    it('calls logout, clears the tokens, and every tab follows with its reason', async () => {
      const { tab, requests } = newShop();
      const here = tab();
      await here.signIn(adaSignIn);
      const token = (await tokenOf(here))!;
      const there = tab();
      expect(there.state.kind).to.equal('bearer');
      const followed = nextState(there, (state) => state.kind === 'guest');

      await here.signOut();
      expect(here.state).to.deep.equal({ kind: 'guest', endedBy: 'user' });
      expect(await followed).to.deep.equal({ kind: 'guest', endedBy: 'other-tab' });
      expect(requests('v2/logout')[0]!.headers.authorization).to.equal(`Bearer ${token}`);
      expect(isStored(token)).to.equal(false);
      expect(await there.credentials()).to.deep.equal({ kind: 'none' });
      // The shop revoked the token: it is no good anywhere any more.
      const error = await rejection(new CartApi(newShop().config).validateToken(token));
      expect(error.kind).to.equal('auth');
    });

    it('still signs out when the shop has no logout route', async () => {
      const { tab, config } = newShop();
      const session = tab();
      await session.signIn(adaSignIn);
      worker.use(
        http.post(`${config.baseUrl}/svc/v2/logout`, () =>
          HttpResponse.json({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }, { status: 404 }),
        ),
      );
      await session.signOut();
      expect(session.state.kind).to.equal('guest');
      expect(tab().state.kind).to.equal('guest');
    });
  });

  describe('admin sessions (listSessions, beside the store)', () => {
    /** What a back-office page does: its own api for the shop, the key pair per call. */
    const admin = (shop: { config: StoreConfig }, keys: KeyPair = DEFAULT_KEY_PAIR) => listSessions(new CartApi(shop.config), keys);

    it('lists the sessions with the key pair, normalised, and keeps the pair nowhere', async () => {
      const shop = newShop();
      const { tab, requests } = shop;
      const session = tab();
      await session.signIn(adaSignIn);
      const list = await admin(shop);
      // Signing in created no cart yet: the shop has none, and says so with a 404.
      expect(list).to.deep.equal([]);
      const sent = requests('v2/sessions')[0]!;
      expect(sent.headers.authorization).to.equal(`Basic ${btoa(`${DEFAULT_KEY_PAIR.consumerKey}:${DEFAULT_KEY_PAIR.consumerSecret}`)}`);
      expect(new URL(sent.url).search).to.equal('');
      expectNoSecretsStored(DEFAULT_KEY_PAIR.consumerSecret);
    });

    it('returns each cart as a normalised session once there are carts', async () => {
      const shop = newShop();
      const store = getCartStore(shop.config);
      await store.addItem({ id: 11, quantity: 1 });
      const list = await admin(shop);
      expect(list).to.have.length(1);
      expect(list[0]).to.include({ cartKey: store.state.cart!.key, source: 'cocart', customerName: '' });
      expect(list[0]!.link).to.contain(`cart_key=${store.state.cart!.key}`);
    });

    it('refuses a wrong key pair and a plain-http shop (sending nothing there)', async () => {
      const wrong = await rejection(admin(newShop(), { ...DEFAULT_KEY_PAIR, consumerSecret: 'cs_wrong' }));
      expect(wrong.status).to.equal(401);
      const plain = newShop({ origin: 'http://shop.test' });
      const insecure = await rejection(admin(plain));
      expect(insecure.kind).to.equal('insecure-transport');
      expect(plain.shop.requests).to.have.length(0);
    });

    it('sends the key pair as query parameters only when asked', async () => {
      const shop = newShop();
      await admin(shop, { ...DEFAULT_KEY_PAIR, inQuery: true });
      const query = new URL(shop.requests('v2/sessions')[0]!.url).searchParams;
      expect(query.get('consumer_key')).to.equal(DEFAULT_KEY_PAIR.consumerKey);
      expect(query.get('consumer_secret')).to.equal(DEFAULT_KEY_PAIR.consumerSecret);
      expectNoSecretsStored(DEFAULT_KEY_PAIR.consumerSecret);
    });
  });

  describe('with the store', () => {
    it('carries the guest cart into an empty customer cart with one request, then stops sending the guest key', async () => {
      const { config, requests } = newShop();
      const store = getCartStore(config);
      await store.addItem({ id: 11, quantity: 2 });
      const guestKey = store.state.cart!.key!;
      expect(guestKey).to.match(/^t_/);

      await store.signIn(adaSignIn);
      expect(new URL(requests('v2/login')[0]!.url).searchParams.has('cart_key')).to.equal(false);
      const authenticated = requests().filter((request) => /\/v2\/cart/.test(request.url) && request.headers.authorization);
      // First the customer's saved cart (empty), then the one request that carries the guest cart over.
      expect(authenticated.map((request) => new URL(request.url).searchParams.get('cart_key'))).to.deep.equal([null, guestKey]);
      expect(store.state.cart?.key).to.equal('2');
      expect(store.state.cart?.items.map((item) => [item.id, item.quantity.value])).to.deep.equal([[11, 2]]);

      await store.addItem({ id: 12, quantity: 1 });
      const later = requests('v2/cart/add-item').at(-1)!;
      expect(later.headers.authorization).to.match(/^Bearer /);
      expect(new URL(later.url).searchParams.has('cart_key')).to.equal(false);
      expectNoSecretsStored(ada.password);
    });

    it("signs out: forgets the customer's cart and starts a fresh guest cart", async () => {
      const { config, requests } = newShop();
      const store = getCartStore(config);
      await store.signIn(adaSignIn);
      await store.addItem({ id: 11, quantity: 1 });
      await store.signOut();
      expect(store.state.session).to.deep.equal({ kind: 'guest', endedBy: 'user' });
      const last = requests('v2/cart').at(-1)!;
      expect(last.headers.authorization).to.equal(undefined);
      expect(new URL(last.url).searchParams.has('cart_key')).to.equal(false);
      expect(store.state.cart?.key).to.match(/^t_/);
      expect(store.state.cart?.items).to.deep.equal([]);
    });
  });
});
