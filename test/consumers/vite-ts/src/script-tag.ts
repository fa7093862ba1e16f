// The script-tag bundle is typed too (cart-widget/cart-widget.js): its store API and, because it
// defines every element, the tags and the events. Type-checked only; main.ts does not import it.
import { getCartStore } from 'cart-widget/cart-widget.js';

const store = getCartStore({ baseUrl: 'https://shop.example/wp-json', namespace: 'cocart' });
void store.load();
document.querySelector('login-form')?.addEventListener('auth-signed-in', (e) => void e.detail.user);
window.addEventListener('auth-signed-out', (e) => void e.detail.reason);
document.addEventListener('cart-updated', (e) => void e.detail.change);
