import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { alsoBuild, everyElement, forgetOldChunks, placesStylesheet } from './scripts/build-steps.js';
import { minifyAgain } from './scripts/minify-again.js';
import { minifyTemplates } from './scripts/minify-templates.js';
import { nothingLater, valueExports } from './scripts/nothing-later.js';
import { oneCopy } from './scripts/one-copy.js';

/**
 * Seven jobs, one file:
 * - `vite` (serve): the demo shop (index.html, demo/) on the mock service.
 * - `vite build`: `dist/cart-widget.js`, the merchant's script tag — a minified ES module that
 *   defines each element the first time the page has it, from its chunk in `dist/chunks/`; then
 *   (`--mode all`, run by the same build) `dist/cart-widget.all.js`, every element in one file.
 * - `vite build --mode lib`: the npm library — one module per source file under `dist/lib/`
 *   (per-element imports), lit / @lit/* / zod / msw left as dependencies.
 * - `vite build --mode esm`: `dist/esm/`, the npm entry points for a page with an import map and
 *   no bundler (dependencies included, once).
 * - `vite build --mode demo-mock`: `dist/demo-mock.js`, the fake shop and msw in one file, so the
 *   no-build merchant page (demo/embed.html) can run on the mock. Never part of the package.
 * - `vite build --mode bench`: the benchmark pages (bench/), minified like the script tag;
 *   `npm run bench` builds them into a temporary folder, and beside them (`cart-widget/`) the script
 *   tag exactly as `vite build` makes it, which the page-load bench loads as a merchant's page does.
 */

/*
 * Bytes. What below is there for bytes, each with its reason and measure in docs/architecture.md,
 * "Loading later, and bytes"; `npm run size` is the guard (it fails over a limit, and prints which
 * module went into which file):
 * - `CORE`: the entry holds what every element needs, so a page waits for one file, then its
 *   elements' chunks.
 * - `ACTIONS`: what waits for the shopper, one chunk; `LANGUAGE_PACK`: a chunk per language.
 * - `nothingLater()`: the one-file build holds everything but the on-demand chunks.
 * - `minifyTemplates()`, `minifyAgain()`: our templates minified, then terser after the bundler's
 *   minifier.
 * - `comments: false`: no comments, no `@__PURE__` annotations in the output.
 * The other plugins are not about bytes: `oneCopy()` (one copy of the entry whatever its URL),
 * `scripts/build-steps.ts` (the one-file build after the script tag, the stylesheet, old chunks).
 */
const elements = readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One minified, self-contained ES module in `dist/` (which the other builds' files share). */
function singleFile(entry: string, fileName: string): UserConfig {
  return {
    publicDir: false,
    plugins: [minifyTemplates(), minifyAgain()],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: () => fileName },
      minify: true,
      rolldownOptions: { output: { minify: true, comments: false } },
    },
  };
}

/** The folder beside `dist/cart-widget.js` that holds its chunks. */
export const CHUNKS = 'chunks';

/** A language pack (`src/format/locales/<lang>.ts`, not the loader): always a chunk of its own. */
const LANGUAGE_PACK = /src[\\/]format[\\/]locales[\\/](?!languages\.)/;

/**
 * In the entry (`dist/cart-widget.js`): what every element needs — lit, zod, the store, the api's
 * page-load part, `<cart-provider>`, the few lines several elements share. Not the language packs,
 * nor what waits for the shopper (`ACTIONS`, the on-demand chunks).
 */
const CORE = /node_modules[\\/](lit[\\/]index|lit-html[\\/](lit-html|is-server)|lit-element[\\/]|@lit[\\/](reactive-element|context)[\\/]|zod[\\/])|src[\\/](cart-widget|autoload|store[\\/](?!(store-actions|cart-changes|carry-over|shop-features|checkout|request-recovery|storage-lease|token-exchange)\.)|api[\\/]((shop-connection|errors|page-load-schemas|model|transport)\.|wire[\\/](cart|fields|money|text)\.)|format[\\/](messages|money|locales[\\/]languages)\.|events[\\/](?!analytics\.|auth-events\.)|elements[\\/](cart-element|theme\.styles|item-count|item-adding|cart-provider[\\/]))|rolldown.runtime/;

/**
 * One chunk loaded when the browser is idle or at the first action: the store's actions and the
 * concepts only they use (the cart's changes, the carry-over, the shop's features, the checkout
 * hand-over; the stages of a failed request, which a failure before the actions came loads), the
 * routes (`api/routes.ts`, `api/cart-api.ts`), Basic credentials (`api/basic-auth.ts`: only a
 * sign-in in this page has any), the readers of what only they answer, the analytics detail of the
 * events an action leads to, and what the open drawer and the picker share (`values-in-effect`:
 * both import this chunk already; alone it was a chunk of its own, one more request before either).
 */
