// `npm run test:real`: the built script-tag bundle (dist/cart-widget.js) in headless Chromium
// against real CoCart stores (not part of `npm test`; see README "Testing against a real store").
//
// Stores: the URLs given as arguments (`npm run test:real -- http://127.0.0.1:8089/wp-json
// http://127.0.0.1:8090/wp-json`), else REAL_COCART_URLS (a list, spaces or commas), else
// REAL_COCART_URL (one), else each of the three local stores (4.3.6 on :8089, 4.4 on :8090, WordPress 7 +
// WooCommerce 10 on :8094) that is up.
// Every journey runs on each store in turn; one block of results per store, then the total.
//
// Each store's page is served by the store itself (same origin): dist/ and a test page are copied
// into a fresh folder under its WordPress root for the run and removed afterwards. The folder of a
// store is found by its URL (the `wp/wp-config.php` under REAL_RW_ROOTS, default the folders in
// /tmp/realworld, whose WP_HOME is the store's site); RW_ROOT / REAL_WP_ROOT set it when one store
// is tested. Each journey gets a fresh browser context; what the drawer shows is checked against
// the server, read from Node.
//
// Environment: RW_ROOT (the store's folder from ../shared/realworld/start-real-cocart.sh: `wp/` is
// its WordPress root, `setup/ids.json` its product ids), REAL_WP_ROOT (overrides `RW_ROOT/wp`),
// REAL_CUSTOMER / REAL_PASSWORD (default rwcustomer / rw-pass-123), CHROME_PATH (default
// /usr/bin/chromium), REAL_SKIP_BUILD=1 (use the dist/ already built), REAL_ONLY=word (run the
// journeys whose name contains it; `a|b` for either), REAL_OUT (screenshots and request logs; default a temp folder),
// REAL_MAY_CONFIGURE (store URLs, or `all`, whose set-up the cross-origin journey may change for its
// own pages, undone afterwards: journeys-cross-origin.mjs; never the shared stores by default).
import { spawn, spawnSync } from 'node:child_process';
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
const LOCAL_STORES = ['http://127.0.0.1:8089/wp-json', 'http://127.0.0.1:8090/wp-json', 'http://127.0.0.1:8094/wp-json'];
const customer = { username: process.env.REAL_CUSTOMER || 'rwcustomer', password: process.env.REAL_PASSWORD || 'rw-pass-123' };
const only = process.env.REAL_ONLY;
const mayConfigure = (process.env.REAL_MAY_CONFIGURE || '').split(/[\s,]+/).filter(Boolean).map((url) => url.replace(/\/+$/, ''));
const JOURNEY_TIMEOUT = 90_000;

