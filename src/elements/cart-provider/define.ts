import { CartProvider } from './cart-provider.js';

if (!customElements.get('cart-provider')) customElements.define('cart-provider', CartProvider);

declare global {
  interface HTMLElementTagNameMap {
    'cart-provider': CartProvider;
  }
}
