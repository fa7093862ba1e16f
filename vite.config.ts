import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';
import { minifyTemplates } from './scripts/minify-templates.js';

/**
 * Five jobs, one file:
 * - `vite` (serve): the demo shop (index.html, demo/) on the mock service.
 * - `vite build`: `dist/cart-widget.js`, the merchant's script tag — one minified, self-contained
 *   ES module that defines every element.
 * - `vite build --mode lib`: the npm library — one module per source file under `dist/lib/`
 *   (per-element imports), lit / @lit/* / zod / msw left as dependencies.
 * - `vite build --mode demo-mock`: `dist/demo-mock.js`, the fake shop and msw in one file, so the
 *   no-build merchant page (demo/embed.html) can run on the mock. Never part of the package.
 * - `vite build --mode bench`: the benchmark page (bench/), minified like the script tag;
 *   `npm run bench` builds it into a temporary folder and drives it.
 */
const elements = readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One minified, self-contained ES module in `dist/` (which the other builds' files share). */
function singleFile(entry: string, fileName: string): UserConfig {
  return {
    publicDir: false,
    plugins: [minifyTemplates()],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: () => fileName },
      minify: true,
      // `comments: false` also drops the `@__PURE__` annotations: nothing bundles this file again.
      rolldownOptions: { output: { minify: true, comments: false } },
    },
  };
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>;
/** What the package declares it needs; the library leaves every import of these as an import. */
const dependencies = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);

/**
 * Every bare import (`lit`, `@lit/context`, `zod/mini`, …) stays an import, so a page that has lit
 * from elsewhere shares one copy (one `ReactiveElement`). A bare import of a package that
 * package.json does not declare fails the build instead of being bundled.
 */
function isDependency(id: string): boolean {
  if (id.startsWith('\0') || id.startsWith('.') || id.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(id)) return false;
  const name = id.split('/').slice(0, id.startsWith('@') ? 2 : 1).join('/');
  if (!dependencies.has(name)) throw new Error(`The library imports "${id}", but package.json does not declare "${name}".`);
  return true;
}

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
        'store/cart-store': 'src/store/cart-store.ts',
        ...Object.fromEntries(elements.map((tag) => [`elements/${tag}/define`, `src/elements/${tag}/define.ts`])),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isDependency,
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
};

const bench: UserConfig = {
  publicDir: false,
  base: './',
  plugins: [minifyTemplates()],
  build: {
    // Never `dist/`: emptying it would delete the other builds.
    outDir: 'node_modules/.cache/cart-widget-bench',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    rolldownOptions: { input: 'bench/index.html' },
  },
};

export default defineConfig(({ command, mode }) => {
  if (command === 'build') {
    if (mode === 'lib') return library;
    if (mode === 'bench') return bench;
    if (mode === 'demo-mock') return singleFile('demo/start-mock.ts', 'demo-mock.js');
    return singleFile('src/cart-widget.ts', 'cart-widget.js');
  }
  return { server: { port: 5173 }, build: { target: 'es2022' } };
});
