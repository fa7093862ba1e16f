// `npm run bench` (after type-checking bench/): the real <cart-drawer> against a hand-written DOM
// cart, in each engine the tests use (Chromium, Firefox, WebKit; `-- --engines=chromium` for one),
// for carts of 10, 200 and 1000 lines. The heap figures need Chromium's DevTools protocol: the
// other engines print the timings and page loads. Builds bench/ minified
// (`vite build --mode bench`) into a temporary folder, serves it, and prints one table: for each
// figure the median with the fastest and slowest run, and the ratio of the medians.
//
// The timings alternate: widget run, hand-written run, widget run… in one page (the order flipped
// every other pair), so a burst of other work on the machine slows both sides of a ratio, not one.
// Not part of `npm test`; under two minutes. `-- --load-only`: the page-load figures alone (twice:
// nothing cached, a shopper's first page; and scripts cached as the README recommends, a later page),
// in a Chromium with no DevTools connection (see `pageLoads`): the count shown, and the drawer usable
// after a tap on the cart button as soon as the count shows.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { remote } from 'webdriverio';
import { chromiumArgs, chromiumPath, launchChromium } from '../scripts/chromium.mjs';
import { ENGINES, paths } from '../scripts/browsers.mjs';

/** `-- --engines=chromium,firefox`: only those engines (all three by default). */
const ENGINES_RUN = process.argv.find((arg) => arg.startsWith('--engines='))?.slice(10).split(',') ?? ENGINES;

/** `-- --load-only`: the page-load figures alone (no cart sizes). */
const LOAD_ONLY = process.argv.includes('--load-only');
/** `-- --sizes=200,1000`: only those cart sizes. */
const SIZES = LOAD_ONLY ? [] : (process.argv.find((arg) => arg.startsWith('--sizes='))?.slice(8).split(',').map(Number) ?? [10, 200, 1000]);
const RUNS = { 10: 7, 200: 11, 1000: 5 };
// Open/close cycles for the heap figures: the first half warms up, a leak grows in the second too.
// A modal <dialog> is display: none while closed, so every opening styles and lays out every line
// again (at 1000 lines ~0.5-0.7 s for the widget, ~0.25 s by hand; content-visibility, which would
// skip that, is out: see the lines' rule in cart-drawer.styles.ts): 200 cycles of 1000 lines alone
// would take over two minutes, 20 keep the whole run under two on a busy machine.
const CYCLES = { 10: 200, 200: 200, 1000: 20 };
const LOAD_RUNS = 21;
/** The page-load run under way (`pageLoads`): where each page goes next and what it reported. */
let loadRun = null;
const IMPLEMENTATIONS = ['widget', 'vanilla'];
/** `npm run bench -- --timings-only`: no heap or open/close figures (the slow part on a busy machine). */
const TIMINGS_ONLY = process.argv.includes('--timings-only');

