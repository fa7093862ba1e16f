import { readdirSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';

/**
 * Three jobs, one file:
 * - `vite` (serve): the demo shop (index.html, demo/) on the mock service.
 * - `vite build`: `dist/cart-widget.js`, the merchant's script tag — one minified, self-contained
 *   ES module that defines every element.
 * - `vite build --mode lib`: the npm library — one module per source file under `dist/lib/`
 *   (per-element imports), lit / @lit/* / zod / msw left as dependencies.
 */
const elements = readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const scriptTag: UserConfig = {
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/cart-widget.ts', formats: ['es'], fileName: () => 'cart-widget.js' },
    minify: true,
    rolldownOptions: { output: { minify: true } },
  },
};

const library: UserConfig = {
  publicDir: false,
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        'mock/index': 'src/mock/index.ts',
        ...Object.fromEntries(elements.map((tag) => [`elements/${tag}/define`, `src/elements/${tag}/define.ts`])),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: (id) => /^(lit|@lit\/|zod|msw)(\/|$)/.test(id),
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
};

export default defineConfig(({ command, mode }) => {
  if (command === 'build') return mode === 'lib' ? library : scriptTag;
  return { server: { port: 5173 }, build: { target: 'es2022' } };
});
