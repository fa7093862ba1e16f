import { expect, pause, waitFor, withoutWebLocks } from '../helpers/testing.js';
import { HttpResponse, delay, http } from 'msw';
import { CartApi, type Credentials } from '../../src/api/cart-api.js';
import { ApiError } from '../../src/api/errors.js';
import { CartStore, getCartStore, storeScope } from '../../src/store/cart-store.js';
import { createPersistence, type Persistence } from '../../src/store/persistence.js';
import { Session } from '../../src/store/session.js';
import { ada, expectNoSecretsStored, isStored, newShop, nextState, tokenOf, useShops, worker, type SessionShop } from './session-fixtures.js';

const DAY = 86_400_000;
const adaSignIn = { username: 'ada', password: ada.password };
const authError = new ApiError({ kind: 'auth', status: 401, code: 'svc_authentication_error', message: 'Authentication failed.' });

/**
 * Cart requests carrying `token` fail as the shop answers a token it no longer takes (401 / 403);
 * the others reach the fake shop. Counts the refused ones.
 */
function refuseToken(test: SessionShop, token: string): { refused: number } {
  const real = test.shop.shape === 'real';
  const ns = test.config.namespace;
  const counter = { refused: 0 };
  worker.use(
    http.all(`${test.config.baseUrl}/${ns}/v2/cart*`, ({ request }) => {
      if (request.headers.get('Authorization') !== `Bearer ${token}`) return undefined;
      counter.refused++;
      const status = real ? 403 : 401;
      return HttpResponse.json({ code: `${ns}_authentication_error`, message: 'Authentication failed.', data: { status } }, { status });
    }),
  );
  return counter;
}

/** A signed-in tab, and a second tab of the same shop that restored the session from storage. */
async function twoTabs(test: SessionShop): Promise<[Session, Session, string]> {
  const first = test.tab();
  await first.signIn(adaSignIn);
  const second = test.tab();
  return [first, second, (await tokenOf(first))!];
}

/**
 * A tab in another process that lags behind: once `lag()` is called, it reads the session storage
 * held then, and hears the other tabs' messages `ms` later (as storage and messages may reach a
 * tab after the lock another tab released).
 */
function laggingTab(test: SessionShop, ms: number): { session: Session; lag(): void } {
  const real = createPersistence(storeScope(test.config));
  let frozen: Map<string, string | null> | null = null;
  const persistence: Persistence = {
    ...real,
    read: (name, place = 'browser') => (frozen?.has(`${place}:${name}`) ? frozen.get(`${place}:${name}`)! : real.read(name, place)),
    listen: (listener) => real.listen((message) => (frozen ? setTimeout(() => listener(message), ms) : listener(message))),
  };
  const now = () => test.clock.now;
  const session = new Session(new CartApi(test.config), persistence, test.config, { now });
  return { session, lag: () => (frozen = new Map((['browser', 'tab'] as const).map((place) => [`${place}:session`, real.read('session', place)]))) };
}

