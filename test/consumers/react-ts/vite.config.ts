import { defineConfig } from 'vite';

// No React plugin: Vite's own transform compiles JSX for React 19's automatic runtime.
// A script entry, not an index.html: an HTML file under the cart-widget repository would be
// crawled by the repository's own dev server (`npm start`) for dependencies it does not have.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: { rolldownOptions: { input: 'src/main.tsx' } },
});
