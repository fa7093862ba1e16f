// Where a session lives ("Keep me signed in") and whose clock judges a token's age (issue 31).
import { expect, waitUntil } from '../helpers/testing.js';
import { CartApi } from '../../src/api/cart-api.js';
import { storeScope } from '../../src/store/cart-store.js';
import { createPersistence, type Persistence } from '../../src/store/persistence.js';
import { Session } from '../../src/store/session.js';
import { ada, isStored, newShop, nextState, tokenOf, useShops, type SessionShop } from './session-fixtures.js';

const HOUR = 3_600_000;
const adaSignIn = { username: 'ada', password: ada.password };

/** Every key of this shop's in a storage (localStorage or sessionStorage). */
function keysIn(storage: Storage, test: SessionShop): string[] {
  const prefix = `cart-widget:${storeScope(test.config)}:`;
  return Object.keys(storage).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}

/**
 * A tab opened afresh: this page's tabs share one sessionStorage, a new browser tab has its own,
 * empty one — so this tab's reads of the `tab` place find nothing it did not write itself.
 */
function newBrowserTab(test: SessionShop, now = () => test.clock.now): Session & { close(): void } {
  const real = createPersistence(storeScope(test.config));
  const mine = new Map<string, string | null>();
  const stops: Array<() => void> = [];
  const persistence: Persistence = {
    ...real,
    read: (name, place = 'browser') => (place === 'tab' ? (mine.get(name) ?? null) : real.read(name, place)),
    write: (name, value, place = 'browser') => (place === 'tab' ? void mine.set(name, value) : real.write(name, value, place)),
    listen: (listener) => {
      const stop = real.listen(listener);
      stops.push(stop);
      return stop;
    },
  };
  const session = new Session(new CartApi(test.config), persistence, test.config, { now });
  // Closing the tab: it hears nothing any more, and its sessionStorage (`mine`) goes with it.
  return Object.assign(session, { close: () => (stops.forEach((stop) => stop()), mine.clear()) });
}

describe('Session: where it lives', () => {
  useShops();

  it('without "Keep me signed in" keeps nothing in localStorage: the tab holds it, and a new tab gets it from an open one', async () => {
    const test = newShop();
    const first = test.tab();
    await first.signIn(adaSignIn);
    const token = (await tokenOf(first))!;
    expect(keysIn(localStorage, test), 'localStorage').to.not.include('session');
    expect(keysIn(sessionStorage, test), "the tab's sessionStorage").to.include('session');
    expect(Object.values(localStorage).some((value) => value.includes(token))).to.equal(false);

    const opened = newBrowserTab(test);
    expect(opened.state.kind, 'before an open tab answered').to.equal('guest');
    await nextState(opened, (state) => state.kind === 'bearer');
    expect(await opened.credentials()).to.deep.equal({ kind: 'bearer', token });
  });

  it('ends with the last tab: a tab opened after every tab of the session closed starts as a guest', async () => {
    const test = newShop();
    const only = newBrowserTab(test);
    await only.signIn(adaSignIn);
    // What it told the other tabs has gone out (a real tab closes long after).
    await new Promise((resolve) => setTimeout(resolve, 50));
    only.close();
    expect(keysIn(localStorage, test)).to.not.include('session');

    const later = newBrowserTab(test);
    // Its question goes unanswered: nobody holds the session any more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(later.state.kind).to.equal('guest');
    expect(await later.credentials()).to.deep.equal({ kind: 'none' });
  });

  it('with "Keep me signed in" keeps it in localStorage: a new tab starts signed in at once, without asking', async () => {
    const test = newShop();
    const first = test.tab();
    await first.signIn({ ...adaSignIn, remember: true });
    expect(keysIn(localStorage, test)).to.include('session');
    expect(keysIn(sessionStorage, test)).to.not.include('session');
    const opened = newBrowserTab(test);
    expect(opened.state.kind).to.equal('bearer');
    expect(await tokenOf(opened)).to.equal(await tokenOf(first));
  });

  it('signing out leaves nothing of the session in either storage, in every tab, remembered or not', async () => {
    for (const remember of [false, true]) {
      const test = newShop();
      const here = test.tab();
      await here.signIn({ ...adaSignIn, remember });
      const token = (await tokenOf(here))!;
      const there = newBrowserTab(test);
      await nextState(there, (state) => state.kind === 'bearer');
      const followed = nextState(there, (state) => state.kind === 'guest');
      await here.signOut();
      await followed;
      expect(keysIn(localStorage, test), `localStorage (remember: ${remember})`).to.not.include('session');
      expect(keysIn(sessionStorage, test), `sessionStorage (remember: ${remember})`).to.not.include('session');
      expect(isStored(token)).to.equal(false);
      expect(test.requests('v2/logout')).to.have.length(1);
    }
  });

  it('a refresh in one tab reaches the others, each keeping it where the session lives', async () => {
    const test = newShop();
    const here = test.tab();
    await here.signIn(adaSignIn);
    const there = newBrowserTab(test);
    await nextState(there, (state) => state.kind === 'bearer');
    await here.refresh();
    const fresh = (await tokenOf(here))!;
    await waitUntil(async () => (await there.credentials()).kind === 'bearer' && (await tokenOf(there)) === fresh, 'the other tab did not take the new token');
    expect(keysIn(localStorage, test)).to.not.include('session');
    expect(test.requests('jwt/refresh-token')).to.have.length(1);
  });
});

describe("Session: a token's age by the shop's clock", () => {
  useShops();

  for (const [what, offset] of [['3 h ahead', 3 * HOUR], ['3 h behind', -3 * HOUR]] as const) {
    it(`costs no refresh for six requests with one-hour tokens and the device's clock ${what}`, async () => {
      const test = newShop({ tokenLifetime: 3600 });
      const device = () => test.clock.now + offset;
      const session = new Session(new CartApi(test.config), createPersistence(storeScope(test.config)), test.config, { now: device });
      await session.signIn(adaSignIn);
      const token = (await tokenOf(session))!;
      for (let request = 0; request < 6; request++) {
        test.clock.now += 60_000;
        expect(await session.credentials()).to.deep.equal({ kind: 'bearer', token });
      }
      expect(test.requests('jwt/refresh-token')).to.have.length(0);

      // Shortly before the token runs out by the shop's clock, it is refreshed: once.
      test.clock.now += HOUR - 6 * 60_000 - 30_000;
      const fresh = await session.credentials();
      expect(fresh.kind === 'bearer' && fresh.token).to.not.equal(token);
      await session.credentials();
      expect(test.requests('jwt/refresh-token')).to.have.length(1);
    });
  }

  it('a reloaded tab keeps judging by the shop\'s clock: the skew is kept with the session', async () => {
    const test = newShop({ tokenLifetime: 3600 });
    const device = () => test.clock.now + 3 * HOUR;
    const first = new Session(new CartApi(test.config), createPersistence(storeScope(test.config)), test.config, { now: device });
    await first.signIn({ ...adaSignIn, remember: true });
    const reloaded = new Session(new CartApi(test.config), createPersistence(storeScope(test.config)), test.config, { now: device });
    await reloaded.restore();
    for (let request = 0; request < 6; request++) await reloaded.credentials();
    expect(test.requests('jwt/refresh-token')).to.have.length(0);
  });
});
