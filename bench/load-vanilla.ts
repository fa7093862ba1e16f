// The same page by hand: fetch the cart, count its lines' quantities, show the count; at a click on
// the button, the hand-written drawer (bench/vanilla-cart.ts, the render figures' baseline) lists
// the cart already fetched — its code is in this one script, so the click fetches nothing.
import { measureLoad } from './load-stub.js';
import { VanillaCart, type WireCart } from './vanilla-cart.js';

const response = await fetch('https://bench.test/load/wp-json/svc/v2/cart?thumb=true', { headers: { Accept: 'application/json' } });
const cart = (await response.json()) as WireCart;
const count = Object.values(cart.items).reduce((sum, item) => sum + Number(item.quantity.value), 0);
const button = document.querySelector<HTMLElement>('#cart')!;
const badge = document.querySelector<HTMLElement>('#count')!;
badge.textContent = String(count);
badge.hidden = false;
document.querySelector('#cart-count')!.textContent = count === 1 ? '1 item' : `${count} items`;

const drawer = new VanillaCart('https://bench.test/load/wp-json');
button.addEventListener('click', () => {
  drawer.show(cart);
  drawer.open();
});

measureLoad({
  shown: () => badge.textContent === '6' && !badge.hidden,
  trigger: () => button,
  usable: () => drawer.dialog.open && drawer.dialog.querySelectorAll('li input').length === 3,
});
