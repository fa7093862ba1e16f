// The provider first: a provider upgraded after its children would leave them without a store.
import '../cart-provider/define.js';
import { AddToCart } from './add-to-cart.js';

if (!customElements.get('add-to-cart')) customElements.define('add-to-cart', AddToCart);

declare global {
  interface HTMLElementTagNameMap {
    'add-to-cart': AddToCart;
  }
}
