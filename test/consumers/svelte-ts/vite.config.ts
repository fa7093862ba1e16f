import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// A script entry, not an index.html: an HTML file under the cart-widget repository would be
// crawled by the repository's own dev server (`npm start`) for dependencies it does not have.
export default defineConfig({ plugins: [svelte()], build: { rolldownOptions: { input: 'src/main.ts' } } });
