// Starts the fake shop in a service worker, before any element is defined, so that the very first
// cart request is answered. Its state lives in localStorage: a reload keeps the carts and sign-ins,
// and every tab of the demo talks to the same shop (each tab runs a copy that re-reads that state).
import { setupWorker } from 'msw/browser';
import { createMockShop, type MockShop } from '../src/mock/index.js';

export async function startMockShop(): Promise<MockShop> {
  const shop = createMockShop({ baseUrl: `${location.origin}/wp-json`, storage: localStorage, latency: latency() });
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
