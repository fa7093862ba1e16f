// A shopper in a fresh browser context on the test page, acting only through the elements' public
// contract: tag names, roles and accessible names (ARIA queries reach into shadow roots), visible
// text, and the storage keys the README documents (the guest cart key, the bearer session).

const DEFAULT_TIMEOUT = 15_000;

/** Words that belong to developers, never to a shopper (real-world notes, architecture §3). */
export const DEVELOPER_TEXT = [
  /No route was found/i,
  /rest_no_route/i,
  /critical error/i,
  /internal_server_error/i,
  /\bcocart_[a-z_]+/i,
  /_authentication_error/i,
  /Fatal error/i,
  /<\/?[a-z][a-z0-9]*[^<>]*>/i, // markup shown as text
  /wp-json/i,
  /\[object Object\]/,
  /\bundefined\b/,
  /\bNaN\b/,
  /\bHTTP \d{3}\b/,
  /\b(?:TypeError|SyntaxError|ZodError)\b/,
];

export function developerText(text) {
  for (const pattern of DEVELOPER_TEXT) {
    const match = text.match(pattern);
    if (match) {
      const at = Math.max(0, match.index - 40);
      return `“…${text.slice(at, match.index + match[0].length + 40).replace(/\s+/g, ' ')}…”`;
    }
  }
  return null;
}

export class JourneyError extends Error {}

/** Polls `probe` until `accept(value)`; fails with `what` and the last value seen. */
export async function waitFor(probe, accept, what, { timeout = DEFAULT_TIMEOUT, show = (v) => JSON.stringify(v) } = {}) {
  const until = Date.now() + timeout;
  let last;
  let lastError;
  for (;;) {
    try {
      last = await probe();
      lastError = undefined;
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > until) {
      const seen = lastError ? `error ${lastError.message}` : show(last);
      throw new JourneyError(`${what} (after ${timeout / 1000}s, saw ${seen})`);
    }
    await pause(250);
  }
}

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function aria(role, name) {
  const quoted = JSON.stringify(name);
  return `::-p-aria([name=${quoted}][role="${role}"])`;
}

export class Shopper {
  /** Every request to the shop's REST API, with its answer: evidence for a failure. */
  log = [];
  pageErrors = [];
  /** What the page wrote to the console: `{ type, text }` (the widget's notes for developers). */
  consoleMessages = [];
  /**
   * Requests CORS failed: `{ method, url, status, why, allowOrigin, cartKey }`; `status` is what the
   * shop answered (`null` when the preflight failed and the request was never sent), `cartKey` read
   * from the blocked answer's headers by the test, never by the page.
   */
  blockedAnswers = [];
  #sent = new WeakMap();
  #opened = Date.now();

