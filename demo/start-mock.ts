// Starts the fake shop in a service worker, before any element is defined, so that the very first
// cart request is answered. Its state lives in localStorage: a reload keeps the carts.
import { setupWorker } from 'msw/browser';
import { createMockShop, type MockShop } from '../src/mock/index.js';

export async function startMockShop(): Promise<MockShop> {
  const shop = createMockShop({ baseUrl: `${location.origin}/wp-json`, storage: localStorage, latency: 200 });
  await setupWorker(...shop.handlers).start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return shop;
}
