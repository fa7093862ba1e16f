// Every element's define imports this one, so these two bring the typed event listeners
// (`document.addEventListener('cart-item-added', …)`) to a project that imports one element only.
import '../../events/cart-events.js';
import '../../events/auth-events.js';
import { CartProvider } from './cart-provider.js';

if (!customElements.get('cart-provider')) customElements.define('cart-provider', CartProvider);

declare global {
  interface HTMLElementTagNameMap {
    'cart-provider': CartProvider;
  }
}
