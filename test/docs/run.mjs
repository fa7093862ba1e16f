// The documentation site in Chromium (part of `npm test`, after `node scripts/docs.mjs`): serves
// site/ at the root of a local host, opens every page in site/pages.json and fails unless
// - the page's script ran (the fake shop started, the script tag loaded) with no page error;
// - every live example renders: each element in it is defined and drew what a shopper sees first
//   (the drawer its button, add-to-cart a button, the picker its products, the count a number,
//   the sign-in form its fields);
// - axe finds no violation on the page (examples included, their shadow roots too);
// - the language menu switches the examples: German makes the drawer's button say "Warenkorb", and
//   every other language of the menu changes its words too;
// - the two-factor sign-in runs: grace's password, then the code e-mailed to the page's inbox,
//   then "signed in" — and axe again in that state;
// - the overview's Start snippet is docs/embed-snippet.html (scripts/check-embed-snippet.mjs holds
//   the README and demo/embed.html to it).
// `node test/docs/run.mjs [--build]` (--build runs scripts/docs.mjs first).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { launchChromium } from '../../scripts/chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const site = join(root, 'site');
if (process.argv.includes('--build')) {
  const built = spawnSync('node', ['scripts/docs.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
if (!existsSync(join(site, 'pages.json'))) {
  console.error('docs: site/ has not been built (node scripts/docs.mjs)');
  process.exit(1);
}
const pages = JSON.parse(readFileSync(join(site, 'pages.json'), 'utf8'));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const started = Date.now();

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };
const server = createServer((request, response) => {
  let path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(site, path));
  if (file.startsWith(site) && existsSync(file) && statSync(file).isFile()) {
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  } else response.writeHead(404).end();
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;

/** In the page: for each live example, what did not render (empty when all did). */
function examplesMissing() {
  const drawn = {
    'cart-drawer': (el) => el.shadowRoot?.querySelector('[part~="trigger"]'),
    'add-to-cart': (el) => el.shadowRoot?.querySelector('[part~="button"]') || el.querySelector('button'),
    'mnm-container-picker': (el) => el.shadowRoot?.querySelector('[part~="product"]'),
    'cart-count': (el) => el.shadowRoot?.querySelector('[part~="base"].known'),
    'login-form': (el) => el.querySelector('input[autocomplete="username"], [part~="user"]'),
    'cart-provider': (el) => el.isConnected,
  };
  return [...document.querySelectorAll('.example-live')].flatMap((example) =>
    [...example.querySelectorAll('*')]
      .filter((el) => el.localName.includes('-'))
      .flatMap((el) => {
        if (!customElements.get(el.localName)) return [`example ${example.dataset.example}: <${el.localName}> is not defined`];
        const check = drawn[el.localName];
        return check && !check(el) ? [`example ${example.dataset.example}: <${el.localName}> drew nothing yet`] : [];
      }),
  );
}

async function axe(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return violations.map((v) => `${label}: axe ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}

const browser = await launchChromium(puppeteer);
const problems = [];
const report = [];
try {
  for (const { file, title, examples } of pages) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/${file}?latency=0`);
    const ready = await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), { timeout: 20000 }).then(() => true, () => false);
    if (!ready) problems.push(`${file}: the page's script never finished`);
    let missing = [];
    if (examples) {
      // Until nothing is missing (the fake shop answers, language packs arrive), 15 s at most.
      const deadline = Date.now() + 15000;
      while ((missing = await page.evaluate(examplesMissing)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      for (const problem of missing) problems.push(`${file}: ${problem}`);
    }
    problems.push(...(await axe(page, file)));

    if (file === 'index.html') {
      // The Start snippet as a reader copies it: the one of the README and demo/embed.html, the stylesheet included.
      const shown = await page.evaluate(() => document.querySelector('#start-snippet')?.textContent ?? null);
      const snippet = readFileSync(join(root, 'docs/embed-snippet.html'), 'utf8').trimEnd();
      if (shown !== snippet) problems.push(`index.html: the Start snippet is not docs/embed-snippet.html: ${JSON.stringify(shown)}`);
    }

    if (file === 'cart-drawer.html') {
      const label = () => page.evaluate(() => document.querySelector('cart-drawer').shadowRoot.querySelector('[part~="trigger"]').textContent.trim());
      const english = await label();
      await page.select('#language', 'de');
      const german = await page.waitForFunction(() => /Warenkorb/.test(document.querySelector('cart-drawer').shadowRoot.querySelector('[part~="trigger"]').textContent), { timeout: 10000 }).then(() => label(), () => null);
      if (!german) problems.push(`${file}: choosing Deutsch did not turn the drawer's button German (still "${await label()}")`);
      else report.push(`language: "${english.replace(/\s+/g, ' ')}" → "${german.replace(/\s+/g, ' ')}"`);
      // Every other language of the menu: the button's words change from the English ones.
      const codes = await page.$$eval('#language option', (options) => options.map((option) => option.value).filter((code) => code !== 'en' && code !== 'de'));
      const silent = [];
      const seen = new Set([english, german].filter(Boolean));
      for (const code of codes) {
        const before = await label();
        await page.select('#language', code);
        // Neither the last language's words nor any seen before (each language has its own).
        const changed = await page
          .waitForFunction((seenBefore) => {
            const text = document.querySelector('cart-drawer').shadowRoot.querySelector('[part~="trigger"]').textContent.trim();
            return text && !seenBefore.includes(text);
          }, { timeout: 10000 }, [...seen, before])
          .then(() => true, () => false);
        if (changed) seen.add(await label());
        else silent.push(code);
      }
      if (silent.length) problems.push(`${file}: the drawer's button stayed English in ${silent.join(', ')}`);
      else report.push(`language menu: all ${codes.length + 2} languages give the examples their own words`);
      // The last language of the menu is Arabic: the page right to left, checked by axe too.
      problems.push(...(await axe(page, `${file} (${codes.at(-1)}, ${await page.evaluate(() => document.documentElement.dir)})`)));
      await page.select('#language', 'en');
      await page.evaluate(() => localStorage.removeItem('cart-widget-docs-language'));
    }

    if (file === 'login-form.html') {
      const form = 'login-form';
      await page.type(`${form} input[autocomplete="username"]`, 'grace');
      await page.type(`${form} input[autocomplete="current-password"]`, 'compiler-1952');
      await page.click(`${form} button[type="submit"]`);
      const codeStep = await page.waitForSelector(`${form} input[autocomplete="one-time-code"]`, { timeout: 10000 }).then(() => true, () => false);
      const code = codeStep ? await page.waitForFunction(() => /Enter (\d{6})/.exec(document.querySelector('#inbox')?.textContent ?? '')?.[1], { timeout: 10000 }).then((h) => h.jsonValue(), () => null) : null;
      if (!codeStep || !code) problems.push(`${file}: two-factor sign-in: ${codeStep ? 'no code arrived in the inbox' : 'no code step after the password'}`);
      else {
        problems.push(...(await axe(page, `${file} (code step)`)));
        await page.type(`${form} input[autocomplete="one-time-code"]`, code);
        await page.click(`${form} button[type="submit"]`);
        const signedIn = await page.waitForSelector(`${form} [part~="user"]`, { timeout: 10000 }).then(() => true, () => false);
        if (!signedIn) problems.push(`${file}: two-factor sign-in: the code did not sign grace in`);
        else {
          report.push('two-factor sign-in: password → e-mailed code → signed in');
          problems.push(...(await axe(page, `${file} (signed in)`)));
          // Leave the shared fake shop as it was for the next run: sign out.
          await page.evaluate(() => localStorage.clear());
        }
      }
    }
    for (const error of errors) problems.push(`${file}: page error: ${error}`);
    report.push(`${title}: ${examples ? `${examples} example${examples === 1 ? '' : 's'} rendered, ` : ''}axe clean`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

if (problems.length) {
  console.error(`docs: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`docs: ${pages.length} pages in Chromium (${((Date.now() - started) / 1000).toFixed(1)} s)\n  ${report.join('\n  ')}`);
