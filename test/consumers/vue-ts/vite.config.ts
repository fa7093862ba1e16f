import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// The README's Vue setup: the compiler leaves the cart's tags to the browser (custom elements).
const tags = ['cart-provider', 'cart-drawer', 'add-to-cart', 'login-form', 'mnm-container-picker', 'cart-count'];

// A script entry, not an index.html: an HTML file under the cart-widget repository would be
// crawled by the repository's own dev server (`npm start`) for dependencies it does not have.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tags.includes(tag) } } })],
  build: { rolldownOptions: { input: 'src/main.ts' } },
});
