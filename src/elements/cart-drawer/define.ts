// The provider first: a provider upgraded after its children would leave them without a store.
import '../cart-provider/define.js';
import { CartDrawer } from './cart-drawer.js';

if (!customElements.get('cart-drawer')) customElements.define('cart-drawer', CartDrawer);

declare global {
  interface HTMLElementTagNameMap {
    'cart-drawer': CartDrawer;
  }
}
