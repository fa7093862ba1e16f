// The merchant's page, before its script tag (`load-widget.html` loads the real `dist/cart-widget.js`
// after this module, as a shop's page does): the stand-in shop, and when the count is shown.
import { whenShown } from './load-stub.js';

whenShown(() => {
  const count = document.querySelector('cart-drawer')?.shadowRoot?.querySelector<HTMLElement>("[part~='count']");
  return !!count && !count.hidden && count.textContent?.trim() === '6';
});
