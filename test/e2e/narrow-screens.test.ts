/**
 * The demo pages on a phone: at 320 and 375 CSS pixels wide nothing scrolls sideways, the Cart
 * button sits in the header where a shopper can see it, and every demo-page link is on screen.
 * `/demo/compose.html` runs the library build (`vite build --mode lib`), `/demo/embed.html` the
 * script-tag build: `npm test` builds both first.
 */
import { expect } from '../helpers/testing.js';
import { emulateMedia, setViewport } from '../helpers/browser.js';
import { allByRole, byRole, nameOf, waitFor } from './demo-page.js';

const PAGES = ['/index.html?latency=0', '/demo/embed.html?latency=0', '/demo/compose.html'];
const WIDTHS = [320, 375];

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Loads `path` in a frame filling a `width` px wide phone screen, once its Cart button is there. */
async function openOnPhone(path: string, width: number): Promise<{ document: Document; remove(): void }> {
  localStorage.clear();
  await setViewport({ width, height: 740 });
  await emulateMedia({ reducedMotion: 'reduce' });
  const iframe = Object.assign(document.createElement('iframe'), { src: path, title: 'Demo page' });
  iframe.style.cssText = 'position: fixed; inset: 0; width: 100%; height: 100%; border: 0;';
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  document.body.append(iframe);
  await loaded;
  const frame = iframe.contentDocument;
  if (!frame) throw new Error(`${path} did not load`);
  // The dev server compiles the page's modules on first request: seconds, not what is under test.
  await waitFor(() => byRole(frame, 'button', 'Cart'), `the Cart button on ${path}`);
  return { document: frame, remove: () => iframe.remove() };
}

function expectInside(inner: Box, outer: Box, what: string): void {
  const box = (b: Box) => `[${Math.round(b.left)}–${Math.round(b.right)}] × [${Math.round(b.top)}–${Math.round(b.bottom)}]`;
  const inside = inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
  expect(inside, `${what} at ${box(inner)} is not inside ${box(outer)}`).to.equal(true);
}

describe('the demo pages on a phone', function () {
  this.timeout(40_000);

  after(() => setViewport({ width: 1280, height: 900 }));

  for (const path of PAGES) {
    for (const width of WIDTHS) {
      it(`${path.replace(/\?.*/, '')} at ${width}px: no sideways scroll, the Cart button and every nav link on screen`, async () => {
        const page = await openOnPhone(path, width);
        try {
          const root = page.document.documentElement;
          const viewport: Box = { left: 0, top: 0, right: root.clientWidth, bottom: page.document.defaultView!.innerHeight };
          expect(root.scrollWidth, 'the page is wider than the screen').to.be.at.most(root.clientWidth);

          const header = page.document.querySelector('header')!;
          const trigger = byRole(page.document, 'button', 'Cart');
          expectInside(trigger.getBoundingClientRect(), viewport, 'the Cart button');
          expectInside(trigger.getBoundingClientRect(), header.getBoundingClientRect(), 'the Cart button (in the header)');

          const links = [...header.querySelectorAll('nav a')];
          expect(links).to.not.be.empty;
          for (const link of links) expectInside(link.getBoundingClientRect(), viewport, `the link "${nameOf(link)}"`);
        } finally {
          page.remove();
        }
      });
    }
  }

  for (const width of WIDTHS) {
    it(`the tasting box on /index.html at ${width}px: no sideways scroll, every + button, the box price and Add to cart on screen`, async () => {
      const page = await openOnPhone('/index.html?latency=0', width);
      try {
        const root = page.document.documentElement;
        const picker = page.document.querySelector('mnm-container-picker')!;
        const add = await waitFor(() => byRole(picker, 'button', 'Add to cart'), 'the box’s Add to cart button');
        const viewport: Box = { left: 0, top: -Infinity, right: root.clientWidth, bottom: Infinity };
        expect(root.scrollWidth, 'the page is wider than the screen').to.be.at.most(root.clientWidth);

        const more = allByRole(picker, 'button', /^One more /);
        expect(more).to.not.be.empty;
        for (const button of more) expectInside(button.getBoundingClientRect(), viewport, `the button "${nameOf(button)}"`);
        expectInside(picker.shadowRoot!.querySelector('[part=total] strong')!.getBoundingClientRect(), viewport, 'the box price');
        expectInside(add.getBoundingClientRect(), viewport, 'the box’s Add to cart button');
      } finally {
        page.remove();
      }
    });
  }
});
