/// <reference types="vite/client" />
// dist/cart-widget.all.js: the script tag in one self-contained file, for merchants who pin it with
// Subresource Integrity. Defines every element at once: every `src/elements/<tag>/define.ts`, as the
// autoloader would. Only a language pack other than English is still fetched (from dist/chunks/),
// and only when the page's `lang` asks for it.
import.meta.glob('./elements/*/define.ts', { eager: true });

/** The same as cart-widget.js's: here every element is defined already, so there is nothing to load. */
export function discover(_root: ParentNode): Promise<void> {
  return Promise.resolve();
}

export { getCartStore } from './store/cart-store.js';
