// Tests run in Debian's Chromium (never a downloaded browser), with msw answering the network.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { summaryReporter } from './scripts/summary-reporter.mjs';

const cdpSessions = new WeakMap();
const worker = readFileSync(new URL('./public/mockServiceWorker.js', import.meta.url));

// The real server's recorded answers (shared/realworld/fixtures), beside the checkout here and in CI.
// test/api/real-fixtures.test.ts reads them from /__fixtures/: files as they are, a folder as the
// JSON list of its files, a missing root as 404 naming where it was looked for.
const FIXTURES_URL = '/__fixtures/';
const fixturesRoot = resolve(fileURLToPath(new URL('../shared/realworld/fixtures/', import.meta.url)));

function realFixtures(context, next) {
  if (!context.path.startsWith(FIXTURES_URL)) return next();
  if (context.method !== 'GET' && context.method !== 'HEAD') {
    context.status = 405;
    return;
  }
  let relative;
  try {
    relative = decodeURIComponent(context.path.slice(FIXTURES_URL.length));
  } catch {
    context.status = 400;
    return;
  }
  const target = resolve(fixturesRoot, relative);
  // Read-only and never above the fixtures folder: no `..`, no absolute paths, no NUL.
  if (relative.includes('\0') || relative.includes('\\') || (target !== fixturesRoot && !target.startsWith(fixturesRoot + sep))) {
    context.status = 403;
    return;
  }
  let stats;
  try {
    stats = statSync(target);
  } catch {
    context.status = 404;
    context.type = 'application/json';
    let error = 'not found';
    try {
      statSync(fixturesRoot);
    } catch {
      error = 'the fixtures folder is missing: clone the shared folder beside the checkout';
    }
    context.body = JSON.stringify({ error, root: fixturesRoot, path: relative });
    return;
  }
  context.set('Cache-Control', 'no-store');
  if (stats.isDirectory()) {
    context.type = 'application/json';
    context.body = JSON.stringify(readdirSync(target, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort());
  } else {
    // Bytes as recorded: the test hands them to the api exactly as the server sent them.
    context.type = 'text/plain; charset=utf-8';
    context.body = readFileSync(target);
  }
}

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: { browser: true, exportConditions: ['browser', 'development'] },
  // One file at a time: on a 2-core machine, side-by-side files starve each other and time-based
  // waits get flaky.
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 10 * 60 * 1000,
  browserStartTimeout: 60000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.json', import.meta.url).pathname }),
    // `emulateMedia` cannot emulate forced colours through Puppeteer: this command asks Chromium directly.
    {
      name: 'forced-colors',
      async executeCommand({ command, payload, session }) {
        if (command !== 'forced-colors') return undefined;
        // Kept open: Chromium drops a session's emulation when the session detaches.
        const page = session.browser.getPage(session.id);
        if (!cdpSessions.has(page)) cdpSessions.set(page, await page.createCDPSession());
        await cdpSessions.get(page).send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: payload }] });
        return true;
      },
    },
  ],
  middleware: [
    realFixtures,
    function serviceWorker(context, next) {
      if (context.path === '/mockServiceWorker.js') {
        context.type = 'application/javascript';
        context.body = worker;
        return;
      }
      return next();
    },
  ],
  browsers: [
    chromeLauncher({
      // Each test file gets its own browser context: files run side by side, and a shared
      // localStorage or BroadcastChannel would let one file's cart leak into another's.
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--headless=new',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-sync',
        ],
      },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter()],
};
