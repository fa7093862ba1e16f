// What a theme developer's build makes of the npm package, for the built-files tests
// (test/built/npm-bundle.test.ts): a page entry that imports `cart-widget/elements`, resolved the way
// a consumer's bundler resolves it — through `node_modules/cart-widget` (a link to this package, so
// package.json's `exports` and `sideEffects` apply to `dist/lib`) — and bundled by Vite into
// `.consumer-build/dist/page.js`. Needs `vite build --mode lib` first (dist/lib).
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.consumer-build');
if (!existsSync(join(root, 'dist/lib/elements/index.js'))) {
  console.error('build-consumer: dist/lib is missing (vite build --mode lib)');
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'node_modules'), { recursive: true });
symlinkSync(root, join(out, 'node_modules/cart-widget'), 'dir');
writeFileSync(join(out, 'page.js'), "// A theme's page: every element, from the package.\nimport 'cart-widget/elements';\n");
await build({
  root: out,
  configFile: false,
  logLevel: 'warn',
  publicDir: false,
  build: {
    outDir: join(out, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: join(out, 'page.js'), output: { entryFileNames: 'page.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});
console.log('build-consumer: .consumer-build/dist/page.js');