  constructor(context, page, site) {
    this.context = context;
    this.page = page;
    this.site = site;
    page.setDefaultTimeout(DEFAULT_TIMEOUT);
    page.setDefaultNavigationTimeout(45_000);
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    page.on('request', (request) => this.#sent.set(request, Date.now()));
    page.on('response', (response) => this.#record(response));
    page.on('console', (message) => this.consoleMessages.push({ type: message.type(), text: message.text() }));
  }

  /**
   * Answers that CORS kept from the page never reach puppeteer's `response` event; Chromium's
   * protocol still reports what arrived (`responseReceivedExtraInfo`) and why it failed.
   */
  async #watchBlocked() {
    const cdp = await this.page.createCDPSession();
    const seen = new Map();
    const entry = (id) => seen.get(id) ?? seen.set(id, {}).get(id);
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => Object.assign(entry(requestId), { method: request.method, url: request.url }));
    cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode, headers }) => {
      const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      Object.assign(entry(requestId), { status: statusCode, headers: lower });
    });
    cdp.on('Network.loadingFailed', ({ requestId, corsErrorStatus }) => {
      const { method, url, status = null, headers = {} } = entry(requestId);
      seen.delete(requestId);
      if (!corsErrorStatus || !url?.includes('/wp-json/')) return;
      const { pathname, search } = new URL(url);
      this.blockedAnswers.push({
        method,
        url: pathname.replace(/^.*\/wp-json/, '') + search,
        status,
        why: corsErrorStatus.corsError,
        allowOrigin: headers['access-control-allow-origin'] ?? null,
        cartKey: headers['cocart-api-cart-key'] ?? null,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId }) => seen.delete(requestId));
    await cdp.send('Network.enable');
  }

  static async open(browser, site) {
    const context = await browser.createBrowserContext();
    return Shopper.#onNewPage(context, site);
  }

  static async #onNewPage(context, site) {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const shopper = new Shopper(context, page, site);
    await shopper.#watchBlocked();
    await shopper.visit();
    return shopper;
  }

  /**
   * Another tab of the same shopper: a new page in this browser context (same localStorage, same
   * cart key and session) on the test page. The newest tab is in front; the others are in the
   * background, as the browser has them.
   */
  async openTab() {
    const tab = await Shopper.#onNewPage(this.context, this.site);
    tab.#tab = true;
    return tab;
  }

  #tab = false;

  async #record(response) {
    const request = response.request();
    const url = new URL(response.url());
    if (!url.pathname.includes('/wp-json/')) return;
    const sent = this.#sent.get(request) ?? Date.now();
    const entry = {
      method: request.method(),
      url: url.pathname.replace(/^.*\/wp-json/, '') + url.search,
      status: response.status(),
      // Wall-clock time (UTC, ms) and since this tab opened: tabs of one journey can be lined up.
      at: `${new Date(sent).toISOString().slice(11, 23)} +${((sent - this.#opened) / 1000).toFixed(1)}s`,
      took: ((Date.now() - sent) / 1000).toFixed(1),
    };
    const auth = request.headers().authorization;
    if (auth) entry.auth = auth.split(' ')[0];
    // Bodies as sent, secrets masked (logs are written to disk): tokens, passwords.
    const body = request.postData()?.replace(/("(?:refresh_token|token|jwt_token|password)"\s*:\s*")[^"]*/g, '$1…');
    if (body) entry.body = body.slice(0, 200);
    this.log.push(entry);
    if (response.status() >= 400) {
      try {
        entry.answer = (await response.text()).slice(0, 300) || '(empty body)';
      } catch {
        entry.answer = '(body unavailable)';
      }
    }
  }

  /** The REST calls so far, one per line (for reports). */
  requests(filter = () => true) {
    return this.log
      .filter(filter)
      .map(({ method, url, status, auth, body, answer, at, took }) =>
        [`${at} ${method} ${url}${auth ? ` [${auth}]` : ''}${body ? ` ${body}` : ''} → ${status} (${took}s)`, answer ? `   ${answer.replace(/\s+/g, ' ')}` : '']
          .filter(Boolean)
          .join('\n'),
      )
      .join('\n');
  }

  async visit() {
    await this.page.goto(this.site.pageUrl, { waitUntil: 'load' });
    await this.page.waitForFunction(() => customElements.get('cart-drawer') && customElements.get('login-form'));
    await this.settle();
  }

  async reload() {
    await this.page.reload({ waitUntil: 'load' });
    await this.settle();
  }

  /** Lets requests in flight finish (the shop answers in 100–800 ms). */
  async settle(idleTime = 400) {
    await this.page.waitForNetworkIdle({ idleTime, timeout: 30_000 }).catch(() => undefined);
  }

  locate(role, name) {
    return this.page.locator(aria(role, name));
  }

  async click(role, name) {
    await this.locate(role, name).click();
  }

  async has(role, name) {
    return (await this.page.$$(aria(role, name))).length > 0;
  }

  /**
   * Brings this tab to the front, as a shopper switching to it does (headless Chromium runs no
   * animation frames in background tabs, and puppeteer's locators wait for them).
   */
  async front() {
    await this.page.bringToFront();
  }

  /** The inner button of a product's `<add-to-cart>`, for clicks timed by the journey. */
  addToCartButton(productId) {
    return this.page.$(`add-to-cart[product-id="${productId}"] >>> button`);
  }

  /**
   * Presses a product's "Add to cart" in this tab whether it is in front or not (a DOM click: a
   * background tab gets no mouse events from puppeteer, and its locators wait for frames that never
   * come). Resolves as soon as the click is dispatched.
   */
  pressAddToCart(productId) {
    return this.page.evaluate((id) => {
      const inner = document.querySelector(`add-to-cart[product-id="${id}"]`)?.shadowRoot?.querySelector('button');
      if (!inner) throw new Error(`no "Add to cart" for product ${id}`);
      inner.click();
    }, productId);
  }

  /** Whether a product's `<add-to-cart>` is busy (its button `aria-disabled`). */
  addToCartBusy(productId) {
    return this.page.evaluate((id) => {
      const inner = document.querySelector(`add-to-cart[product-id="${id}"]`)?.shadowRoot?.querySelector('button');
      return inner?.getAttribute('aria-disabled') === 'true';
    }, productId);
  }

  /** The number on the drawer's "Cart" button (its `count` part), as a shopper reads it; `null` when not shown. */
  cartCount() {
    return this.page.evaluate(() => {
      const badge = document.querySelector('cart-drawer')?.shadowRoot?.querySelector('[part~="count"]');
      if (!badge || badge.hidden || badge.checkVisibility?.() === false) return null;
      const text = badge.textContent.trim();
      return /^\d+$/.test(text) ? Number(text) : text;
    });
  }

  /** The drawer's totals as shown: `{ Subtotal: "$1,234.50", …, Total: "$1,383.25" }` (its `totals` part). */
  drawerTotals() {
    return this.page.evaluate(() => {
      const find = (root) => {
        const found = root.querySelector('[part~="totals"]');
        if (found) return found;
        for (const el of root.querySelectorAll('*')) {
          const inner = el.shadowRoot && find(el.shadowRoot);
          if (inner) return inner;
        }
        return null;
      };
      const list = find(document.querySelector('cart-drawer')?.shadowRoot ?? document);
      const rows = {};
      for (const term of list?.querySelectorAll('dt') ?? []) {
        const value = term.nextElementSibling;
        if (value?.localName === 'dd') rows[term.textContent.trim()] = value.textContent.replace(/\s+/g, ' ').trim();
      }
      return rows;
    });
  }

  /** Clicks a product's `<add-to-cart>` button and waits until it is no longer busy. */
  async addToCart(productId) {
    const button = `add-to-cart[product-id="${productId}"] >>> button`;
    await this.page.locator(button).click();
    await this.page.waitForFunction(
      (selector) => {
        const host = document.querySelector(selector.split(' >>> ')[0]);
        const inner = host?.shadowRoot?.querySelector('button');
        return inner && inner.getAttribute('aria-disabled') !== 'true';
      },
      {},
      button,
    );
    await this.settle();
  }

  /** The visible message of a product's `<add-to-cart>` (its alert or status text). */
  addToCartText(productId) {
    return this.elementText(`add-to-cart[product-id="${productId}"]`);
  }

  /** The visible text of one element, through its shadow root. */
  elementText(selector) {
    return this.page.evaluate(shownText, selector, { names: false, separator: ' ' });
  }

  async openDrawer() {
    if (!(await this.drawerOpen())) await this.click('button', 'Cart');
    await this.page.waitForFunction(() => document.querySelector('cart-drawer')?.shadowRoot?.querySelector('dialog')?.open);
    await this.settle();
  }

  async closeDrawer() {
    if (await this.drawerOpen()) await this.page.keyboard.press('Escape');
  }

  drawerOpen() {
    return this.page.evaluate(() => Boolean(document.querySelector('cart-drawer')?.shadowRoot?.querySelector('dialog')?.open));
  }

  /** What the accessibility tree exposes: `[{ role, name, value, checked }]`, flattened. */
  async accessibleNodes() {
    const root = await this.page.accessibility.snapshot();
    const out = [];
    const walk = (node) => {
      out.push({ role: node.role, name: node.name, value: node.value, checked: node.checked, disabled: node.disabled });
      node.children?.forEach(walk);
    };
    if (root) walk(root);
    return out;
  }

  /** The drawer's lines as a shopper's screen reader finds them: `{ name: quantity }`. */
  async drawerLines() {
    const lines = {};
    for (const node of await this.accessibleNodes()) {
      const match = node.role === 'spinbutton' && /^Quantity for (.+)$/.exec(node.name ?? '');
      if (match) lines[match[1]] = Number(node.value);
    }
    return lines;
  }

  /** Every text a shopper can see (or hear): the page through every shadow root, plus accessible names. */
  visibleText() {
    return this.page.evaluate(shownText, 'body', { names: true, separator: '\n' });
  }

  /** Sets a line's quantity the way a shopper types it: select, type, leave the field. */
  async setQuantity(name, quantity) {
    const field = this.locate('spinbutton', `Quantity for ${name}`);
    await field.fill(String(quantity));
    await this.page.keyboard.press('Tab');
    await this.settle();
  }

  async signIn(username, password) {
    await this.locate('textbox', 'Username, email or phone').fill(username);
    await this.locate('textbox', 'Password').fill(password);
    await this.click('button', 'Sign in');
    await this.settle();
  }

  /**
   * The value the widget keeps under `cart-widget:{baseUrl}/{namespace}:{name}`: in localStorage, else
   * in this tab's sessionStorage (a session without "Keep me signed in").
   */
  async stored(name) {
    const key = `cart-widget:${this.site.baseUrl}/cocart:${name}`;
    return this.page.evaluate((k) => localStorage.getItem(k) ?? sessionStorage.getItem(k), key);
  }

  /** Replaces a kept value where the widget keeps it (localStorage unless it is in sessionStorage). */
  async store(name, value) {
    const key = `cart-widget:${this.site.baseUrl}/cocart:${name}`;
    await this.page.evaluate((k, v) => (sessionStorage.getItem(k) !== null ? sessionStorage : localStorage).setItem(k, v), key, value);
  }

  async screenshot(path) {
    // A background tab paints nothing until it is in front.
    await this.page.bringToFront();
    await Promise.race([this.page.screenshot({ path }), pause(10_000).then(() => Promise.reject(new Error('no picture')))]);
    return path;
  }

  async close() {
    if (this.#tab) await this.page.close().catch(() => undefined);
    else await this.context.close().catch(() => undefined);
  }
}

/**
 * Runs in the page: the text a shopper sees in the element `selector` finds, through every shadow
 * root and slot (styles and scripts left out), with `names` also every `aria-label`.
 */
function shownText(selector, { names, separator }) {
  const out = [];
  const walk = (n) => {
    if (n.nodeType === Node.TEXT_NODE) {
      if (n.data.trim() && n.parentElement?.checkVisibility?.() !== false) out.push(n.data.trim());
    } else if (n.nodeType === Node.ELEMENT_NODE || n.nodeType === Node.DOCUMENT_FRAGMENT_NODE) {
      if (n.localName === 'style' || n.localName === 'script') return;
      if (names && n.nodeType === Node.ELEMENT_NODE && n.hasAttribute('aria-label')) out.push(n.getAttribute('aria-label'));
      if (n.shadowRoot) walk(n.shadowRoot);
      else if (n.localName === 'slot') {
        const assigned = n.assignedNodes({ flatten: true });
        (assigned.length ? assigned : [...n.childNodes]).forEach(walk);
      } else n.childNodes.forEach(walk);
    }
  };
  const root = document.querySelector(selector);
  if (root) walk(root);
  return out.join(separator);
}