const ACTIONS = /src[\\/](events[\\/]analytics|elements[\\/]values-in-effect|store[\\/](store-actions|cart-changes|carry-over|shop-features|checkout|request-recovery)|api[\\/](routes|cart-api|refused-credentials|basic-auth|schemas|wire[\\/](login|customer|product|sessions)))\.ts$/;

/** `chunks/<tag>-<hash>.js` for an element's define chunk, `chunks/<first module>-<hash>.js` for the others. */
const chunkFileNames = ({ facadeModuleId }: { facadeModuleId: string | null }) =>
  `${CHUNKS}/${/elements\/([^/]+)\/define\.ts$/.exec(facadeModuleId ?? '')?.[1] ?? '[name]'}-[hash].js`;

/**
 * The merchant's script tag: `dist/cart-widget.js` (the autoloader, the store, the provider) and one
 * chunk per element and per language pack in `dist/chunks/` — content-hashed, so a CDN may cache
 * them forever. The same build then writes `dist/cart-widget.all.js`, every element in one file.
 */
const scriptTag: UserConfig = {
  publicDir: false,
  plugins: [minifyTemplates(), oneCopy('cart-widget.js', valueExports('src/cart-widget.ts')!), minifyAgain(), alsoBuild('all', fileURLToPath(import.meta.url)), forgetOldChunks(CHUNKS), placesStylesheet()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/cart-widget.ts', formats: ['es'], fileName: () => 'cart-widget.js' },
    minify: true,
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: {
        minify: true,
        comments: false,
        chunkFileNames,
        codeSplitting: {
          groups: [
            { name: 'cart-widget', test: (id: string) => CORE.test(id) && !LANGUAGE_PACK.test(id) },
            { name: 'store-actions', test: (id: string) => ACTIONS.test(id) },
          ],
        },
      },
    },
  },
};

/**
 * `dist/cart-widget.all.js`: every element in one file. Only what the code imports on demand
 * (a language pack, the reader of a merchant's JSON strings) is still a chunk in `dist/chunks/`.
 */
const allInOne: UserConfig = {
  publicDir: false,
  plugins: [minifyTemplates(), oneCopy('cart-widget.all.js', valueExports('src/cart-widget.all.ts')!), minifyAgain(), nothingLater(), everyElement(elements)],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/cart-widget.all.ts', formats: ['es'], fileName: () => 'cart-widget.all.js' },
    minify: true,
    // What a chunk loaded on demand shares with the file stays in the file (handed over as the script
    // tag's entry hands it: scripts/one-copy.ts), not in a third file.
    rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { minify: true, comments: false, chunkFileNames } },
  },
};

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
        'elements/index': 'src/elements/index.ts',
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

/**
 * `dist/esm/`: the npm entry points as browser-ready ES modules, for a page with no bundler and an
 * import map of two lines (`"cart-widget": ".../esm/index.js"`, `"cart-widget/": ".../esm/"`):
 * `index.js` (the root: classes, store, helpers; defines nothing), `elements.js` (every element),
 * `elements/<tag>.js` (one element), `store.js`. lit, @lit/* and zod are bundled in, once, in
 * shared chunks (`esm/chunks/`), so the map needs no entry for them; the open drawer and the
 * language packs stay lazy chunks. The mock (msw) is not part of it.
 */
const esm: UserConfig = {
  publicDir: false,
  plugins: [minifyTemplates(), minifyAgain()],
  build: {
    outDir: 'dist/esm',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: {
      entry: {
        index: 'src/index.ts',
        elements: 'src/elements/index.ts',
        store: 'src/store/cart-store.ts',
        ...Object.fromEntries(elements.map((tag) => [`elements/${tag}`, `src/elements/${tag}/define.ts`])),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      preserveEntrySignatures: 'strict',
      output: { minify: true, comments: false, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
};

const bench: UserConfig = {
  publicDir: false,
  base: './',
  plugins: [minifyTemplates(), minifyAgain()],
  build: {
    // Never `dist/`: emptying it would delete the other builds.
    outDir: 'node_modules/.cache/cart-widget-bench',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    rolldownOptions: { input: ['bench/index.html', 'bench/load-widget.html', 'bench/load-vanilla.html'] },
  },
};

export default defineConfig(({ command, mode }) => {
  if (command === 'build') {
    if (mode === 'lib') return library;
    if (mode === 'bench') return bench;
    if (mode === 'demo-mock') return singleFile('demo/start-mock.ts', 'demo-mock.js');
    if (mode === 'all') return allInOne;
    if (mode === 'esm') return esm;
    return scriptTag;
  }
  return { server: { port: 5173 }, build: { target: 'es2022' } };
});
