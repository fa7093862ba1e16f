// The merchant's script tag: defines every element. Built to dist/cart-widget.js.
import './elements/cart-provider/define.js';
import './elements/cart-drawer/define.js';
import './elements/add-to-cart/define.js';
import './elements/login-form/define.js';
import './elements/mnm-container-picker/define.js';
import './elements/cart-count/define.js';

export { getCartStore } from './store/cart-store.js';
