// `npm run test:real`: the built script-tag bundle (dist/cart-widget.js) in headless Chromium
// against a real CoCart store (not part of `npm test`; see README "Testing against a real store").
//
// The page is served by the store itself (same origin): dist/ and a test page are copied into a
// fresh folder under the WordPress root for the run and removed afterwards. Each journey gets a
// fresh browser context; what the drawer shows is checked against the server, read from Node.
//
// Environment: REAL_COCART_URL (default http://127.0.0.1:8089/wp-json), RW_ROOT (the store's folder
// from ../shared/realworld/start-real-cocart.sh, default /tmp/realworld/server: `wp/` is its
// WordPress root, `setup/ids.json` its product ids), REAL_WP_ROOT (overrides `RW_ROOT/wp`),
// REAL_CUSTOMER / REAL_PASSWORD (default rwcustomer / rw-pass-123), CHROME_PATH (default
// /usr/bin/chromium), REAL_SKIP_BUILD=1 (use the dist/ already built), REAL_ONLY=word (run the
// journeys whose name contains it), REAL_OUT (screenshots and request logs; default a temp folder).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { launchChromium } from '../../scripts/chromium.mjs';
import { journeys } from './journeys.mjs';
import { createShop } from './shop.mjs';
import { JourneyError, Shopper } from './shopper.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const baseUrl = (process.env.REAL_COCART_URL || 'http://127.0.0.1:8089/wp-json').replace(/\/+$/, '');
const siteUrl = baseUrl.replace(/\/wp-json$/, '');
const rwRoot = process.env.RW_ROOT || '/tmp/realworld/server';
const wpRoot = process.env.REAL_WP_ROOT || join(rwRoot, 'wp');
const customer = { username: process.env.REAL_CUSTOMER || 'rwcustomer', password: process.env.REAL_PASSWORD || 'rw-pass-123' };
const only = process.env.REAL_ONLY;
const JOURNEY_TIMEOUT = 90_000;