describe('Session: token refresh', () => {
  useShops();

  it('refreshes shortly before the token expires, without an Authorization header', async () => {
    const test = newShop();
    const session = test.tab();
    await session.signIn(adaSignIn);
    const old = (await tokenOf(session))!;
    expect(await tokenOf(session)).to.equal(old);
    expect(test.requests('jwt/refresh-token')).to.have.length(0);

    test.clock.now += 10 * DAY - 30_000;
    const fresh = (await tokenOf(session))!;
    const refreshes = test.requests('jwt/refresh-token');
    expect(refreshes).to.have.length(1);
    expect(refreshes[0]!.headers).to.not.have.property('authorization');
    expect(fresh).to.not.equal(old);
    expect(isStored(fresh)).to.equal(true);
    expect(isStored(old)).to.equal(false);
    expect(session.state.kind).to.equal('bearer');
  });

  it('refreshes once and repeats the request once after an authentication failure (403 on real servers)', async () => {
    const test = newShop({ shape: 'real', namespace: 'cocart' });
    const store = getCartStore(test.config);
    await store.signIn(adaSignIn);
    const old = store.state.session.kind === 'bearer' ? (await tokenOf(store))! : '';
    const shop = refuseToken(test, old);

    const cart = await store.addItem({ id: 11, quantity: 1 });
    expect(cart.items).to.have.length(1);
    expect(shop.refused).to.equal(1);
    expect(test.requests('jwt/refresh-token')).to.have.length(1);
    const repeated = test.requests('v2/cart/add-item');
    expect(repeated).to.have.length(1);
    expect(repeated[0]!.headers.authorization).to.match(/^Bearer /).and.not.equal(`Bearer ${old}`);
  });

  it('answers N concurrent failing requests with exactly one refresh', async () => {
    const test = newShop();
    const store = getCartStore(test.config);
    await store.signIn(adaSignIn);
    const shop = refuseToken(test, (await tokenOf(store))!);

    const carts = await Promise.all([11, 12, 13, 14, 15].map((id) => store.addItem({ id, quantity: 1 })));
    expect(carts.every((cart) => cart.key === '2')).to.equal(true);
    // Writes to one cart go one at a time (architecture §3): the first is refused and repeated
    // after the refresh; the four after it already carry the new token.
    expect(shop.refused).to.equal(1);
    expect(test.requests('jwt/refresh-token')).to.have.length(1);
    expect(test.requests('v2/cart/add-item')).to.have.length(5);
    expect((await store.load()).items).to.have.length(5);
  });

  // Five tabs of one shop, each acting at once with a token the shop no longer takes. The
  // refusals reach the tabs in every order around the one refresh: before it starts, while it
  // runs, and after it finished (before or after the new tokens reached that tab). With storage
  // that cannot take the new tokens, the other tabs hear them but read the old ones, as a tab may
  // whose storage lags behind the message.
  for (const [name, refusalDelays, refreshDelay, fullStorage] of [
    ['all refusals before the refresh', [0, 0, 0, 0, 0], 0, false],
    ['refusals straddling a slow refresh', [0, 10, 40, 80, 160], 60, false],
    ['refusals long after a quick refresh', [0, 60, 120, 180, 240], 0, false],
    ['the first refusal last', [200, 0, 20, 40, 60], 30, false],
    ['all refusals before the refresh, storage full', [0, 0, 0, 0, 0], 30, true],
    ['refusals straddling a slow refresh, storage full', [0, 10, 40, 80, 160], 60, true],
  ] as const) {
    it(`repeats each of five tabs' actions once with the new token after one refresh: ${name}`, async () => {
      const test = newShop({ shape: 'real', namespace: 'cocart' });
      const tabs: CartStore[] = [];
      const setItem = Storage.prototype.setItem;
      try {
        const first = new CartStore(test.config);
        tabs.push(first);
        await first.signIn(adaSignIn);
        const old = (await tokenOf(first))!;
        for (let i = 1; i < 5; i++) tabs.push(new CartStore(test.config));
        await Promise.all(tabs.map((tab) => tokenOf(tab)));
        expect(tabs.map((tab) => tab.state.session.kind)).to.deep.equal(Array(5).fill('bearer'));
        if (fullStorage) {
          Storage.prototype.setItem = () => {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          };
        }

        let refused = 0;
        const ns = test.config.namespace;
        worker.use(
          http.post(`${test.config.baseUrl}/${ns}/v2/cart/add-item`, async ({ request }) => {
            if (request.headers.get('Authorization') !== `Bearer ${old}`) return undefined;
            const { id } = (await request.clone().json()) as { id: string };
            refused++;
            await delay(refusalDelays[Number(id) - 11]!);
            return HttpResponse.json({ code: `${ns}_authentication_error`, message: 'Authentication failed.', data: { status: 403 } }, { status: 403 });
          }),
          http.post(`${test.config.baseUrl}/${ns}/jwt/refresh-token`, async () => {
            await delay(refreshDelay);
            return undefined;
          }),
        );

        const results = await Promise.allSettled(tabs.map((tab, i) => tab.addItem({ id: 11 + i, quantity: 1 })));
        expect(results.map((result) => result.status)).to.deep.equal(Array(5).fill('fulfilled'));
        // Writes to one cart go one at a time across tabs (architecture §3): a tab whose turn comes
        // after the refresh and the message that tells it sends the new token at once.
        expect(refused).to.be.within(1, 5);
        const refreshes = test.requests('jwt/refresh-token');
        // Storage that cannot take the new tokens leaves only the message to tell the other tabs:
        // a tab granted the lock before the message arrives tries the spent refresh token (refused,
        // then it takes the tokens the message brings). With storage, one refresh and no more.
        if (fullStorage) expect(refreshes.length).to.be.within(1, 5);
        else expect(refreshes).to.have.length(1);
        const repeated = test.requests('v2/cart/add-item').filter((request) => request.headers.authorization !== `Bearer ${old}`);
        expect(repeated.map((request) => (request.body as { id: string }).id).sort()).to.deep.equal(['11', '12', '13', '14', '15']);
        expect(tabs.map((tab) => tab.state.session.kind)).to.deep.equal(Array(5).fill('bearer'));
      } finally {
        Storage.prototype.setItem = setItem;
        for (const tab of tabs) tab.dispose();
      }
    });
  }

  it("takes another tab's tokens when its own refresh is refused because that tab just used the refresh token", async () => {
    const test = newShop({ shape: 'real', namespace: 'cocart' });
    const first = test.tab();
    await first.signIn(adaSignIn);
    const old = (await tokenOf(first))!;
    const lagging = laggingTab(test, 300);
    expect(await tokenOf(lagging.session)).to.equal(old);
    lagging.lag();

    // The first tab refreshes; the lagging one gets the lock next, before it sees the result.
    expect(await first.refresh()).to.equal(true);
    const fresh = (await tokenOf(first))!;
    expect(await lagging.session.recover(authError, { kind: 'bearer', token: old })).to.equal(true);

    expect(await tokenOf(lagging.session)).to.equal(fresh);
    expect([first.state.kind, lagging.session.state.kind]).to.deep.equal(['bearer', 'bearer']);
    // Its own try with the spent refresh token was refused; nobody was signed out for it.
    expect(test.requests('jwt/refresh-token')).to.have.length(2);
    await pause(400);
    expect([first.state.kind, lagging.session.state.kind]).to.deep.equal(['bearer', 'bearer']);
    expect(await tokenOf(first)).to.equal(fresh);
  });

  it('never goes back to older tokens that storage still holds when it could not take the new ones', async () => {
    const test = newShop();
    const [first, second, old] = await twoTabs(test);
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      test.clock.now += 60_000;
      expect(await first.refresh()).to.equal(true);
      const fresh = (await tokenOf(first))!;
      await waitFor(async () => (await tokenOf(second)) === fresh, 'the new token in the second tab', { timeout: 3000, interval: 20 });

      // The shop refuses the new token too: the second tab refreshes, never taking the stored old one.
      test.clock.now += 60_000;
      expect(await second.recover(authError, { kind: 'bearer', token: fresh })).to.equal(true);
      const newest = (await tokenOf(second))!;
      expect([old, fresh]).to.not.include(newest);
      expect(test.requests('jwt/refresh-token')).to.have.length(2);
      expect(second.state.kind).to.equal('bearer');
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });

  it('does not refresh again for a failure of a token a refresh already replaced', async () => {
    const test = newShop();
    const session = test.tab();
    await session.signIn(adaSignIn);
    const stale: Credentials = await session.credentials();
    expect(await session.recover(authError, stale)).to.equal(true);
    expect(await session.recover(authError, stale)).to.equal(true);
    expect(await session.recover(authError)).to.equal(true);
    expect(test.requests('jwt/refresh-token')).to.have.length(1);
  });

  it('does not try to recover from errors that are not about the token', async () => {
    const test = newShop();
    const session = test.tab();
    await session.signIn(adaSignIn);
    const notFound = new ApiError({ kind: 'http', status: 404, code: 'svc_cart_not_found', message: 'x' });
    expect(await session.recover(notFound)).to.equal(false);
    expect(await test.tab().recover(authError)).to.equal(true);
    const guest = newShop().tab();
    expect(await guest.recover(authError)).to.equal(false);
    expect(test.requests('jwt/refresh-token')).to.have.length(1);
  });

  for (const locks of ['Web Locks', 'a storage lease (no Web Locks)']) {
    const run = <T>(task: () => Promise<T>) => (locks === 'Web Locks' ? task() : withoutWebLocks(task));

    it(`lets two tabs refresh once between them and both carry on, with ${locks}`, () =>
      run(async () => {
        const test = newShop();
        const [first, second, old] = await twoTabs(test);
        const failed: Credentials = { kind: 'bearer', token: old };
        const recovered = await Promise.all([first.recover(authError, failed), second.recover(authError, failed)]);
        expect(recovered).to.deep.equal([true, true]);
        expect(test.requests('jwt/refresh-token')).to.have.length(1);

        const [a, b] = [await tokenOf(first), await tokenOf(second)];
        expect(a).to.equal(b);
        expect(a).to.not.equal(old);
        const api = new CartApi(test.config);
        for (const credentials of [await first.credentials(), await second.credentials()]) {
          expect((await api.getCart({ credentials })).key).to.equal('2');
        }
        expect([first.state.kind, second.state.kind]).to.deep.equal(['bearer', 'bearer']);
      }));

    it(`lets two tabs reaching a token's expiry together refresh once, with ${locks}`, () =>
      run(async () => {
        const test = newShop();
        const [first, second] = await twoTabs(test);
        test.clock.now += 10 * DAY - 10_000;
        const [a, b] = await Promise.all([tokenOf(first), tokenOf(second)]);
        expect(a).to.equal(b);
        expect(test.requests('jwt/refresh-token')).to.have.length(1);
      }));
  }

  it('sends the new tokens to the other tabs', async () => {
    const test = newShop();
    const [first, second, old] = await twoTabs(test);
    expect(await first.refresh()).to.equal(true);
    const fresh = (await tokenOf(first))!;
    expect(fresh).to.not.equal(old);
    await waitFor(async () => (await tokenOf(second)) === fresh, 'the new token in the second tab', { timeout: 3000, interval: 20 });
    expect(test.requests('jwt/refresh-token')).to.have.length(1);
  });

  it('signs out cleanly when the refresh fails: tokens cleared, guest, reason, bounded requests', async () => {
    const test = newShop();
    const store = getCartStore(test.config);
    await store.signIn(adaSignIn);
    const old = (await tokenOf(store))!;
    const otherTab = test.tab();
    const followed = nextState(otherTab, (state) => state.kind === 'guest');
    test.shop.auth!.reset(); // the shop no longer knows any token or refresh token
    const before = test.shop.requests.length;

    const results = await Promise.allSettled([11, 12, 13].map((id) => store.addItem({ id, quantity: 1 })));
    expect(results.map((result) => result.status)).to.deep.equal(['rejected', 'rejected', 'rejected']);
    await waitFor(() => store.state.cart?.key?.startsWith('t_') ?? false, 'a guest cart', { timeout: 3000, interval: 20 });
    expect(store.state.session).to.deep.equal({ kind: 'guest', endedBy: 'refresh-failed' });
    expect(await followed).to.deep.equal({ kind: 'guest', endedBy: 'refresh-failed' });
    expect(isStored(old)).to.equal(false);

    // Three failed requests, one refresh, one fresh guest cart — and then quiet.
    await pause(200);
    const after = test.shop.requests.slice(before).map((request) => `${request.method} ${new URL(request.url).pathname.split('/svc/')[1]}`);
    expect(after.filter((line) => line === 'POST jwt/refresh-token')).to.have.length(1);
    // One add refused, one refresh, one fresh guest cart: the two adds waiting their turn (one
    // write at a time) are not sent once the session has ended.
    expect(after).to.have.length(3);
    expectNoSecretsStored(ada.password);
  });

  it('keeps the session when the refresh cannot reach the shop', async () => {
    const test = newShop();
    const session = test.tab();
    await session.signIn(adaSignIn);
    worker.use(http.post(`${test.config.baseUrl}/svc/jwt/refresh-token`, () => HttpResponse.error()));
    expect(await session.refresh()).to.equal(false);
    expect(session.state.kind).to.equal('bearer');
  });
});
