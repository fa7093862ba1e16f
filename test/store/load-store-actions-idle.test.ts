import { expect, waitUntil } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { getCartStore } from '../../src/store/cart-store.js';
import * as later from '../../src/store/load-store-actions.js';
import { newShop, wireCart, worker } from './fixtures.js';

// This file's page has not loaded the store's actions (`src/store/load-store-actions.ts`) when its test starts.

describe('CartStore actions', () => {
  it('load when the browser is idle after the first cart came in, not before', async () => {
    const shop = newShop();
    worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a' }))));
    const store = getCartStore(shop.config);
    const loading = store.load();
    // The first idle moment (WebKit has no requestIdleCallback: the next task stands in for it).
    await new Promise((resolve) => ('requestIdleCallback' in globalThis ? requestIdleCallback(resolve) : setTimeout(resolve)));
    await loading;
    expect(later.actions).to.equal(undefined);
    await waitUntil(() => later.actions, 'the actions did not load when the browser was idle', { timeout: 3000 });
  });
});
