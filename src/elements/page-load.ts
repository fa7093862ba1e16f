import { CartErrorEvent } from '../events/cart-events.js';
import type { CartStore } from '../store/cart-store.js';

const watched = new WeakSet<CartStore>();

/**
 * Reads the cart at page load (once per store, whoever asks first) and, once per store, says so
 * when the answer shows the widget is pointed at the wrong place: a console error for the
 * developer naming the URL tried and what to check, and `cart-error` (action `load-cart`) from
 * `host` for the page. Shoppers see only the drawer's own words. Watching ends with the first
 * cart: from then on the address is known to be right.
 */
export function loadAtPageLoad(host: EventTarget, store: CartStore): void {
  store.loadOnce();
  if (watched.has(store) || store.state.cart) return;
  watched.add(store);
  const stop = store.subscribe(({ cart, status, error }) => {
    if (cart) return void stop();
    if (status !== 'error' || !error?.wrongAddress) return;
    stop();
    const { baseUrl, namespace } = store.config;
    const answer = error.missingRoute
      ? 'the shop has no such route (404 rest_no_route)'
      : error.status === 404 ? 'nothing is there (404)' : 'the answer is not a cart (an HTML page or other JSON)';
    console.error(
      `cart-widget: no cart at ${baseUrl}/${namespace}/v2/cart: ${answer}. Check base-url (the shop's REST API root, ` +
        `e.g. https://shop.example/wp-json) and namespace (CoCart shops need namespace="cocart"; this one is "${namespace}").`,
    );
    host.dispatchEvent(new CartErrorEvent({ error, action: 'load-cart' }));
  });
}
