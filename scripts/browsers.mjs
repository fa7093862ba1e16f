// The three engines the tests run in, all from Debian (never a downloaded browser):
//   chromium  Puppeteer over CDP, /usr/bin/chromium (or CHROME_PATH)
//   firefox   Puppeteer over WebDriver BiDi, /usr/bin/firefox-esr (or FIREFOX_PATH)
//   webkit    webdriverio against WebKitWebDriver (WebKitGTK's MiniBrowser) under Xvfb
// CW_BROWSERS picks them (comma-separated); `npm test` sets it, the test:<engine> scripts pick one.
// Every test file gets fresh storage in every engine: its own browser context in Chromium and
// Firefox, a cleared origin (storage, cookies, service workers) in WebKit's single window.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
import { ChromeLauncher } from '@web/test-runner-chrome';
import { WebdriverLauncher } from '@web/test-runner-webdriver';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

export const paths = {
  chromium: process.env.CHROME_PATH || '/usr/bin/chromium',
  firefox: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
  webkit: process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver',
};

/** The engines asked for: CW_BROWSERS (comma-separated), Chromium alone by default. */
export function selectedEngines(value = process.env.CW_BROWSERS) {
  const asked = (value || 'chromium')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = asked.filter((name) => !ENGINES.includes(name));
  if (unknown.length) throw new Error(`CW_BROWSERS: unknown engine ${unknown.join(', ')} (use ${ENGINES.join(', ')})`);
  return ENGINES.filter((name) => asked.includes(name));
}

/** Puppeteer launcher whose every test file runs in a new browser context, closed after the file. */
class IsolatingPuppeteerLauncher extends ChromeLauncher {
  async stopSession(sessionId) {
    const page = this.activePages.get(sessionId);
    const result = await super.stopSession(sessionId);
    // The base class keeps the page for the next file: that file would share its storage.
    this.inactivePages = this.inactivePages.filter((kept) => kept !== page);
    await page?.puppeteerPage.browserContext().close().catch(() => undefined);
    return result;
  }
}

const newContextPage = async ({ browser }) => (await browser.createBrowserContext()).newPage();

