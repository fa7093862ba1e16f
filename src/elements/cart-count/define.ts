// The provider first: a provider upgraded after its children would leave them without a store.
import '../cart-provider/define.js';
import { CartCount } from './cart-count.js';

if (!customElements.get('cart-count')) customElements.define('cart-count', CartCount);

declare global {
  interface HTMLElementTagNameMap {
    'cart-count': CartCount;
  }
}
