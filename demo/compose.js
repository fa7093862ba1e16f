// The theme developer's path: individual modules from the library build (what `npm i cart-widget`
// installs), plain ES modules, no framework. In a theme these imports read
//   import 'cart-widget/elements/cart-drawer';
//   import { getCartStore } from 'cart-widget/store';
//   import { createMockShop } from 'cart-widget/mock';
// Run `npm run build` first; `npm start` serves this page at /demo/compose.html.
import { setupWorker } from 'msw/browser';
import { createMockShop } from '../dist/lib/mock/index.js';
import { getCartStore } from '../dist/lib/store/cart-store.js';

// Offline development: the fake shop answers `/wp-json` (the same carts as the other demo pages).
const shop = createMockShop({ baseUrl: `${location.origin}/wp-json`, storage: localStorage, latency: 200 });
await setupWorker(...shop.handlers).start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
await import('../dist/lib/elements/cart-drawer/define.js');

// The same store `<cart-drawer base-url="/wp-json">` uses: one per base URL + namespace.
const store = getCartStore({ baseUrl: '/wp-json' });

/** Amounts are integers in minor units, with the cart's currency beside them. */
const money = (minor, currency) =>
  new Intl.NumberFormat(document.documentElement.lang, { style: 'currency', currency: currency.code }).format(
    minor / 10 ** currency.minorUnit,
  );

const miniCart = document.querySelector('#mini-cart');
store.subscribe(({ cart, status }) => {
  if (status === 'error' && !cart) miniCart.textContent = 'Your bag could not be loaded.';
  else if (cart) {
    const count = cart.items.reduce((sum, item) => sum + item.quantity.value, 0);
    miniCart.textContent = count
      ? `Bag: ${count} ${count === 1 ? 'item' : 'items'} · ${money(cart.totals.total, cart.currency)}`
      : 'Your bag is empty';
  }
});
store.load().catch(() => undefined);

const error = document.querySelector('#add-error');
for (const button of document.querySelectorAll('#products [data-product-id]')) {
  button.addEventListener('click', () => run(button, () => store.addItem({ id: Number(button.dataset.productId), quantity: 1 })));
}

const clear = document.querySelector('#clear');
clear.addEventListener('click', () => run(clear, () => store.clear()));

/** A store action from a theme button: busy while it runs, its error (an ApiError) shown after. */
async function run(button, action) {
  if (button.getAttribute('aria-disabled') === 'true') return;
  button.setAttribute('aria-disabled', 'true');
  error.textContent = '';
  try {
    await action();
  } catch (failure) {
    error.textContent = failure.message;
  } finally {
    button.removeAttribute('aria-disabled');
  }
}
