/**
 * The benchmark page: the real `<cart-drawer>` (production build) and the hand-written baseline,
 * each behind the same small interface and measured by the same code. `bench/run.mjs` drives it
 * through `window.bench`; each call runs in a fresh page for one implementation and one cart size.
 */
import '../src/elements/cart-drawer/define.js';
import type { CartDrawer } from '../src/elements/cart-drawer/cart-drawer.js';
import { formatMoney } from '../src/format/money.js';
import type { Currency } from '../src/api/model.js';
import { StubService } from './stub-service.js';
import { VanillaCart } from './vanilla-cart.js';
import { benchLines, wireCart, type BenchLine } from './wire-cart.js';

export type Implementation = 'widget' | 'vanilla';

/** One cart drawer on the page, whichever implementation draws it. */
interface Subject {
  /** Puts the drawer on the page, open; it asks the service for the cart. */
  start(): void;
  /** Where its DOM lives (watched for the change being measured). */
  root(): Node;
  lineCount(): number;
  /** The line's element, once it is drawn. */
  line(key: string): HTMLElement | null;
  /** What the line shows: its quantity field and total. */
  shows(line: HTMLElement, quantity: number, total: string): boolean;
  quantityInput(line: HTMLElement): HTMLInputElement;
  open(): Promise<unknown>;
  close(): Promise<unknown>;
  /** Takes the drawer off the page. */
  remove(): void;
}