function fatal(message) {
  console.error(`test:real: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(2);
}

// --- which stores ---
const listed = process.argv.slice(2).length
  ? process.argv.slice(2)
  : (process.env.REAL_COCART_URLS || process.env.REAL_COCART_URL || '').split(/[\s,]+/).filter(Boolean);
const urls = (listed.length ? listed : LOCAL_STORES).map((url) => url.replace(/\/+$/, ''));
const answering = await Promise.all(urls.map(answers));
const stores = [];
const unreachable = [];
for (const [n, url] of urls.entries()) {
  if (answering[n] === true) stores.push(url);
  else unreachable.push(`${url} (${answering[n]})`);
}
if (!listed.length && unreachable.length) {
  // The default list: a local store that is not up is left out, said once.
  console.log(`test:real: not running, left out: ${unreachable.join('; ')}`);
  unreachable.length = 0;
}
if (!stores.length && !unreachable.length) {
  fatal(`no CoCart store at ${urls.join(' or ')}. Start one: bash ../shared/realworld/start-real-cocart.sh`);
}

/** `true` when `GET {url}/cocart/v2/cart` answers 200, else why not. */
async function answers(url) {
  try {
    const response = await fetch(`${url}/cocart/v2/cart`, { signal: AbortSignal.timeout(15_000) });
    return response.status === 200 ? true : `GET cocart/v2/cart answered ${response.status}`;
  } catch (error) {
    return error.cause?.code ?? error.message;
  }
}

/** The store's folder (`wp/`, `setup/ids.json`): given, or the one whose wp-config.php names its site. */
function storeFolder(siteUrl) {
  if (stores.length + unreachable.length === 1 && (process.env.RW_ROOT || process.env.REAL_WP_ROOT)) {
    const rwRoot = process.env.RW_ROOT || dirname(process.env.REAL_WP_ROOT);
    return { rwRoot, wpRoot: process.env.REAL_WP_ROOT || join(rwRoot, 'wp') };
  }
  const parents = (process.env.REAL_RW_ROOTS || '/tmp/realworld').split(/[\s,:]+/).filter(Boolean);
  const candidates = [process.env.RW_ROOT, ...parents.flatMap((parent) => [parent, ...subfolders(parent)])].filter(Boolean);
  for (const rwRoot of candidates) {
    const config = join(rwRoot, 'wp/wp-config.php');
    if (!existsSync(config)) continue;
    const home = readFileSync(config, 'utf8').match(/define\(\s*'WP_HOME'\s*,\s*'([^']+)'/)?.[1];
    if (home && home.replace(/\/+$/, '') === siteUrl) return { rwRoot, wpRoot: join(rwRoot, 'wp') };
  }
  return null;
}

function subfolders(parent) {
  try {
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(parent, entry.name));
  } catch {
    return [];
  }
}

// --- the bundle a merchant embeds, built once for every store ---
// The script tag, and the package's browser-ready modules for the admin page's import map.
if (!process.env.REAL_SKIP_BUILD) {
  for (const args of [['build'], ['build', '--mode', 'esm']]) {
    const build = spawnSync(join(root, 'node_modules/.bin/vite'), [...args, '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) fatal(`vite ${args.join(' ')} failed:\n${build.stdout}${build.stderr}`);
  }
}
if (!existsSync(join(root, 'dist/cart-widget.js'))) fatal('dist/cart-widget.js is missing (run `npx vite build`)');

const out = process.env.REAL_OUT || mkdtempSync(join(tmpdir(), 'cart-widget-real-'));
mkdirSync(out, { recursive: true });
const pageFolders = new Set();
const removePages = () => pageFolders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
process.on('exit', removePages);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
// A journey's stray promise (a wait nobody awaited any more) must not end the run for every store.
process.on('unhandledRejection', (error) => console.error(`test:real: a promise nobody awaited failed: ${error?.message ?? error}`));
const chosen = journeys.filter((journey) => !only || only.split('|').some((word) => journey.name.includes(word)));
// The HTTPS fronts' certificates are self-signed.
const browser = await launchChromium(puppeteer, ['--disable-sync', '--ignore-certificate-errors']);
const fronts = new Set();
process.on('exit', () => fronts.forEach((front) => front.kill('SIGTERM')));
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];

try {
  for (const baseUrl of stores) {
    const result = await runStore(baseUrl);
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
    summary.push(`${baseUrl}: ${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`);
  }
  for (const store of unreachable) {
    console.log(`\n== ${store}\nFAIL the store does not answer`);
    totals.failed += 1;
    summary.push(`${store}: not reached`);
  }
} finally {
  await browser.close();
  removePages();
}
if (stores.length + unreachable.length > 1) console.log(`\n${summary.join('\n')}`);
console.log(`(${((Date.now() - started) / 1000).toFixed(0)}s)`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed || !totals.passed ? 1 : 0;

/** Every chosen journey on one store; prints the store's block as it goes. */
async function runStore(baseUrl) {
  const siteUrl = baseUrl.replace(/\/wp-json$/, '');
  const t0 = Date.now();
  const folder = storeFolder(siteUrl);
  const failEarly = (why) => {
    console.log(`\n== ${baseUrl}\nFAIL ${why}`);
    return { passed: 0, failed: 1, skipped: 0 };
  };
  if (!folder || !existsSync(join(folder.wpRoot, 'wp-load.php'))) {
    return failEarly(`no WordPress folder found for ${siteUrl} (set RW_ROOT, REAL_WP_ROOT or REAL_RW_ROOTS)`);
  }
  const idsFile = join(folder.rwRoot, 'setup/ids.json');
  if (!existsSync(idsFile)) return failEarly(`no product ids at ${idsFile}`);
  const ids = JSON.parse(readFileSync(idsFile, 'utf8'));
  const shop = createShop({ baseUrl, ...customer });
  const productIds = {
    beanie: ids.simple_beanie,
    cap: ids.simple_cap,
    belt: ids.simple_belt_low,
    outOfStock: ids.out_of_stock,
    expensive: ids.expensive,
  };
  let products;
  try {
    products = Object.fromEntries(
      await Promise.all(Object.entries(productIds).map(async ([key, id]) => [key, { id, name: await shop.productName(id) }])),
    );
  } catch (error) {
    return failEarly(`could not read the store's products: ${error.message}`);
  }

  // --- the test page, same origin as the shop ---
  const folderName = `cart-widget-test-${process.pid}-${Date.now().toString(36)}`;
  const pageFolder = join(folder.wpRoot, folderName);
  mkdirSync(pageFolder);
  pageFolders.add(pageFolder);
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
  const site = { baseUrl, siteUrl, pageUrl: `${siteUrl}/${folderName}/index.html`, checkoutPath: '/checkout/', pageFolder, wpRoot: folder.wpRoot };

  // Basic sign-in and the admin sessions call need https: the same page through an HTTPS front
  // (journeys-https.mjs), the shop's REST root on the front, auth="basic"; and an admin page.
  const front = await startFront(siteUrl, folder.wpRoot);
  if (front) {
    writeFileSync(
      join(pageFolder, 'index-basic.html'),
      template
        .replace('{{BASE_URL}}', escape(`${front.url}/wp-json`))
        .replace('namespace="cocart"', 'namespace="cocart" auth="basic"')
        .replace('{{CHECKOUT_URL}}', '/checkout/')
        .replace('{{PRODUCTS}}', productsHtml),
    );
    if (existsSync(join(root, 'dist/esm'))) cpSync(join(root, 'dist/esm'), join(pageFolder, 'esm'), { recursive: true });
    writeFileSync(
      join(pageFolder, 'admin.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back office</title>
<script type="importmap">{ "imports": { "cart-widget": "./esm/index.js", "cart-widget/": "./esm/" } }</script></head>
<body><h1>Cart sessions</h1></body></html>`,
    );
    site.https = {
      baseUrl: `${front.url}/wp-json`,
      siteUrl: front.url,
      pageUrl: `${front.url}/${folderName}/index-basic.html`,
      adminUrl: `${front.url}/${folderName}/admin.html`,
      checkoutPath: '/checkout/',
      keyPair: ids.admin_api_keys,
    };
  }

  // Which token-failure shape this store has (real-world notes, "Login and tokens"): 403 with the
  // JWT add-on's code, or the 500 critical error of JWT 3.0.3 on core 4.3.x as shipped.
  const badToken = await shop.request('GET', 'cart', { bearer: 'not.a.token' }).catch(() => ({ status: 'no answer' }));
  const versions = ids.versions ?? {};
  const store = {
    baseUrl,
    cocart: versions.cocart ?? 'unknown',
    jwt: badToken.status === 500 ? 'as shipped (bad token: 500)' : `patched (bad token: ${badToken.status})`,
    /** Whether this store's CoCart is at least `version` (`'4.4'`; a beta counts as its release). */
    atLeast: (version) => compareVersions(versions.cocart ?? '0', version) >= 0,
    /** Whether journeys may change this store's set-up for their own pages (REAL_MAY_CONFIGURE). */
    mayConfigure: mayConfigure.some((url) => url === 'all' || url === baseUrl),
  };
  const storeOut = join(out, new URL(baseUrl).host.replace(/[^a-z0-9.-]+/gi, '-'));
  mkdirSync(storeOut, { recursive: true });
  console.log(`\n== ${baseUrl}: CoCart ${store.cocart}, JWT ${versions.cocart_jwt ?? '?'} ${store.jwt}`);
  console.log(`   page ${site.pageUrl}; screenshots and request logs in ${storeOut}`);

  const results = new Array(chosen.length);
  let printed = 0;
  const printReady = () => {
    while (printed < chosen.length && results[printed]) console.log(results[printed++].lines.join('\n'));
  };
  // Two lanes side by side: the server's latency, not this machine, sets the pace. Journeys that
  // touch the customer's saved cart take turns in one lane; guests (each their own cart) in the other.
  const lane = async (filter) => {
    for (const [index, journey] of chosen.entries()) {
      if (!filter(journey)) continue;
      results[index] = await runJourney(journey, index, { shop, products, customer, site, store, out: storeOut });
      printReady();
    }
  };
  try {
    await Promise.all([lane((j) => !j.customer), lane((j) => Boolean(j.customer))]);
  } finally {
    rmSync(pageFolder, { recursive: true, force: true });
    pageFolders.delete(pageFolder);
    if (front) {
      front.process.kill('SIGTERM');
      fronts.delete(front.process);
    }
  }
  const failed = results.filter((r) => r.failed).length;
  const skipped = results.filter((r) => r.skipped).length;
  const passed = results.length - failed - skipped;
  console.log(`-- ${baseUrl}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${((Date.now() - t0) / 1000).toFixed(0)}s)`);
  return { passed, failed, skipped };
}

/**
 * An HTTPS front (../shared/realworld/https-front.mjs) for a store on this machine: `{ url, process }`,
 * or null (not a local store, no front script, or REAL_HTTPS=0). Its port: the store's + 354 (8443
 * for :8089).
 */
async function startFront(siteUrl, wpRoot) {
  const script = resolve(root, '../shared/realworld/https-front.mjs');
  const { hostname, port } = new URL(siteUrl);
  if (process.env.REAL_HTTPS === '0' || hostname !== '127.0.0.1' || !existsSync(script)) return null;
  const frontPort = Number(port) + 354;
  const child = spawn(process.execPath, [script, '--port', String(frontPort), '--to', port, '--wp', wpRoot], { stdio: ['ignore', 'pipe', 'pipe'] });
  fronts.add(child);
  const url = await new Promise((resolveUrl) => {
    let out = '';
    const timer = setTimeout(() => resolveUrl(null), 15_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/(https:\/\/127\.0\.0\.1:\d+)\/wp-json/);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.on('exit', () => resolveUrl(null));
  });
  if (!url) {
    child.kill('SIGTERM');
    fronts.delete(child);
    console.log(`test:real: no HTTPS front for ${siteUrl} (port ${frontPort} taken?): the https journeys skip it`);
    return null;
  }
  return { url, process: child };
}

/**
 * Runs one journey; resolves with the lines to print. Never rejects. A journey's `skip(context)`
 * may answer why it does not apply to this store (a string): it is then listed, not run.
 */
async function runJourney(journey, index, base) {
  const slug = `${String(index + 1).padStart(2, '0')}-${journey.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}`;
  const shoppers = [];
  const notes = [];
  const t0 = Date.now();
  let failure = null;
  const context = {
    ...base,
    /** Something worth knowing that does not fail the journey. */
    note: (text) => notes.push(text),
    /** A fresh browser context on the test page (or on `site`, the same page served elsewhere). */
    async shopper(site = base.site) {
      const shopper = await Shopper.open(browser, site);
      shoppers.push(shopper);
      return shopper;
    },
    /** Another tab of a shopper: a new page in the same browser context (shared storage), on the test page. */
    async tab(of) {
      const tab = await of.openTab();
      shoppers.push(tab);
      return tab;
    },
  };
  const skip = journey.skip?.(context);
  if (skip) return { skipped: true, failed: false, lines: [`skip ${journey.name}: ${skip}`] };
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
      shots.push(await shopper.screenshot(join(base.out, `${slug}${suffix}.png`)));
    } catch {
      // A closed page has no picture.
    }
    writeFileSync(join(base.out, `${slug}${suffix}.requests.txt`), `${shopper.requests()}\n`);
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

/** Compares dotted versions by their numbers (`4.4.0-beta.6` ≥ `4.4`). */
function compareVersions(a, b) {
  const parts = (v) => String(v).split('-')[0].split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new JourneyError(`${name} took longer than ${ms / 1000}s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
