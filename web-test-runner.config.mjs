// Tests run in Debian's Chromium, Firefox ESR and WebKitGTK (never a downloaded browser; which ones:
// CW_BROWSERS, see scripts/browsers.mjs), with msw answering the network.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { browserCommands } from './scripts/browser-commands.mjs';
import { launchers } from './scripts/browsers.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';

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
  // A failing afterEach fails the test it followed, not every later test of the file (test/helpers/hook-guard.js).
  testRunnerHtml: (testFramework) =>
    `<!doctype html><html><head><script src="/test/helpers/hook-guard.js"></script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  testsFinishTimeout: 10 * 60 * 1000,
  browserStartTimeout: 60000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.json', import.meta.url).pathname }),
    // Viewport, media features and key chords in every engine (test/helpers/browser.ts).
    browserCommands(),
  ],
  middleware: [
    realFixtures,
    // An empty page of the test origin: WebKit clears the origin's storage there between files.
    function blank(context, next) {
      if (context.path !== '/__blank') return next();
      context.type = 'text/html';
      context.body = '<!doctype html><title>blank</title>';
    },
    function serviceWorker(context, next) {
      if (context.path === '/mockServiceWorker.js') {
        context.type = 'application/javascript';
        context.body = worker;
        return;
      }
      return next();
    },
  ],
  // One engine at a time: side by side they would starve each other on a 2-core machine.
  concurrentBrowsers: 1,
  browsers: launchers(),
  reporters: [defaultReporter(), summaryReporter()],
};
