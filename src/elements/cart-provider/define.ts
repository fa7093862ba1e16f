// Every element's define imports this one, so these two bring the typed event listeners
// (`document.addEventListener('cart-item-added', …)`) to a project that imports one element only.
// The sign-in events' only as a type: an export the declaration file keeps, while the script loads
// their classes with the sign-in form, not with every page.
import '../../events/cart-events.js';
export type { AuthEventMap } from '../../events/auth-events.js';
import { CartProvider } from './cart-provider.js';

if (!customElements.get('cart-provider')) customElements.define('cart-provider', CartProvider);

declare global {
  interface HTMLElementTagNameMap {
    'cart-provider': CartProvider;
  }
}
