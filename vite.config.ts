import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, parseSync, type Plugin, type UserConfig } from 'vite';
import { minifyAgain } from './scripts/minify-again.js';
import { minifyTemplates } from './scripts/minify-templates.js';
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
      // `comments: false` also drops the `@__PURE__` annotations: nothing bundles this file again.
      rolldownOptions: { output: { minify: true, comments: false } },
    },
  };
}

/** The folder beside `dist/cart-widget.js` that holds its chunks. */
export const CHUNKS = 'chunks';

/** A language pack (`src/format/locales/<lang>.ts`, not the loader): always a chunk of its own. */
const LANGUAGE_PACK = /src[\\/]format[\\/]locales[\\/](?!languages\.)/;

/**
 * What every element needs: in the entry itself, so a page waits for one file before its elements'
 * chunks (and no chunk in between). The language packs stay out: a page loads only the one it speaks.
 * So do the few lines several elements share (`item-count`, `item-adding`, under 0.5 KB together):
 * as chunks of their own they were a third round trip (entry → element chunk → its shared chunk)
 * before the trigger could show the count. What the page needs only once the shopper acts stays
 * out too: the store's actions with the routes they call (`store/store-actions.ts`, `api/routes.ts`:
 * loaded when idle after the first cart, or at the first action) and the developers'
 * explanations (`api/blocked.ts`: CORS at a request that got no answer, a wrong `base-url` or
 * `namespace` at a failed first cart read).
 */
const CORE = /node_modules[\\/](lit[\\/]index|lit-html[\\/](lit-html|is-server)|lit-element[\\/]|@lit[\\/](reactive-element|context)[\\/]|zod[\\/])|src[\\/](cart-widget|autoload|store[\\/](?!store-actions\.|checkout\.|storage-lease\.|token-exchange\.)|api[\\/]((shop-connection|errors|page-load-schemas|model|transport)\.|wire[\\/](tokens|cart|fields|money|text)\.)|format[\\/](messages|money|locales[\\/]languages)\.|events[\\/](?!analytics\.)|elements[\\/](cart-element|theme\.styles|item-count|item-adding|cart-provider[\\/]))|rolldown.runtime/;

/**
 * The store's actions (`store/store-actions.ts`, with the routes it calls and the checkout hand-over,
 * and the analytics detail of the events an action leads to, `events/analytics.ts`)
 * and the readers of what only those routes answer (products, sign-in, customer, route index:
 * `api/schemas.ts`): one chunk. `<mnm-container-picker>` reads its product with the actions'
 * `getProduct`, so it needs both anyway; every other page loads both when idle. As two chunks they
 * were the same download in two requests, and 0.16 KB more gzipped (each compressed alone).
 */
const ACTIONS = /src[\\/](events[\\/]analytics|store[\\/](store-actions|checkout)|api[\\/](routes|cart-api|refused-credentials|schemas|wire[\\/](login|customer|product|sessions)))\.ts$/;

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
  plugins: [minifyTemplates(), oneCopy('cart-widget.js', valueExports('src/cart-widget.ts')!), minifyAgain(), alsoBuild('all'), forgetOldChunks(), placesStylesheet()],
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
  plugins: [minifyTemplates(), oneCopy('cart-widget.all.js', valueExports('src/cart-widget.all.ts')!), minifyAgain(), nothingLater(), everyElement()],
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

/**
 * For the one-file build: what our code imports on demand — a part of an element
 * (`import('./panel.js')`), the store's actions, the CORS explanation — is imported statically
 * instead, so the file holds every element whole. Language packs (`src/format/locales/`), the
 * reader of the merchant's JSON strings (`src/format/message-json.ts`), the cart lock's lease for
 * a page without Web Locks (`src/store/storage-lease.ts`), the token refresh
 * (`src/store/token-exchange.ts`: a session's token runs out once in days), what an error answer
 * means (`src/api/http-errors.ts`: most pages never get one), the drawer's shipping estimate
 * (`src/elements/cart-drawer/shipping-estimate.ts`: where the shop offers one) and the developers'
 * explanations of a failure (`src/api/blocked.ts`) stay on demand.
 */
