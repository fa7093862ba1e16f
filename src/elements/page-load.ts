import { CartErrorEvent } from '../events/cart-events.js';
import type { CartStore } from '../store/cart-store.js';

const watched = new WeakSet<CartStore>();

/**
 * Reads the cart at page load (once per store, whoever asks first) and, once per store, says so
 * when the answer shows the widget is pointed at the wrong place (`ApiError.wrongAddress`): a
 * console error for the developer naming the URL tried and what to check, and `cart-error`
 * (action `load-cart`) from `host` for the page. Shoppers see only the drawer's own words.
 * Watching ends with the first cart: from then on the address is known to be right.
 */
export function loadAtPageLoad(host: EventTarget, store: CartStore): void {
  store.loadOnce();
  if (watched.has(store) || store.state.cart) return;
  watched.add(store);
  const stop = store.subscribe(({ cart, error }) => {
    if (!cart && !error?.wrongAddress) return;
    stop();
    if (cart) return;
    const { baseUrl, namespace } = store.config;
    console.error(
      `cart-widget: no cart at ${baseUrl}/${namespace}/v2/cart (${error!.code ?? error!.status ?? 'not a cart'}): ` +
        `check base-url (the REST root, e.g. https://shop.example/wp-json) and namespace (CoCart: namespace="cocart").`,
    );
    host.dispatchEvent(new CartErrorEvent({ error: error!, action: 'load-cart' }));
  });
}