const out = mkdtempSync(join(tmpdir(), 'cart-widget-bench-'));
const started = performance.now();
try {
  await build({ mode: 'bench', logLevel: 'warn', build: { outDir: out } });
  // The merchant's script tag as `vite build` makes it (`cart-widget.js` + `chunks/`), beside the
  // pages: the page-load bench loads it by its own script tag, as a shop's page does.
  await build({ mode: 'production', logLevel: 'warn', build: { outDir: join(out, 'cart-widget') } });
  const server = await serve(out);
  try {
    const url = `http://127.0.0.1:${server.address().port}/bench/index.html`;
    const origin = `http://127.0.0.1:${server.address().port}`;
    for (const engine of ENGINES_RUN) {
      process.stderr.write(`${engine}… (at ${seconds()} s)\n`);
      const browser = await openEngine(engine);
      try {
        const results = {};
        for (const size of SIZES) {
          process.stderr.write(`  ${size} lines, timings… (at ${seconds()} s)\n`);
          const timings = await alternate(browser, url, size);
          for (const impl of IMPLEMENTATIONS) {
            if (TIMINGS_ONLY || !browser.heap) {
              results[`${impl}:${size}`] = timingsOf(impl, timings);
              continue;
            }
            process.stderr.write(`  ${size} lines, ${impl} heap… (at ${seconds()} s)\n`);
            results[`${impl}:${size}`] = await measure(browser, url, impl, size, timings);
          }
        }
        const load = process.argv.includes('--no-load')
          ? null
          : { cold: await pageLoads(engine, origin, '/bench', 'nothing cached'), cached: await pageLoads(engine, origin, '/cached/bench', 'cached') };
        if (SIZES.length) printTable(results, `${engine} ${await browser.version()}`);
        if (load) printLoads(load, engine);
      } finally {
        await browser.close();
      }
    }
  } finally {
    server.close();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(`\n(${seconds()} s)`);

function seconds() {
  return ((performance.now() - started) / 1000).toFixed(0);
}

/**
 * Both implementations' timings in one page, run by run in turn after a warm-up of each: the
 * figures of one size, `{ widget, vanilla }`, each a list of runs.
 */
async function alternate(browser, url, size) {
  const { page } = await openPage(browser, url);
  const paint = { widget: [], vanilla: [] };
  const update = { widget: [], vanilla: [] };
  for (const impl of IMPLEMENTATIONS) await page.evaluate((i, n) => bench.responseToPaint(i, n, 0), impl, size);
  for (let run = 0; run < RUNS[size]; run++) {
    const order = run % 2 ? [...IMPLEMENTATIONS].reverse() : IMPLEMENTATIONS;
    for (const impl of order) {
      paint[impl].push(...(await page.evaluate((i, n) => bench.responseToPaint(i, n, 1, false), impl, size)));
      update[impl].push(...(await page.evaluate((i, n) => bench.quantityToPaint(i, n, 1), impl, size)));
    }
  }
  await page.close();
  return { paint, update };
}

/** The heap (and open/close) figures of one implementation, in a fresh page, with its timings. */
async function measure(browser, url, impl, size, { paint, update }) {
  const memory = await openPage(browser, url);
  const empty = await memory.heapUsed();
  await memory.page.evaluate((i, n) => bench.loadOnce(i, n), impl, size);
  const loaded = await memory.heapUsed();
  // The first cycles grow the heap with compiled code and inline caches; a leak keeps growing.
  const half = CYCLES[size] / 2;
  const firstHalf = await memory.page.evaluate((times) => bench.openAndClose(times), half);
  const warm = await memory.heapUsed();
  const secondHalf = await memory.page.evaluate((times) => bench.openAndClose(times), half);
  const cycled = await memory.heapUsed();
  await memory.page.close();
  return {
    ...timingsOf(impl, { paint, update }),
    cycle: (firstHalf + secondHalf) / 2,
    heap: cycled - empty,
    growth: warm - loaded,
    leak: cycled - warm,
  };
}

/**
 * Page load with a 3-line cart, widget and hand-written page in turn: ms from navigation start until
 * the count is shown, the long tasks until then, and ms until the drawer was usable after a tap on
 * the cart button as soon as the count showed (bench/load-stub.ts). Under `base` = `/bench` nothing is cached (every
 * load is a shopper's first); under `/cached/bench` the scripts come with the cache headers the README
 * recommends (a later page of the same visit).
 *
 * The loads run in a Chromium of their own with no DevTools connection, as a shopper's browser is:
 * each page reports to the server and opens the next (`serve` adds that driver). Under DevTools (the
 * puppeteer page the other figures use), every request a script makes records the script's stack,
 * and V8 re-parses a whole script to find its source positions: 10–30 ms on the main thread for each
 * chunk the 72 KB entry asks for (seen in a trace: ResourceFetcher::requestResource →
 * V8.CollectSourcePositions), which made the widget's page load look up to 1.6× slower than it is.
 */
async function pageLoads(engine, origin, base, label) {
  process.stderr.write(`  page load, ${label}… (at ${seconds()} s)\n`);
  const sequence = [];
  for (let run = 0; run <= LOAD_RUNS; run++) {
    for (const impl of run % 2 ? [...IMPLEMENTATIONS].reverse() : IMPLEMENTATIONS) sequence.push({ run, impl });
  }
  const loads = { widget: [], vanilla: [] };
  const profile = mkdtempSync(join(tmpdir(), 'cart-widget-bench-profile-'));
  const url = (i) => `${base}/load-${sequence[i].impl}.html?load=${i}`;
  const finished = new Promise((resolve, reject) => {
    loadRun = {
      next: (i) => (i + 1 < sequence.length ? url(i + 1) : '/__load/end'),
      record(i, result) {
        if (result.error) return reject(new Error(`page load ${i} (${sequence[i].impl}): ${result.error}`));
        // The first load of each is a warm-up (and, where scripts may be cached, fills the cache).
        if (sequence[i].run > 0) loads[sequence[i].impl].push(result);
      },
      end: resolve,
    };
    setTimeout(() => reject(new Error(`page loads, ${label}: not done after two minutes`)), 120_000).unref();
  });
  // A process group of its own, so that all of the browser's processes end with it.
  const display = engine === 'webkit' ? await startDisplay() : null;
  const browser = spawnForLoads(engine, profile, `${origin}${url(0)}`, display);
  const exited = new Promise((resolve) => browser.once('exit', resolve));
  try {
    await Promise.race([finished, exited.then(() => Promise.reject(new Error(`${engine} ended before the page loads did`)))]);
  } finally {
    loadRun = null;
    process.kill(-browser.pid, 'SIGKILL');
    await exited;
    display?.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  return loads;
}

/** The engine itself, as a shopper has it: no driver attached, a fresh profile, the first page's URL. */
function spawnForLoads(engine, profile, url, display) {
  if (engine === 'chromium') {
    return spawn(chromiumPath, [...chromiumArgs, '--headless=new', '--disable-gpu-vsync', '--disable-frame-rate-limit', `--user-data-dir=${profile}`, url], {
      stdio: 'ignore',
      detached: true,
    });
  }
  if (engine === 'firefox') {
    // No first-run or welcome pages in a fresh profile.
    const prefs = ['browser.aboutwelcome.enabled', 'browser.shell.checkDefaultBrowser', 'datareporting.policy.dataSubmissionEnabled', 'toolkit.telemetry.reportingpolicy.firstRun'];
    writeFileSync(join(profile, 'user.js'), prefs.map((pref) => `user_pref("${pref}", false);\n`).join('') + 'user_pref("browser.startup.homepage_override.mstone", "ignore");\n');
    return spawn(paths.firefox, ['--headless', '--no-remote', '--profile', profile, url], { stdio: 'ignore', detached: true });
  }
  const miniBrowser = process.env.WEBKIT_MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
  return spawn(miniBrowser, [url], { stdio: 'ignore', detached: true, env: { ...process.env, DISPLAY: display.name, XDG_CACHE_HOME: profile, XDG_DATA_HOME: profile } });
}

/**
 * Added to a bench page opened with `?load=N`: once the page has its figures (`loadBench`), it sends
 * them with a synchronous XHR (the page's stand-in shop answers `fetch`) and opens the next page.
 */
function loadDriver(i) {
  const next = JSON.stringify(loadRun.next(i));
  return `<script>
(function () {
  var sent = false;
  var send = function (result) {
    if (sent) return;
    sent = true;
    var request = new XMLHttpRequest();
    request.open('POST', '/__load/result?load=${i}', false);
    request.send(JSON.stringify(result));
    location.href = ${next};
  };
  addEventListener('error', function (event) { send({ error: String(event.message) }); });
  addEventListener('unhandledrejection', function (event) { send({ error: String(event.reason) }); });
  var look = function () { return window.loadBench ? send(window.loadBench) : requestAnimationFrame(look); };
  requestAnimationFrame(look);
})();
</script>`;
}

function printLoads({ cold, cached }, engine) {
  const ms = (f) => `${f.median.toFixed(1)} ms (${f.min.toFixed(0)}–${f.max.toFixed(0)})`;
  console.log(`\npage load, 3-line cart (<cart-provider>, <cart-drawer>, two <add-to-cart>), ${LOAD_RUNS} loads each, alternating`);
  console.log(`(${engine}; widget = the script tag as \`vite build\` makes it, chunks from chunks/; the browser with no driver attached; machine load average ${loadavg()[0].toFixed(1)}):`);
  for (const [label, loads] of [['nothing cached', cold], ['scripts cached', cached]]) {
    const figure = (impl, key = 'shown') => spread(loads[impl].map((load) => load[key]));
    const [widget, dom] = [figure('widget'), figure('vanilla')];
    const [widgetDrawer, domDrawer] = [figure('widget', 'usable'), figure('vanilla', 'usable')];
    const longest = (impl) => Math.max(0, ...loads[impl].flatMap((load) => load.longTasks));
    const noLongTasks = engine !== 'chromium' ? ' (this engine does not report long tasks)' : '';
    const count = (impl) => loads[impl].filter((load) => load.longTasks.length).length;
    console.log(`  ${label}:`);
    console.log(`    navigation → count shown: widget ${ms(widget)}, DOM ${ms(dom)}, ratio ${(widget.median / dom.median).toFixed(2)}×`);
    console.log(
      `    longest task until then: widget ${longest('widget').toFixed(0)} ms (in ${count('widget')} of ${LOAD_RUNS} loads), DOM ${longest('vanilla').toFixed(0)} ms (in ${count('vanilla')}) (a long task is over 50 ms)${noLongTasks}`,
    );
    console.log(`    navigation → drawer usable after a tap at the count: widget ${ms(widgetDrawer)}, DOM ${ms(domDrawer)}, ratio ${(widgetDrawer.median / domDrawer.median).toFixed(2)}×`);
  }
}

/** One implementation's timing figures: median, fastest and slowest of its runs. */
function timingsOf(impl, { paint, update }) {
  return {
    paint: spread(paint[impl].map((t) => t.painted)),
    paintLaidOut: spread(paint[impl].map((t) => t.laidOut)),
    update: spread(update[impl].map((t) => t.painted)),
    updateLaidOut: spread(update[impl].map((t) => t.laidOut)),
  };
}

async function openPage(browser, url) {
  return browser.open(url);
}

/**
 * An engine for the render figures: `open(url)` gives a page with `evaluate(fn, ...args)`, `close()`
 * and, in Chromium only (its DevTools protocol), `heapUsed()`.
 */
async function openEngine(engine) {
  if (engine === 'webkit') return openWebKit();
  const browser =
    engine === 'chromium'
      ? await launchChromium(puppeteer, [
          '--js-flags=--expose-gc',
          // Frames as fast as they can be made, so "painted" is not rounded up to the next 60 Hz tick.
          '--disable-gpu-vsync',
          '--disable-frame-rate-limit',
        ])
      : await puppeteer.launch({ browser: 'firefox', executablePath: paths.firefox, headless: true });
  return {
    heap: engine === 'chromium',
    version: () => browser.version(),
    close: () => browser.close(),
    async open(url) {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      page.on('pageerror', (error) => console.error('page error:', error.message));
      await page.goto(url);
      await page.waitForSelector('html[data-ready]');
      const cdp = engine === 'chromium' ? await page.createCDPSession() : null;
      return {
        page,
        /** JS heap in use after a full garbage collection, bytes. */
        async heapUsed() {
          await cdp.send('HeapProfiler.collectGarbage');
          return (await cdp.send('Runtime.getHeapUsage')).usedSize;
        },
      };
    },
  };
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver, in an Xvfb display of its own. */
async function openWebKit() {
  const display = await startDisplay();
  const port = 40000 + (process.pid % 20000);
  const driver = spawn(paths.webkit, [`--port=${port}`], { env: { ...process.env, DISPLAY: display.name }, stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const session = await remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'error',
    capabilities: { browserName: 'MiniBrowser', 'wdio:enforceWebDriverClassic': true, 'webkitgtk:browserOptions': { args: ['--automation'] } },
  });
  await session.setWindowRect(0, 0, 1280, 800);
  const run = (fn, args) =>
    session.executeAsync(
      `const done = arguments[arguments.length - 1];
       Promise.resolve((${fn})(...${JSON.stringify(args)})).then((value) => done({ value }), (error) => done({ error: String(error) }));`,
    );
  return {
    heap: false,
    version: async () => `WebKitGTK ${session.capabilities.browserVersion ?? ''}`.trim(),
    async close() {
      await session.deleteSession().catch(() => undefined);
      driver.kill();
      display.stop();
    },
    async open(url) {
      await session.navigateTo(url);
      await session.waitUntil(() => session.execute(() => document.documentElement.hasAttribute('data-ready')), { timeout: 30_000 });
      return {
        page: {
          async evaluate(fn, ...args) {
            const result = await run(fn, args);
            if (result?.error) throw new Error(result.error);
            return result?.value;
          },
          close: () => session.navigateTo('about:blank'),
        },
      };
    },
  };
}

/** An Xvfb display for WebKitGTK (which needs one even for a test page), ended with `stop()`. */
async function startDisplay() {
  const name = `:${500 + (process.pid % 400)}`;
  const xvfb = spawn('Xvfb', [name, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { name, stop: () => xvfb.kill() };
}

/** The median of some runs, with the fastest and the slowest. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1) };
}

function printTable(results, version) {
  const value = (figure) => (typeof figure === 'number' ? figure : figure.median);
  const ms = (figure) =>
    typeof figure === 'number' ? `${figure.toFixed(1)} ms` : `${figure.median.toFixed(1)} ms (${figure.min.toFixed(0)}–${figure.max.toFixed(0)})`;
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const kb = (bytes) => `${bytes < 0 ? '-' : '+'}${(Math.abs(bytes) / 1024).toFixed(0)} KB`;
  const ratio = (a, b) => (value(b) > 0 ? `${(value(a) / value(b)).toFixed(2)}×` : '–');
  const rows = [
    ['cart response → drawer painted', 'paint', ms, true],
    ['  laid out, before the frame', 'paintLaidOut', ms, true],
    ['quantity change → line updated', 'update', ms, true],
    ['  laid out, before the frame', 'updateLaidOut', ms, true],
    ['open + close, laid out, per cycle', 'cycle', ms, true],
    ['JS heap after N× open/close', 'heap', mb, true],
    ['  of which growth during the first N/2× (warm-up)', 'growth', kb, false],
    ['  growth over the second N/2×', 'leak', kb, false],
  ];
  const head = ['', ...SIZES.flatMap((size) => [`${size} lines: widget`, 'DOM', 'ratio'])];
  const body = rows.filter(([, key]) => key in results[`widget:${SIZES[0]}`]).map(([label, key, format, withRatio]) => [
    label,
    ...SIZES.flatMap((size) => {
      const widget = results[`widget:${size}`][key];
      const dom = results[`vanilla:${size}`][key];
      return [format(widget), format(dom), withRatio ? ratio(widget, dom) : ''];
    }),
  ]);
  console.log(`\ncart-widget bench — ${version}, headless; medians (fastest–slowest) of ${SIZES.map((s) => `${RUNS[s]}`).join('/')} runs after a warm-up,`);
  console.log('widget and DOM runs alternating in one page');
  console.log('widget = the real <cart-drawer> (production build); DOM = the same cart by hand (bench/vanilla-cart.ts); ratio = widget ÷ DOM');
  console.log('painted = the next frame after the DOM is complete (headless Chromium draws at 60 Hz: up to 16.7 ms is waiting for it);');
  console.log('laid out = the DOM complete and style + layout done, no frame wait');
  console.log(`N = open/close cycles: ${SIZES.map((size) => `${CYCLES[size]}× at ${size} lines`).join(', ')}`);
  console.log('heap = JS heap after a forced GC, above the same page before any cart was shown; a leak grows by as much');
  console.log('in either half of the cycles, warm-up (compiled code, inline caches) by less and less');
  console.log(`machine: ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} (timings are medians; outliers come from other work)\n`);
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

/**
 * The built pages, plus one product picture every line shows. Nothing may be cached, but under
 * `/cached/`: there the scripts come as the README tells merchants to serve them — content-hashed
 * files (`chunks/`, the pages' `assets/`) cached for good, `cart-widget.js` for a short while.
 */
function serve(root) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const picture = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#8d6e63"/></svg>';
  const server = createServer((request, response) => {
    const address = new URL(request.url, 'http://localhost');
    let path = address.pathname;
    const load = address.searchParams.get('load');
    if (path === '/__load/result') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        loadRun?.record(Number(load), JSON.parse(body));
        response.writeHead(204).end();
      });
      return;
    }
    if (path === '/__load/end') {
      loadRun?.end();
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('done');
    }
    const cached = path.startsWith('/cached/');
    if (cached) path = path.slice('/cached'.length);
    if (path === '/img.svg') return response.writeHead(200, { 'content-type': types['.svg'], 'cache-control': 'max-age=3600' }).end(picture);
    const file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    let body;
    try {
      body = readFileSync(file);
    } catch {
      return response.writeHead(404).end();
    }
    if (load !== null && loadRun && extname(file) === '.html') body = body.toString().replace('</body>', `${loadDriver(Number(load))}</body>`);
    const hashed = /\/(chunks|assets)\//.test(path);
    const cache = !cached || extname(file) === '.html' ? 'no-store' : hashed ? 'max-age=31536000, immutable' : 'max-age=300';
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': cache }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
