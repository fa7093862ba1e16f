// `cart-widget/elements`: defines every element (the provider first: a provider upgraded after its
// children would leave them without a store). One element: `cart-widget/elements/<tag>`.
// test/package/dist-lib.mjs checks that every element folder is imported here.
import './cart-provider/define.js';
import './cart-drawer/define.js';
import './add-to-cart/define.js';
import './login-form/define.js';
import './mnm-container-picker/define.js';
import './cart-count/define.js';
