// Starts the fake shop in a service worker, before any element is defined, so that the very first
// cart request is answered. Its state lives in localStorage: a reload keeps the carts and sign-ins,
// and every tab of the demo talks to the same shop (each tab runs a copy that re-reads that state).
import { setupWorker } from 'msw/browser';
import { createMockShop, type MockShop, type MockShopOptions } from '../src/mock/index.js';

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
 * `&shipping-follows=1` (a shop whose shipping destination follows `update-customer`).
 */
function realWorld(): Pick<MockShopOptions, 'shape' | 'addOns' | 'auth' | 'shippingFollowsCustomer'> {
  const query = new URLSearchParams(location.search);
  return {
    shape: query.get('shape') === 'real' ? 'real' : 'document',
    addOns: query.get('addons') !== '0',
    auth: { tokenFailure: query.get('token-failure') === 'critical-error' ? 'critical-error' : 'rejected' },
    shippingFollowsCustomer: query.get('shipping-follows') === '1',
  };
}