function nothingLater(): Plugin {
  return {
    name: 'cart-widget:nothing-later',
    transform(code, id) {
      if (!/[\\/]src[\\/](elements|store|api)[\\/].*\.ts$/.test(id) || !code.includes('import(')) return null;
      const imports: string[] = [];
      const body = code.replace(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g, (call: string, quote: string, path: string) => {
        if (path.includes('/locales/') || path.endsWith('/message-json.js') || path.endsWith('/storage-lease.js') || path.endsWith('/token-exchange.js') || path.endsWith('/blocked.js') || path.endsWith('/http-errors.js') || path.endsWith('/shipping-estimate.js')) return call;
        const name = `__now${imports.length}`;
        const names = valueExports(resolvePath(dirname(id), path.replace(/\.js$/, '.ts')));
        if (!names) {
          imports.push(`import * as ${name} from ${quote}${path}${quote};`);
          return `Promise.resolve(${name})`;
        }
        // A plain object of the exports, made when asked for: no module namespace object (with a
        // getter per export and the bundler's helper that makes one) in the file.
        imports.push(`import { ${names.map((n) => `${n} as ${name}_${n}`).join(', ')} } from ${quote}${path}${quote};`);
        return `Promise.resolve({ ${names.map((n) => `${n}: ${name}_${n}`).join(', ')} })`;
      });
      return imports.length ? { code: `${imports.join('\n')}\n${body}`, map: null } : null;
    },
  };
}

/**
 * The names of the values a module exports (its own declarations and re-exports by name), or
 * `undefined` when it has exports that cannot be listed so (`export *`, a default export).
 */
function valueExports(file: string): string[] | undefined {
  const names: string[] = [];
  for (const statement of parseSync(file, readFileSync(file, 'utf8')).program.body as unknown as ExportNode[]) {
    if (statement.type === 'ExportAllDeclaration' || statement.type === 'ExportDefaultDeclaration') return undefined;
    if (statement.type !== 'ExportNamedDeclaration' || statement.exportKind === 'type') continue;
    const declaration = statement.declaration;
    if (!declaration) {
      for (const specifier of statement.specifiers ?? []) if (specifier.exportKind !== 'type') names.push(specifier.exported.name);
    } else if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      if (!declaration.declare) names.push(declaration.id!.name);
    } else if (declaration.type === 'VariableDeclaration') {
      if (declaration.declare) continue;
      for (const declarator of declaration.declarations ?? []) {
        if (declarator.id.type !== 'Identifier') return undefined;
        names.push(declarator.id.name);
      }
    } else if (!/^TS(TypeAlias|Interface|Module)Declaration$/.test(declaration.type)) return undefined;
  }
  return names;
}

interface ExportNode {
  type: string;
  exportKind?: string;
  declaration?: { type: string; declare?: boolean; id?: { name: string }; declarations?: Array<{ id: { type: string; name: string } }> } | null;
  specifiers?: Array<{ exportKind?: string; exported: { name: string } }>;
}

/** The one-file build names its elements one by one (in the order that gzips smallest): none may be missing. */
function everyElement(): Plugin {
  return {
    name: 'cart-widget:every-element',
    generateBundle(_options, bundle) {
      const ids = Object.values(bundle).flatMap((item) => (item.type === 'chunk' && item.isEntry ? item.moduleIds : []));
      const missing = elements.filter((tag) => !ids.some((id) => id.endsWith(`/src/elements/${tag}/define.ts`)));
      if (missing.length) this.error(`src/cart-widget.all.ts does not import ${missing.map((tag) => `./elements/${tag}/define.js`).join(', ')}`);
    },
  };
}

/** Runs the build of another mode once this one is written, into the same folder (`dist/` unless told). */
function alsoBuild(mode: string): Plugin {
  let outDir: string | undefined;
  return {
    name: 'cart-widget:also-build',
    apply: (config, env) => !env.isPreview && config.build?.write !== false,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const { build } = await import('vite');
      await build({ mode, logLevel: 'warn', configFile: fileURLToPath(import.meta.url), build: { outDir } });
    },
  };
}

/**
 * `dist/cart-widget.css` beside the script: the elements' places before their script has run
 * (`src/cart-widget.css`), linked by the merchant's page so that nothing moves as the elements fill in.
 */
function placesStylesheet(): Plugin {
  return {
    name: 'cart-widget:places-stylesheet',
    generateBundle() {
      const source = readFileSync('src/cart-widget.css', 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{}:;,>])\s*/g, '$1')
        .replace(/;}/g, '}')
        .trim();
      this.emitFile({ type: 'asset', fileName: 'cart-widget.css', source: `${source}\n` });
    },
  };
}

/** Chunk names change with their content: the ones from an earlier build go before a new one is written. */
function forgetOldChunks(): Plugin {
  return {
    name: 'cart-widget:forget-old-chunks',
    // Only a build that writes (`npm run size` builds in memory).
    apply: (config) => config.build?.write !== false,
    generateBundle(options) {
      if (options.dir) rmSync(`${options.dir}/${CHUNKS}`, { recursive: true, force: true });
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
