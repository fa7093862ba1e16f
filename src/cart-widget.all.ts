// dist/cart-widget.all.js: the script tag in one self-contained file, for merchants who pin it with
// Subresource Integrity. Defines every element at once: every `src/elements/<tag>/define.ts`, as the
// autoloader would. Only a language pack other than English is still fetched (from dist/chunks/),
// and only when the page's `lang` asks for it.
// The order of the modules in the file is the order they are first imported. gzip looks back only
// 32 KB, so what sits near similar code compresses better: these first gzip 0.28 KB smaller
// (@lit/context, the language loader, lit and zod, each place tried, behind lit's repeat directive
// then; lit's keyed directive, which replaced repeat, saves 0.06 KB first).
import 'lit/directives/keyed.js';
import '@lit/context';
import './format/locales/languages.js';
import 'lit';
import 'zod/mini';
// Every element's define.ts (vite.config.ts fails the build when one is missing), in this order:
// the same code gzips 0.3 KB smaller than in the folders' order (all 120 orders after the provider
// were measured, with the four above first).
import './elements/cart-provider/define.js';
import './elements/mnm-container-picker/define.js';
import './elements/cart-drawer/define.js';
import './elements/add-to-cart/define.js';
import './elements/cart-count/define.js';
import './elements/login-form/define.js';

/** The same as cart-widget.js's: here every element is defined already, so there is nothing to load. */
export function discover(_root: ParentNode): Promise<void> {
  return Promise.resolve();
}

export { getCartStore } from './store/cart-store.js';