function fatal(message) {
  console.error(`test:real: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(2);
}

// --- the store is there and answers as CoCart ---
try {
  const response = await fetch(`${baseUrl}/cocart/v2/cart`, { signal: AbortSignal.timeout(15_000) });
  if (response.status !== 200) throw new Error(`GET cocart/v2/cart answered ${response.status}`);
} catch (error) {
  fatal(`no CoCart store at ${baseUrl} (${error.message}). Start one: bash ../shared/realworld/start-real-cocart.sh`);
}
if (!existsSync(join(wpRoot, 'wp-load.php'))) fatal(`${wpRoot} is not the store's WordPress folder (set RW_ROOT or REAL_WP_ROOT)`);
const idsFile = join(rwRoot, 'setup/ids.json');
if (!existsSync(idsFile)) fatal(`no product ids at ${idsFile} (set RW_ROOT)`);
const ids = JSON.parse(readFileSync(idsFile, 'utf8'));

// --- the bundle a merchant embeds ---
if (!process.env.REAL_SKIP_BUILD) {
  const build = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) fatal(`vite build failed:\n${build.stdout}${build.stderr}`);
}
if (!existsSync(join(root, 'dist/cart-widget.js'))) fatal('dist/cart-widget.js is missing (run `npx vite build`)');

const shop = createShop({ baseUrl, ...customer });
const productIds = {
  beanie: ids.simple_beanie,
  cap: ids.simple_cap,
  belt: ids.simple_belt_low,
  outOfStock: ids.out_of_stock,
};
const products = Object.fromEntries(
  await Promise.all(Object.entries(productIds).map(async ([key, id]) => [key, { id, name: await shop.productName(id) }])),
);

// --- the test page, same origin as the shop ---
const folderName = `cart-widget-test-${process.pid}-${Date.now().toString(36)}`;
const pageFolder = join(wpRoot, folderName);
const out = process.env.REAL_OUT || mkdtempSync(join(tmpdir(), 'cart-widget-real-'));
mkdirSync(out, { recursive: true });
mkdirSync(pageFolder);
const removePage = () => rmSync(pageFolder, { recursive: true, force: true });
process.on('exit', removePage);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
for (const file of readdirSync(join(root, 'dist'))) {
  if (file.endsWith('.js')) cpSync(join(root, 'dist', file), join(pageFolder, file));
}
// The script tag loads its elements and language packs from the folder beside it.
if (existsSync(join(root, 'dist/chunks'))) cpSync(join(root, 'dist/chunks'), join(pageFolder, 'chunks'), { recursive: true });
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const productsHtml = Object.values(products)
  .map(({ id, name }) => `<section aria-labelledby="p${id}"><h2 id="p${id}">${escape(name)}</h2><add-to-cart product-id="${id}"></add-to-cart></section>`)
  .join('\n        ');
const template = readFileSync(join(root, 'test/real/page.html'), 'utf8');
writeFileSync(
  join(pageFolder, 'index.html'),
  template.replace('{{BASE_URL}}', escape(baseUrl)).replace('{{CHECKOUT_URL}}', '/checkout/').replace('{{PRODUCTS}}', productsHtml),
);
// The store's router serves real files as they are; a folder needs the file named.
const site = { baseUrl, siteUrl, pageUrl: `${siteUrl}/${folderName}/index.html`, checkoutPath: '/checkout/' };

// --- the journeys ---
const browser = await launchChromium(puppeteer, ['--disable-sync']);

// Which token-failure shape this store has (real-world notes, "Login and tokens"): 403 with the
// JWT add-on's code, or the 500 critical error of JWT 3.0.3 on core 4.3.x as shipped.
const badToken = await shop.request('GET', 'cart', { bearer: 'not.a.token' }).catch(() => ({ status: 'no answer' }));
console.log(`test:real: ${baseUrl} (page ${site.pageUrl}); a bad token is answered ${badToken.status}`);
console.log(`test:real: screenshots and request logs in ${out}`);
const started = Date.now();
const chosen = journeys.filter((journey) => !only || journey.name.includes(only));

/** Runs one journey; resolves with the lines to print. Never rejects. */
async function runJourney(journey, index) {
  const slug = `${String(index + 1).padStart(2, '0')}-${journey.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}`;
  const shoppers = [];
  const notes = [];
  const t0 = Date.now();
  let failure = null;
  const context = {
    shop,
    products,
    customer,
    site,
    /** Something worth knowing that does not fail the journey. */
    note: (text) => notes.push(text),
    /** A fresh browser context on the test page. */
    async shopper() {
      const shopper = await Shopper.open(browser, site);
      shoppers.push(shopper);
      return shopper;
    },
  };
  try {
    await withTimeout(journey.run(context), JOURNEY_TIMEOUT, journey.name);
    const crashed = shoppers.flatMap((s) => s.pageErrors);
    if (crashed.length) throw new JourneyError(`uncaught error in the page: ${crashed.join(' | ')}`);
  } catch (error) {
    failure = error.message;
  }
  const shots = [];
  for (const [n, shopper] of shoppers.entries()) {
    const suffix = shoppers.length > 1 ? `-${n + 1}` : '';
    try {
      shots.push(await shopper.screenshot(join(out, `${slug}${suffix}.png`)));
    } catch {
      // A closed page has no picture.
    }
    writeFileSync(join(out, `${slug}${suffix}.requests.txt`), `${shopper.requests()}\n`);
  }
  await Promise.all(shoppers.map((s) => s.close()));
  await journey.cleanup?.(context).catch(() => undefined);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  return {
    failed: Boolean(failure),
    lines: [
      failure ? `FAIL ${journey.name} (${seconds}s): ${failure}` : `ok   ${journey.name} (${seconds}s)`,
      ...notes.map((text) => `     note: ${text}`),
      ...shots.map((shot) => `     screenshot: ${shot}`),
    ],
  };
}

// Two lanes side by side: the server's latency, not this machine, sets the pace. Journeys that
// touch the customer's saved cart take turns in one lane; guests (each their own cart) in the other.
const results = new Array(chosen.length);
let printed = 0;
const printReady = () => {
  while (printed < chosen.length && results[printed]) console.log(results[printed++].lines.join('\n'));
};
const lane = async (filter) => {
  for (const [index, journey] of chosen.entries()) {
    if (!filter(journey)) continue;
    results[index] = await runJourney(journey, index);
    printReady();
  }
};
try {
  await Promise.all([lane((j) => !j.customer), lane((j) => Boolean(j.customer))]);
} finally {
  await browser.close();
  removePage();
}
const failed = results.filter((r) => r.failed).length;
const passed = results.length - failed;
console.log(`(${((Date.now() - started) / 1000).toFixed(0)}s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed || !passed ? 1 : 0;

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new JourneyError(`${name} took longer than ${ms / 1000}s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
