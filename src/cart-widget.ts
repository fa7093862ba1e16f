// The merchant's script tag, built to dist/cart-widget.js: defines each element the first time the
// page has it, loading its chunk from dist/chunks/ beside this file (`autoload.ts`).
import { autoload } from './autoload.js';

// Started here, in the module package.json lists as having side effects, so no bundler drops it.
autoload();

export { discover } from './autoload.js';
export { getCartStore } from './store/cart-store.js';
