// The README's import map, in a real browser: a page with no bundler maps `cart-widget` by prefix
// onto the package's `dist/esm/` folder (two entries) and imports the entry points by name.
// `node test/package/import-map.mjs [package dir]` (default: this repository, after
// `vite build --mode esm`; test/consumers/run.mjs passes the unpacked tarball). Serves the folder
// over http, opens three pages in Chromium and fails unless:
// - one element's module defines that element and <cart-provider> (and no other), and the drawer
//   draws its button; the store entry gives `getCartStore`;
// - a helper from the root (`formatMoney`) defines no element at all;
// - `cart-widget/elements.js` defines all six.
import { createServer } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { launchChromium } from '../../scripts/chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = resolve(process.argv[2] ?? root);
if (!existsSync(join(pkg, 'dist/esm/index.js'))) {
  console.error(`import map: ${pkg}/dist/esm/index.js does not exist (vite build --mode esm)`);
  process.exit(1);
}
const tags = readdirSync(join(pkg, 'dist/esm/elements')).map((file) => file.replace(/\.js$/, ''));

/** The import map the README shows, with the package served at /cart-widget/. */
const importMap = `<script type="importmap">
  { "imports": { "cart-widget": "/cart-widget/dist/esm/index.js", "cart-widget/": "/cart-widget/dist/esm/" } }
</script>`;

const pages = {
  '/one-element.html': `import 'cart-widget/elements/cart-drawer.js';
import { getCartStore } from 'cart-widget/store.js';
window.result = { getCartStore: typeof getCartStore };`,
  '/helper.html': `import { formatMoney } from 'cart-widget';
window.result = { money: formatMoney(123450, { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' }) };`,
  '/every-element.html': `import 'cart-widget/elements.js';
window.result = {};`,
};
const html = (script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>import map</title>
${importMap}
</head><body>
<cart-provider base-url="/wp-json"><cart-drawer></cart-drawer><add-to-cart product-id="11"></add-to-cart></cart-provider>
<script type="module">
${script}
window.result.defined = ${JSON.stringify(tags)}.filter((tag) => customElements.get(tag));
window.result.ready = true;
</script>
</body></html>`;

const types = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html' };
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  if (pages[path]) {
    response.writeHead(200, { 'content-type': 'text/html' }).end(html(pages[path]));
    return;
  }
  const file = path.startsWith('/cart-widget/') ? normalize(join(pkg, path.slice('/cart-widget/'.length))) : '';
  if (file && file.startsWith(pkg) && existsSync(file) && statSync(file).isFile()) {
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    return;
  }
  // The cart service is not part of this check: its requests get a plain 404.
  response.writeHead(404).end();
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await launchChromium(puppeteer);
const problems = [];
const notes = [];
try {
  for (const path of Object.keys(pages)) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`${request.url()} failed`));
    page.on('response', (response) => {
      if (response.status() === 404 && response.url().includes('/cart-widget/')) errors.push(`${response.url()}: 404`);
    });
    await page.goto(origin + path);
    const result = await page.waitForFunction(() => window.result?.ready && window.result, { timeout: 15000 }).then((handle) => handle.jsonValue()).catch(() => null);
    if (!result) {
      problems.push(`${path}: the page's module never finished (${errors.join('; ') || 'no error'})`);
      await page.close();
      continue;
    }
    for (const error of errors) problems.push(`${path}: ${error}`);
    const defined = new Set(result.defined);
    if (path === '/one-element.html') {
      const want = ['cart-drawer', 'cart-provider'];
      if ([...defined].sort().join() !== want.join()) problems.push(`${path}: defined ${[...defined].join(', ') || 'nothing'}, not <cart-drawer> and <cart-provider> only`);
      if (result.getCartStore !== 'function') problems.push(`${path}: cart-widget/store.js gave no getCartStore`);
      const trigger = await page
        .waitForFunction(() => document.querySelector('cart-drawer')?.shadowRoot?.querySelector('[part~="trigger"]'), { timeout: 10000 })
        .then(() => true)
        .catch(() => false);
      if (!trigger) problems.push(`${path}: <cart-drawer> drew no trigger button`);
    }
    if (path === '/helper.html') {
      if (defined.size) problems.push(`${path}: importing formatMoney from cart-widget defined ${[...defined].join(', ')}`);
      if (result.money !== '$1,234.50') problems.push(`${path}: formatMoney gave ${JSON.stringify(result.money)}`);
    }
    if (path === '/every-element.html' && defined.size !== tags.length) problems.push(`${path}: defined ${defined.size} of ${tags.length} elements`);
    notes.push(`${path.slice(1, -5)}: ${defined.size} defined`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

if (problems.length) {
  console.error(`import map: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`import map (2 entries) in Chromium: ${notes.join('; ')}; the drawer drew its button, the helper formatted money`);
