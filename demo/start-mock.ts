// Starts the fake shop in a service worker, before any element is defined, so that the very first
// cart request is answered. Its state lives in localStorage: a reload keeps the carts and sign-ins,
// and every tab of the demo talks to the same shop (each tab runs a copy that re-reads that state).
import { setupWorker } from 'msw/browser';
import { createMockShop, DEFAULT_USERS, showInbox, type MockShop, type MockShopOptions } from '../src/mock/index.js';

export async function startMockShop(): Promise<MockShop> {
  const shop = createMockShop({ baseUrl: `${location.origin}/wp-json`, storage: localStorage, latency: latency(), ...realWorld() });
  await setupWorker(...shop.handlers).start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return shop;
}

/** A realistic 200 ms per answer; `?latency=0` (or any whole number of ms) overrides it, e.g. for the end-to-end test. */
function latency(): number {
  const asked = new URLSearchParams(location.search).get('latency');
  return asked && /^\d+$/.test(asked) ? Number(asked) : 200;
}

/**
 * To try the widget against a shop that behaves like CoCart 4.3.6 (same namespace, so the page's
 * elements need no change): `?shape=real`, plus `&addons=0` (core only: no coupon or shipping-choice
 * routes), `&token-failure=critical-error` (JWT 3.0.3 as shipped: every bad token a 500) and
 * `&shipping-follows=1` (a shop whose shipping destination follows `update-customer`). Writes to one
 * cart race there as on CoCart (last writer wins); `&race=0` turns that off.
 */
function realWorld(): Pick<MockShopOptions, 'shape' | 'addOns' | 'auth' | 'shippingFollowsCustomer' | 'writeRace'> {
  const query = new URLSearchParams(location.search);
  return {
    shape: query.get('shape') === 'real' ? 'real' : 'document',
    addOns: query.get('addons') !== '0',
    auth: { tokenFailure: query.get('token-failure') === 'critical-error' ? 'critical-error' : 'rejected' },
    shippingFollowsCustomer: query.get('shipping-follows') === '1',
    writeRace: query.get('race') !== '0',
  };
}

/**
 * What a visitor needs to finish a sign-in on the fake shop: its demo accounts (with their
 * two-factor methods) listed in `users`, and the e-mails it "sends" (verification codes) shown in
 * `inbox`. Text only, so it runs under the embed page's strict policy.
 */
export function showDemoAccounts(shop: MockShop, users: HTMLElement, inbox: HTMLElement): void {
  users.replaceChildren(
    ...DEFAULT_USERS.map((user) => {
      const entry = document.createElement('li');
      const twoFactor = user.twoFactor ? ` — two-factor: ${user.twoFactor.enabled.join(', ')}` : '';
      entry.textContent = `${user.username} / ${user.password}${twoFactor}`;
      return entry;
    }),
  );
  if (shop.auth) showInbox(shop.auth.inbox, inbox);
}
