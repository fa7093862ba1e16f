// The merchant's page: the script tag's entry (`src/cart-widget.ts`), elements autoloaded.
import { whenShown } from './load-stub.js';
import '../src/cart-widget.js';

whenShown(() => {
  const count = document.querySelector('cart-drawer')?.shadowRoot?.querySelector<HTMLElement>("[part~='count']");
  return !!count && !count.hidden && count.textContent?.trim() === '6';
});
