// Every page of the documentation site: the language menu, then the fake shop (a service worker,
// started before any element is defined so the first cart request is answered), then the script
// tag, which defines each element the page has.
import { showDemoAccounts, startMockShop } from './demo-mock.js';

const menu = document.querySelector('#language');
const rightToLeft = new Set(['ar']);
function speak(code) {
  document.documentElement.lang = code;
  document.documentElement.dir = rightToLeft.has(code) ? 'rtl' : 'ltr';
}
const saved = localStorage.getItem('cart-widget-docs-language');
if (saved && [...menu.options].some((option) => option.value === saved)) {
  menu.value = saved;
  speak(saved);
}
menu.addEventListener('change', () => {
  localStorage.setItem('cart-widget-docs-language', menu.value);
  speak(menu.value);
});

const shop = await startMockShop();
const users = document.querySelector('#demo-users');
if (users) showDemoAccounts(shop, users, document.querySelector('#inbox'));
// The drawer's checkout link points at #checkout: stay on the page.
document.addEventListener('checkout', (event) => event.preventDefault());
await import('./cart-widget.js');
document.documentElement.dataset.ready = '';
