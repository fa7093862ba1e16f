// The merchant's script tag, built to dist/cart-widget.js: defines each element the first time the
// page has it, loading its chunk from dist/chunks/ beside this file (`autoload.ts`).
//
// The autoloader first: it starts itself as it is evaluated, so the page's element chunks download
// while the rest of this file (lit, zod, the store, the provider) evaluates. Its `discover` export
// keeps it in every build (it is part of this file's API), and with it the call that starts it.
export { discover } from './autoload.js';
import './elements/cart-provider/define.js';

export { getCartStore } from './store/cart-store.js';
