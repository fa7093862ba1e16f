// The merchant's page, before its script tag (`load-widget.html` loads the real `dist/cart-widget.js`
// after this module, as a shop's page does): the stand-in shop, and when the count is shown and the
// drawer usable.
import { measureLoad } from './load-stub.js';

const root = () => document.querySelector('cart-drawer')?.shadowRoot;

measureLoad({
  shown() {
    const count = root()?.querySelector<HTMLElement>("[part~='count']");
    return !!count && !count.hidden && count.textContent?.trim() === '6';
  },
  trigger: () => root()!.querySelector<HTMLElement>("[part~='trigger']")!,
  usable() {
    const dialog = root()?.querySelector('dialog');
    // Every line drawn and not waiting on a request, each with its quantity field.
    return !!dialog?.open && dialog.querySelectorAll("li[part~='line']:not([aria-busy]) input[part~='quantity-input']").length === 3;
  },
});
