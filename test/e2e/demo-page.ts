/**
 * The demo shop (`/index.html`, the page `npm start` serves) in a full-size iframe, driven the way
 * a shopper drives it: things are found by role and accessible name through shadow roots, clicked
 * with the real mouse where they are on screen (so a covered or inert control cannot be clicked),
 * and typed into with the real keyboard.
 *
 * The frame's nodes belong to another window, where `instanceof` is false: nothing here uses it
 * (the shared helpers in `test/helpers/queries.ts` do), node types are compared instead.
 */
import { expect, waitFor as waitForFound, waitUntil } from '../helpers/testing.js';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { chord, emulateMedia, setViewport } from '../helpers/browser.js';
import { descriptionOf, nameOf } from '../embed/embed-frame.js';
import { deepQueryAll } from '../helpers/queries.js';

export { descriptionOf, nameOf };

/** The demo answers at once (`?latency=0`); the margin is for a busy machine running other suites. */
const patient = { timeout: 10_000, interval: 20 };

export interface DemoPage {
  document: Document;
  /** Runs axe over the whole demo page (`iframe` → `html`), as it is now. */
  expectAccessible(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * Opens the demo with a fresh fake shop: the shop's carts, the saved cart key and the session all
 * live in this origin's localStorage, which the frame shares (and no other test file does: each
 * file runs in its own browser context).
 */
export async function openDemo(): Promise<DemoPage> {
  localStorage.clear();
  await setViewport({ width: 1280, height: 900 });
  // The drawer slides in; with reduced motion it is where it is at once, so clicks land on it
  // (where the engine cannot emulate it, `click` waits for the slide to end).
  await emulateMedia({ reducedMotion: 'reduce' });
  const iframe = Object.assign(document.createElement('iframe'), { src: '/index.html?latency=0', title: 'Demo shop' });
  iframe.style.cssText = 'position: fixed; inset: 0; width: 100%; height: 100%; border: 0;';
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  document.body.append(iframe);
  await loaded;
  const frame = iframe.contentDocument;
  if (!frame) throw new Error('the demo page did not load');
  // axe checks a frame only with its own copy running inside it.
  const axe = Object.assign(frame.createElement('script'), { src: '/node_modules/axe-core/axe.min.js' });
  const axeLoaded = new Promise((resolve, reject) => {
    axe.addEventListener('load', resolve, { once: true });
    axe.addEventListener('error', reject, { once: true });
  });
  frame.head.append(axe);
  await axeLoaded;
  // The dev server compiles the page's modules on first request: seconds, not what is under test.
  const defined = () => frame.defaultView?.customElements.get('cart-drawer');
  await waitUntil(defined, 'the demo never defined its elements', { timeout: 30_000 });
  return {
    document: frame,
    async expectAccessible() {
      await expect(iframe).to.be.accessible();
    },
    async remove() {
      await resetMouse();
      iframe.remove();
    },
  };
}

const ROLES: Record<string, string> = {
  button: 'button, [role=button]',
  dialog: 'dialog, [role=dialog]',
  heading: 'h1, h2, h3, h4, h5, h6',
  list: 'ul, ol, [role=list]',
  radio: 'input[type=radio]',
  radiogroup: '[role=radiogroup]',
  spinbutton: 'input[type=number]',
  status: '[role=status]',
};

type Root = Document | Element;

/** Every rendered element of `role` in `root` and the shadow roots below it, optionally with this name. */
export function allByRole<T extends HTMLElement = HTMLElement>(root: Root, role: string, name?: string | RegExp): T[] {
  const selector = ROLES[role];
  if (!selector) throw new Error(`demo-page: unknown role ${role}`);
  return within<T>(root, selector).filter(
    (element) => element.checkVisibility() && (name === undefined || matches(nameOf(element), name)),
  );
}

/** The one element of `role` named `name`; throws, listing what there is, otherwise. */
export function byRole<T extends HTMLElement = HTMLElement>(root: Root, role: string, name: string | RegExp): T {
  const found = allByRole<T>(root, role, name);
  if (found.length === 1) return found[0]!;
  const present = allByRole(root, role).map((element) => JSON.stringify(nameOf(element)));
  throw new Error(`Expected one ${role} named ${String(name)}, found ${found.length}. Present: ${present.join(', ') || 'none'}`);
}

/** The form control (input or select) a shopper knows by its label. */
export function field<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(root: Root, label: string): T {
  const found = fieldsLabelled<T>(root, label);
  if (found.length !== 1) throw new Error(`Expected one field labelled "${label}", found ${found.length}`);
  return found[0]!;
}

export const hasField = (root: Root, label: string) => fieldsLabelled(root, label).length > 0;

function fieldsLabelled<T extends HTMLElement>(root: Root, label: string): T[] {
  return within<T>(root, 'input, select, textarea').filter((control) => control.checkVisibility() && nameOf(control) === label);
}

/** Waits until `find` finds something (a throw counts as not yet) and returns it: `waitFor` with the demo's patience. */
export const waitFor = <T>(find: () => T | null | undefined | false, what: string): Promise<T> => waitForFound(find, what, patient);

/** Waits until `condition` holds, saying what did not happen when it never does. */
export function waitUntilSeen(condition: () => unknown, what: string): Promise<void> {
  return waitUntil(() => Boolean(condition()), `waited in vain for ${what}`, patient);
}

/** The text a screen reader reads from `element`: shadow roots and slots followed, hidden parts left out. */
export function textOf(element: Element): string {
  return normalise(readable(element));
}

function readable(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as HTMLElement;
  if (element.hidden || element.getAttribute('aria-hidden') === 'true') return '';
  const assigned = element.localName === 'slot' ? (element as HTMLSlotElement).assignedNodes({ flatten: true }) : [];
  const children = assigned.length ? assigned : [...(element.shadowRoot ?? element).childNodes];
  return ` ${children.map(readable).join('')} `;
}

/** What the drawer's totals list says next to `label` ("Subtotal", "Discount", "Total", …). */
export function amountFor(root: Root, label: string): string {
  const term = within(root, 'dt').find((dt) => dt.checkVisibility() && textOf(dt) === label);
  return term?.nextElementSibling ? textOf(term.nextElementSibling) : '';
}

/** `-$1,234.50` → -1234.5 */
export function moneyValue(text: string): number {
  const value = Number(text.replace(/[^\d.-]/g, ''));
  if (!text || Number.isNaN(value)) throw new Error(`not an amount: "${text}"`);
  return value;
}

/** The element that has focus in the frame, looking inside shadow roots. */
export function focusedIn(document: Document): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Moves the real mouse to the middle of `element` and clicks, after checking that the shopper can
 * see it there: the element (or its label) is what is on top at that point.
 */
export async function click(element: HTMLElement): Promise<void> {
  await standsStill(element);
  element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = topmostAt(element.ownerDocument, x, y);
  const targets: Element[] = [element, ...((element as HTMLInputElement).labels ?? [])];
  if (!hit || !targets.some((target) => contains(target, hit))) {
    const what = nameOf(element) || element.localName;
    throw new Error(`"${what}" is covered by <${hit?.localName ?? 'nothing'}> "${hit ? nameOf(hit) : ''}"`);
  }
  const frame = element.ownerDocument.defaultView?.frameElement?.getBoundingClientRect() ?? { left: 0, top: 0 };
  await sendMouse({ type: 'click', position: [Math.round(frame.left + x), Math.round(frame.top + y)] });
}

/** Clicks into a field, selects what it holds and types `text` over it. */
export async function typeInto(control: HTMLElement, text: string): Promise<void> {
  await click(control);
  await chord(['Control', 'a']);
  await sendKeys({ type: text });
}

export const press = (key: string) => sendKeys({ press: key });

/**
 * Until `element` stands still (the drawer sliding in, where reduced motion cannot be emulated):
 * the animations and transitions of it and of every element around it (across shadow roots) have
 * finished, and then its box is the same over two frames; for at most two seconds in all.
 *
 * The box alone does not tell: WebKit runs the drawer's `translate` transition on the compositor
 * and, in the demo's iframe, reported the same mid-slide box two frames apart while the transition
 * went on (at 88 and at 169 ms of its 250) — a box whose centre lay beyond the viewport's edge.
 */
async function standsStill(element: HTMLElement): Promise<void> {
  const until = performance.now() + 2000;
  const moving: Animation[] = [];
  for (let node: Node | null = element; node; node = (node as Element).assignedSlot ?? node.parentNode ?? (node as ShadowRoot).host ?? null) {
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    for (const animation of (node as Element).getAnimations()) {
      if (animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime)) moving.push(animation);
    }
  }
  const timeUp = new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.race([Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))), timeUp]);

  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const where = () => JSON.stringify(element.getBoundingClientRect());
  let last = where();
  while (performance.now() < until) {
    await frame();
    await frame();
    const now = where();
    if (now === last) return;
    last = now;
  }
}

/** The innermost element at a point of the viewport, inside shadow roots too. */
function topmostAt(document: Document, x: number, y: number): Element | null {
  let hit = document.elementFromPoint(x, y);
  for (let depth = 0; hit?.shadowRoot && depth < 20; depth++) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** Whether `node` is `ancestor` or inside it, across shadow-root boundaries. */
function contains(ancestor: Node, node: Node): boolean {
  for (let current: Node | null = node; current; current = current.parentNode ?? (current as ShadowRoot).host ?? null) {
    if (current === ancestor) return true;
  }
  return false;
}

/** `deepQueryAll`, also into `root`'s own shadow root (it skips that for another window's nodes). */
function within<T extends Element = HTMLElement>(root: Root, selector: string): T[] {
  const own = 'shadowRoot' in root && root.shadowRoot ? deepQueryAll<T>(root.shadowRoot, selector) : [];
  return [...new Set([...own, ...deepQueryAll<T>(root, selector)])];
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

function matches(actual: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? actual === expected : expected.test(actual);
}
