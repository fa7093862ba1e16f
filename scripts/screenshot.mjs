// `npm run screenshot` → docs/screenshot.png: the demo shop (Vite dev server, fake shop) in headless
// Chromium at 1280×800, with two products added and the cart drawer open after a reload. A fresh browser profile
// each time, so the fake shop starts empty and the picture is the same every run.
import { mkdirSync, statSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { createServer } from 'vite';
import { launchChromium } from './chromium.mjs';

const OUT = 'docs/screenshot.png';

const server = await createServer({ logLevel: 'warn', server: { port: 0, strictPort: false } });
await server.listen();
const browser = await launchChromium(puppeteer);
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 });
  // No half-finished slide-in in the picture.
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(new URL('/', server.resolvedUrls.local[0]).href, { waitUntil: 'networkidle0' });

  const drawerOpen = () => page.waitForFunction(() => document.querySelector('cart-drawer')?.shadowRoot?.querySelector('dialog')?.open);
  const lines = (count) =>
    page.waitForFunction((n) => document.querySelector('cart-drawer')?.shadowRoot?.querySelectorAll('[part~="line"]').length === n, {}, count);

  // Each demo button opens the drawer after adding; Escape closes it before the next.
  await page.locator('add-to-cart[product-id="11"] >>> button').click();
  await drawerOpen();
  await lines(1);
  await page.keyboard.press('Escape');
  await page.locator('add-to-cart[product-id="13"] >>> button').click();
  await lines(2);
  // A returning shopper's view: the reloaded page reads the kept cart, then the "Cart" button opens
  // it. (Straight after an add, lines show placeholders: only GET v2/cart asks for pictures.)
  await page.reload({ waitUntil: 'networkidle0' });
  await page.locator('cart-drawer >>> button[part="trigger"]').click();
  await drawerOpen();
  await lines(2);
  await page.waitForFunction(() =>
    [...document.querySelector('cart-drawer').shadowRoot.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth),
  );
  await page.waitForNetworkIdle({ idleTime: 300 });

  mkdirSync('docs', { recursive: true });
  await page.screenshot({ path: OUT });
  console.log(`${OUT}: ${(statSync(OUT).size / 1024).toFixed(0)} KB`);
} finally {
  await browser.close();
  await server.close();
}