const service = new StubService();
service.install();
const usd: Currency = { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' };
let runs = 0;

function widget(): Subject {
  const drawer = document.createElement('cart-drawer') as CartDrawer;
  // A new base URL per run: a new store, so every run starts from an empty page state.
  drawer.setAttribute('base-url', `https://bench.test/run${++runs}/wp-json`);
  drawer.open = true;
  const shadow = () => drawer.shadowRoot!;
  return {
    start: () => document.body.append(drawer),
    root: shadow,
    lineCount: () => shadow().querySelectorAll('[part~="line"]').length,
    line: (key) => shadow().querySelector<HTMLInputElement>(`input[data-key="${key}"]`)?.closest('li') ?? null,
    shows: (line, quantity, total) =>
      !line.part.contains('line-pending') &&
      line.querySelector<HTMLInputElement>('[part~="quantity-input"]')!.value === String(quantity) &&
      line.querySelector('[part="line-total"]')!.textContent!.includes(total),
    quantityInput: (line) => line.querySelector<HTMLInputElement>('[part~="quantity-input"]')!,
    open: () => drawer.show(),
    close: () => drawer.hide(),
    remove: () => drawer.remove(),
  };
}

function vanilla(): Subject {
  const cart = new VanillaCart(`https://bench.test/run${++runs}/wp-json`);
  return {
    start: () => {
      cart.open();
      void cart.load();
    },
    root: () => cart.dialog,
    lineCount: () => cart.dialog.querySelectorAll('li').length,
    line: (key) => cart.dialog.querySelector<HTMLElement>(`li[data-key="${key}"]`),
    shows: (line, quantity, total) =>
      line.querySelector('input')!.value === String(quantity) && line.querySelector('.total')!.textContent === total,
    quantityInput: (line) => line.querySelector('input')!,
    open: async () => cart.open(),
    close: async () => cart.close(),
    remove: () => cart.dialog.remove(),
  };
}

const subjects: Record<Implementation, () => Subject> = { widget, vanilla };

/** Resolves once `check()` holds, looking again after every DOM change under `root`. */
function whenDom(root: Node, check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** Style and layout now (document-wide), so "laid out" needs no frame. */
const layOut = () => document.documentElement.getBoundingClientRect() && document.body.offsetHeight;

/** Resolves after the next frame has been rendered: a task queued from its animation-frame callback. */
function painted(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
}

const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/** Milliseconds from a start until the DOM was complete and laid out, and until it was painted. */
export interface Timing {
  laidOut: number;
  painted: number;
}

/** Waits for `check()`, then for layout, then for the frame; times each from `start`. */
async function timeUntil(root: Node, check: () => boolean, start: () => number): Promise<Timing> {
  await whenDom(root, check);
  layOut();
  const laidOut = performance.now() - start();
  await painted();
  return { laidOut, painted: performance.now() - start() };
}

/** Opens a drawer on an N-line cart; resolves with the timing from the cart response on. */
function showCart(subject: Subject, lines: readonly BenchLine[]): Promise<Timing> {
  service.cart = wireCart(lines);
  subject.start();
  return timeUntil(subject.root(), () => subject.lineCount() === lines.length, () => service.respondedAt);
}

/**
 * Cart response → drawer painted with every line; `count` measured runs, after one warm-up unless
 * `warmUp` is false (`run.mjs` warms up once, then alternates the implementations run by run).
 */
async function responseToPaint(impl: Implementation, size: number, count: number, warmUp = true): Promise<Timing[]> {
  const lines = benchLines(size);
  const times: Timing[] = [];
  for (let run = warmUp ? 0 : 1; run <= count; run++) {
    collectGarbage();
    await painted();
    const subject = subjects[impl]();
    const timing = await showCart(subject, lines);
    if (run > 0) times.push(timing);
    await subject.close();
    subject.remove();
  }
  return times;
}

/**
 * Quantity typed into one line → that line shows the shop's new total, painted, ms: `count` measured
 * changes after one warm-up change, on a drawer taken off the page afterwards. With `roundTrip`, the
 * shop answers each change that many ms after it was sent (the drawer's cart came at once).
 */
async function quantityToPaint(impl: Implementation, size: number, count: number, roundTrip = 0): Promise<Timing[]> {
  const key = `line-${Math.floor(size / 2)}`;
  let lines = benchLines(size);
  const subject = subjects[impl]();
  await showCart(subject, lines);
  const line = subject.line(key)!;
  // A shopper changes a line they can see.
  line.scrollIntoView({ block: 'center' });
  await painted();
  service.roundTrip = roundTrip;
  const times: Timing[] = [];
  for (let run = 0; run <= count; run++) {
    const current = lines.find((entry) => entry.key === key)!;
    const quantity = current.quantity + 1;
    lines = benchLines(size, new Map([[key, quantity]]));
    service.next = wireCart(lines);
    const total = formatMoney(current.price * quantity, usd);
    collectGarbage();
    await painted();
    const start = performance.now();
    const input = subject.quantityInput(line);
    input.value = String(quantity);
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const timing = await timeUntil(subject.root(), () => subject.shows(line, quantity, total), () => start);
    if (run > 0) times.push(timing);
  }
  service.roundTrip = 0;
  await subject.close();
  subject.remove();
  return times;
}

let kept: Subject | undefined;

/** For the heap figure: a drawer on an N-line cart, shown once and closed. */
async function loadOnce(impl: Implementation, size: number): Promise<void> {
  kept = subjects[impl]();
  await showCart(kept, benchLines(size));
  // The stand-in shop's copy of the answer (96 KB at 200 lines) is not the drawer's: both figures counted it.
  service.cart = '';
  await kept.close();
  await painted();
}

/**
 * Opens and closes that drawer `times` times, each time rendered and laid out (no frame wait);
 * resolves with the milliseconds one open + close took, on average.
 */
async function openAndClose(times: number): Promise<number> {
  if (!kept) throw new Error('bench: loadOnce() first');
  const start = performance.now();
  for (let i = 0; i < times; i++) {
    await kept.open();
    layOut();
    await kept.close();
    layOut();
  }
  const each = (performance.now() - start) / times;
  await painted();
  return each;
}

/*
 * V8 keeps a cache of numbers written as text, small to begin with: the first collision in it grows it
 * to its full size, 112 KB in Chrome 156 (64 KB for small integers, 48 KB for the rest). A shop's page
 * has written hundreds of numbers as text before it shows a cart (its theme's and plugins' scripts
 * do), so there the cache is full already. On this otherwise empty page it was not, and the heap
 * figure counted those 112 KB against whichever drawer first wrote a few dozen numbers: the widget
 * at 10 lines (the hand-written one writes fewer), both from 200 lines on. Filled here, before the
 * page is ready, so no figure counts it.
 */
Array.from({ length: 4096 }, (_, i) => `${i} ${i + 0.5}`);
Object.assign(globalThis, { bench: { responseToPaint, quantityToPaint, loadOnce, openAndClose } });
document.documentElement.dataset.ready = '';
