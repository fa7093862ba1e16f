// The README's npm example, as a theme developer writes it: start the fake shop first, then
// define the elements (their first request is the cart), then listen on the document.
import { setupWorker } from 'msw/browser';
import { createMockShop, PRODUCT_IDS } from 'cart-widget/mock';
import type { CartItemAddedEvent, CheckoutEvent } from 'cart-widget';

document.body.innerHTML = `
  <cart-provider base-url="/wp-json" checkout-url="/checkout/">
    <cart-drawer></cart-drawer>
    <add-to-cart product-id="11" open-on-add></add-to-cart>
  </cart-provider>
  <p id="last-added"></p>`;

const shop = createMockShop({ baseUrl: `${location.origin}/wp-json` });
await setupWorker(...shop.handlers).start({ onUnhandledRequest: 'bypass', quiet: true });

// Per-element modules: each defines its tag (and the provider) and nothing else.
await import('cart-widget/elements/cart-drawer');
await import('cart-widget/elements/add-to-cart');
const { getCartStore } = await import('cart-widget/store');

// Typed on the document and the window, not only on the elements.
document.addEventListener('cart-item-added', (e) => {
  const names: string[] = e.detail.items.map((item) => item.item_name);
  document.querySelector('#last-added')!.textContent = names.join(', ');
});
window.addEventListener('checkout', (e: CheckoutEvent) => {
  if (e.detail.url.startsWith('/checkout/')) e.preventDefault();
});
const onAdded: (event: CartItemAddedEvent) => void = (event) => void event.detail.cart.totals.total;
document.addEventListener('cart-item-added', onAdded);

// Tags are typed: querySelector knows the element class and its properties.
const drawer = document.querySelector('cart-drawer');
if (drawer) drawer.checkoutUrl = '/checkout/';
// @ts-expect-error: `open` is a boolean
if (drawer) drawer.open = 'yes';

const store = getCartStore({ baseUrl: `${location.origin}/wp-json` });
const stop = store.subscribe((state) => {
  if (state.status === 'error') console.warn(state.error?.message);
});
await store.addItem({ id: PRODUCT_IDS.mug, quantity: 1 });
stop();
