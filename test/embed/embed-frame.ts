/**
 * The merchant's page (`/demo/embed.html`, built files only, strict CSP) in an iframe, and a few
 * queries that work across the frame boundary. The shared helpers in `test/helpers/queries.ts` use
 * `instanceof`, which is false for nodes of another window; these look at `nodeType` instead.
 */
import { deepQueryAll } from '../helpers/queries.js';
import { waitUntil } from '../helpers/testing.js';

export interface EmbedFrame {
  document: Document;
  /** Every Content-Security-Policy violation the page has reported so far, one line each. */
  violations(): string[];
  remove(): void;
}

/** Loads the embed page (`?all`: with `cart-widget.all.js`), with a fresh fake shop and no saved cart key, in a frame of this size. */
export async function openEmbed(size = { width: 1024, height: 768 }, page = '/demo/embed.html'): Promise<EmbedFrame> {
  forgetEmbedState();
  const iframe = Object.assign(document.createElement('iframe'), { src: page, width: String(size.width), height: String(size.height) });
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  document.body.append(iframe);
  // The frame's first window (about:blank) is the one the same-origin page gets in Firefox and WebKit
  // (HTML reuses it): a listener added now hears every violation from the page's first byte.
  // `securitypolicyviolation` fires in all three engines (ReportingObserver gets no CSP reports
  // outside Chromium).
  const first = iframe.contentWindow;
  if (!first) throw new Error('the embed frame has no window');
  const reports: string[] = [];
  let heardThePageLoad = false;
  const onViolation = (event: SecurityPolicyViolationEvent) =>
    reports.push(`${event.effectiveDirective} (${event.violatedDirective}) blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
  first.addEventListener('securitypolicyviolation', onViolation, true);
  first.addEventListener('DOMContentLoaded', () => (heardThePageLoad = true), true);
  await loaded;
  const frame = iframe.contentWindow as (Window & typeof globalThis) | null;
  if (!frame) throw new Error('the embed page did not load');
  let observer: ReportingObserver | undefined;
  let takeBuffered = () => {};
  if (!heardThePageLoad) {
    // Chromium gives the page a window of its own: listen there from now on, and take what it
    // reported while loading from its buffered reports (Chromium has them).
    frame.addEventListener('securitypolicyviolation', onViolation, true);
    if (!('ReportingObserver' in frame)) throw new Error('the violation listener did not reach the embed page from its start: its violations would go unheard');
    const record = (batch: Report[]) => {
        for (const report of batch) {
          const body = report.body as unknown as { effectiveDirective: string; blockedURL?: string; sourceFile?: string; lineNumber?: number };
          // The same violation the event reports once it is listened to: only the earlier ones count here.
          const line = `${body.effectiveDirective} (buffered) blocked ${body.blockedURL || 'inline'} at ${body.sourceFile}:${body.lineNumber}`;
          if (!reports.some((seen) => seen.startsWith(body.effectiveDirective) && seen.endsWith(`at ${body.sourceFile}:${body.lineNumber}`))) reports.push(line);
        }
      };
    observer = new frame.ReportingObserver(record, { types: ['csp-violation'], buffered: true });
    observer.observe();
    takeBuffered = () => record(observer!.takeRecords());
  }
  return {
    document: frame.document,
    violations: () => {
      takeBuffered();
      return [...reports];
    },
    remove: () => {
      observer?.disconnect();
      frame.removeEventListener('securitypolicyviolation', onViolation, true);
      iframe.remove();
    },
  };
}

/** The demo's fake shop and the widget keep state in localStorage for this origin's `/wp-json`. */
function forgetEmbedState(): void {
  const ours = `cart-widget:${location.origin}/wp-json/`;
  for (const name of Object.keys(localStorage)) if (name === 'cart-widget-mock' || name.startsWith(ours)) localStorage.removeItem(name);
}

const ROLES: Record<string, string> = {
  button: 'button',
  dialog: 'dialog',
  spinbutton: 'input[type=number]',
  textbox: 'input[type=text], input[type=email], input[type=password], input:not([type])',
};

/** Perceivable elements of `role` named `name`, in `root` and every shadow root below it. */
export function allByRole<T extends HTMLElement>(root: Document | Element, role: string, name: string): T[] {
  const selector = ROLES[role];
  if (!selector) throw new Error(`embed-frame: unknown role ${role}`);
  // `deepQueryAll` looks into a root element's own shadow root only when it passes `instanceof Element`.
  const shadow = 'shadowRoot' in root && root.shadowRoot ? deepQueryAll<T>(root.shadowRoot, selector) : [];
  return [...shadow, ...deepQueryAll<T>(root, selector)].filter((element) => element.checkVisibility() && nameOf(element) === name);
}

export function byRole<T extends HTMLElement>(root: Document | Element, role: string, name: string): T | undefined {
  return allByRole<T>(root, role, name)[0];
}

/** The accessible name by the rules these elements use: aria-labelledby, aria-label, a label, content. */
export function nameOf(element: Element): string {
  const root = element.getRootNode() as Document | ShadowRoot;
  const labelledBy = element.getAttribute('aria-labelledby');
  let name: string;
  if (labelledBy) name = labelledBy.split(/\s+/).map((id) => textOf(root.getElementById(id))).join(' ');
  else if (element.hasAttribute('aria-label')) name = element.getAttribute('aria-label') ?? '';
  else {
    const labels = 'labels' in element ? [...((element.labels as NodeListOf<HTMLLabelElement> | null) ?? [])] : [];
    name = labels.length ? labels.map((label) => textOf(label)).join(' ') : element.localName === 'input' ? '' : textOf(element);
  }
  return normalise(name);
}

/** What `aria-describedby` points at, as read out. */
export function descriptionOf(element: Element): string {
  const root = element.getRootNode() as Document | ShadowRoot;
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return normalise(ids.map((id) => textOf(root.getElementById(id), true)).join(' '));
}

function textOf(node: Node | null, includeHidden = false): string {
  if (!node) return '';
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as HTMLElement;
  if (element.getAttribute('aria-hidden') === 'true' || (!includeHidden && element.hidden)) return '';
  const assigned = element.localName === 'slot' ? (element as HTMLSlotElement).assignedNodes() : [];
  const children = assigned.length ? assigned : [...(element.shadowRoot ?? element).childNodes];
  return ` ${children.map((child) => textOf(child, includeHidden)).join('')} `;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Fills the page's `<login-form>` as a shopper types (an `input` event a field) and presses "Sign in"; returns the form. */
export async function signInOn(page: EmbedFrame, username: string, password: string): Promise<Element> {
  const form = page.document.querySelector('login-form')!;
  await waitUntil(() => byRole(form, 'textbox', 'Username, email or phone'), 'no sign-in form', { timeout: 5000, interval: 20 });
  for (const [name, value] of [['Username, email or phone', username], ['Password', password]] as const) {
    const input = byRole<HTMLInputElement>(form, 'textbox', name)!;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  byRole<HTMLButtonElement>(form, 'button', 'Sign in')!.click();
  return form;
}