function chromium() {
  const launcher = new IsolatingPuppeteerLauncher(
    {
      executablePath: paths.chromium,
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
    ({ browser }) => browser.defaultBrowserContext(),
    newContextPage,
    undefined,
    undefined,
  );
  launcher.name = 'Chromium';
  return launcher;
}

function firefox() {
  const launcher = new IsolatingPuppeteerLauncher(
    {
      browser: 'firefox',
      executablePath: paths.firefox,
      headless: true,
      extraPrefsFirefox: {
        // Tests type into fields and expect the page to keep focus.
        'focusmanager.testmode': true,
        // No first-run pages, updates or telemetry on a test machine.
        'browser.shell.checkDefaultBrowser': false,
        'app.update.disabledForTesting': true,
        'datareporting.policy.dataSubmissionEnabled': false,
        // Tab reaches every control and link, as Chromium's default.
        'accessibility.tabfocus': 7,
      },
    },
    ({ browser }) => browser.defaultBrowserContext(),
    newContextPage,
    puppeteer,
    undefined,
  );
  launcher.name = 'Firefox';
  return launcher;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const WEBKIT_KEYS = {
  Enter: '\uE007',
  Tab: '\uE004',
  Escape: '\uE00C',
  Backspace: '\uE003',
  Delete: '\uE017',
  Space: ' ',
  ArrowUp: '\uE013',
  ArrowDown: '\uE015',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Home: '\uE011',
  End: '\uE010',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
};
export const webdriverKey = (name) => WEBKIT_KEYS[name] ?? (/^Key[A-Z]$/.test(name) ? name.slice(3).toLowerCase() : name);

/**
 * WebKit: WebKitWebDriver (started here, on a free port) drives WebKitGTK's MiniBrowser in an Xvfb
 * display of its own, with Safari's default Tab order (links skipped) unless `tabsToLinks`.
 */
class WebKitLauncher extends WebdriverLauncher {
  #processes = [];

  constructor({ tabsToLinks = false } = {}) {
    super({ capabilities: {} });
    this.tabsToLinks = tabsToLinks;
  }

  async initialize(config, testFiles) {
    const port = await freePort();
    const display = process.env.CW_WEBKIT_DISPLAY || `:${90 + (process.pid % 400)}`;
    const env = { ...process.env, DISPLAY: display };
    if (!process.env.CW_WEBKIT_DISPLAY) {
      const xvfb = spawn('Xvfb', [display, '-screen', '0', '1024x768x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
      this.#processes.push(xvfb);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const driver = spawn(paths.webkit, [`--port=${port}`], { env, stdio: 'ignore' });
    this.#processes.push(driver);
    await new Promise((resolve) => setTimeout(resolve, 500));
    this.options = {
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      connectionRetryCount: 5,
      capabilities: {
        browserName: 'MiniBrowser',
        // WebKitWebDriver speaks WebDriver classic only: it refuses the BiDi capability webdriverio adds.
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          args: ['--automation', `--enable-tabs-to-links=${this.tabsToLinks}`],
        },
      },
    };
    await super.initialize(config, testFiles);
    this.name = 'WebKit';
  }

  async startSession(id, url) {
    await this.ensureManagerInitialized();
    // A fresh origin for each file: the previous file's storage, cookies and service worker go.
    const origin = new URL(url).origin;
    await this.driver.navigateTo(`${origin}/__blank`);
    await this.driver.executeAsync(`const done = arguments[arguments.length - 1];
      (async () => {
        localStorage.clear();
        sessionStorage.clear();
        for (const r of (await navigator.serviceWorker?.getRegistrations?.()) ?? []) await r.unregister();
        for (const db of (await indexedDB.databases?.()) ?? []) indexedDB.deleteDatabase(db.name);
        for (const key of (await globalThis.caches?.keys()) ?? []) await caches.delete(key);
      })().then(() => done(), () => done());`);
    await this.driver.deleteAllCookies();
    await this.setViewport(800, 600);
    return super.startSession(id, url);
  }

  /** Sizes the window so that the page's viewport is `width` × `height`. */
  async setViewport(width, height) {
    let rect = { width, height };
    for (let attempt = 0; attempt < 3; attempt++) {
      await this.driver.setWindowRect(0, 0, rect.width, rect.height);
      const inner = await this.driver.execute('return [innerWidth, innerHeight]');
      if (inner[0] === width && inner[1] === height) return;
      rect = { width: rect.width + (width - inner[0]), height: rect.height + (height - inner[1]) };
    }
  }

  /** One key down and up per key: webdriverio's `keys()` drops a key that repeats the one before. */
  async sendKeys(_, keys) {
    const actions = [];
    for (const key of keys) actions.push({ type: 'keyDown', value: webdriverKey(key) }, { type: 'keyUp', value: webdriverKey(key) });
    await this.driver.performActions([{ type: 'key', id: 'keyboard', actions }]);
    await this.driver.releaseActions();
  }

  /** Keys pressed together, e.g. Shift+Tab: all down in order, then up in reverse. */
  async pressChord(keys) {
    const values = keys.map(webdriverKey);
    const actions = [...values.map((value) => ({ type: 'keyDown', value })), ...values.reverse().map((value) => ({ type: 'keyUp', value }))];
    await this.driver.performActions([{ type: 'key', id: 'keyboard', actions }]);
    await this.driver.releaseActions();
  }

  async stop() {
    await super.stop();
    for (const child of this.#processes.reverse()) child.kill();
  }
}

export function launchers(engines = selectedEngines()) {
  return engines.map((engine) => {
    if (engine === 'chromium') return chromium();
    if (engine === 'firefox') return firefox();
    // Safari's default: Tab skips links ("Press Tab to highlight each item" is off). CW_WEBKIT_TABS_TO_LINKS=true turns it on.
    return new WebKitLauncher({ tabsToLinks: process.env.CW_WEBKIT_TABS_TO_LINKS === 'true' });
  });
}

/** The engine a test session runs in, as its name (`chromium`, `firefox`, `webkit`). */
export function engineOf(browser) {
  const name = browser.name.toLowerCase();
  if (name.includes('firefox')) return 'firefox';
  if (name.includes('webkit')) return 'webkit';
  return 'chromium';
}

export const missingEngines = (engines) => engines.filter((engine) => !existsSync(paths[engine]));
