/**
 * Finding things the way a shopper (or a screen reader) does: by role and accessible name, through
 * shadow roots. The accessible-name rules cover what our elements use (aria-labelledby,
 * aria-label, <label>, <legend>, content with aria-hidden parts left out); a few tests compare
 * them with Chromium's own computation through the accessibility tree where that matters.
 */

const ROLES: Record<string, string> = {
  alert: '[role=alert]',
  button: 'button:not([role]), [role=button]',
  checkbox: 'input[type=checkbox], [role=checkbox]',
  combobox: 'select:not([multiple]):not([size]), [role=combobox]',
  dialog: 'dialog, [role=dialog]',
  group: 'fieldset:not([role]), [role=group]',
  heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
  link: 'a[href]:not([role]), [role=link]',
  list: 'ul:not([role]), ol:not([role]), [role=list]',
  listitem: 'li:not([role]), [role=listitem]',
  radio: 'input[type=radio], [role=radio]',
  radiogroup: '[role=radiogroup]',
  spinbutton: 'input[type=number], [role=spinbutton]',
  status: '[role=status]',
  textbox: 'input:not([type]), input[type=text], input[type=search], textarea, [role=textbox]',
  img: 'img[alt]:not([alt=""]), [role=img]',
};

type Root = Element | ShadowRoot | Document;

/** Every element matching `selector` in `root`, its light DOM and every open shadow root below. */
export function deepQueryAll<T extends Element = HTMLElement>(root: Root, selector: string): T[] {
  const found: T[] = [];
  const visit = (scope: Element | ShadowRoot | Document) => {
    found.push(...scope.querySelectorAll<T>(selector));
    for (const element of scope.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
  };
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  visit(root);
  return [...new Set(found)];
}

/** Whether a person can perceive the element: rendered, not hidden from assistive technology. */
export function isPerceivable(element: Element): boolean {
  if (!element.checkVisibility()) return false;
  for (let node: Element | null = element; node; node = parentOf(node)) {
    if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('inert')) return false;
  }
  return true;
}

function parentOf(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The accessible name, by the rules our elements rely on. */
export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const root = element.getRootNode() as Document | ShadowRoot;
    return normalise(
      labelledBy
        .split(/\s+/)
        .map((id) => root.getElementById(id))
        .map((label) => (label ? textOf(label, true) : ''))
        .join(' '),
    );
  }
  const label = element.getAttribute('aria-label');
  if (label?.trim()) return normalise(label);
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
    return normalise([...(element.labels ?? [])].map((l) => textOf(l)).join(' '));
  }
  if (element instanceof HTMLFieldSetElement) {
    const legend = element.querySelector(':scope > legend');
    return legend ? normalise(textOf(legend)) : '';
  }
  if (element instanceof HTMLImageElement) return normalise(element.alt);
  if (element.matches('dialog, ul, ol, section, div, [role=alert], [role=status], [role=radiogroup]')) return '';
  return normalise(textOf(element));
}

/** Text as read from content: aria-hidden and un-rendered parts left out, slots followed. */
export function textOf(element: Element, includeHidden = false): string {
  let text = '';
  const children = element instanceof HTMLSlotElement && element.assignedNodes().length ? element.assignedNodes() : element.childNodes;
  for (const node of children) {
    if (node instanceof Text) text += node.data;
    else if (node instanceof HTMLImageElement) text += ` ${node.alt} `;
    else if (node instanceof Element) {
      if (node.getAttribute('aria-hidden') === 'true') continue;
      if (!includeHidden && node instanceof HTMLElement && node.hidden) continue;
      const root = node.shadowRoot;
      text += ` ${root ? [...root.children].map((c) => textOf(c, includeHidden)).join(' ') : textOf(node, includeHidden)} `;
    }
  }
  return text;
}

/** Text content with aria-hidden parts left out, whitespace collapsed. */
export function visibleText(element: Element): string {
  return normalise(element.shadowRoot ? [...element.shadowRoot.children].map((c) => textOf(c)).join(' ') : textOf(element));
}

export const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Perceivable elements of `role`, optionally with this accessible name (exact, or a pattern). */
export function queryAllByRole<T extends HTMLElement = HTMLElement>(root: Root, role: string, name?: string | RegExp): T[] {
  const selector = ROLES[role];
  if (!selector) throw new Error(`queries: unknown role ${role}`);
  return deepQueryAll<T>(root, selector).filter(
    (element) => isPerceivable(element) && (name === undefined || matches(accessibleName(element), name)),
  );
}

export function queryByRole<T extends HTMLElement = HTMLElement>(root: Root, role: string, name?: string | RegExp): T | null {
  return queryAllByRole<T>(root, role, name)[0] ?? null;
}

/** The one perceivable element of `role` named `name`; throws, listing what there is, otherwise. */
export function getByRole<T extends HTMLElement = HTMLElement>(root: Root, role: string, name?: string | RegExp): T {
  const found = queryAllByRole<T>(root, role, name);
  if (found.length === 1) return found[0]!;
  const present = queryAllByRole(root, role).map((element) => JSON.stringify(accessibleName(element)));
  throw new Error(
    `Expected one ${role}${name === undefined ? '' : ` named ${String(name)}`}, found ${found.length}. ` +
      `${role}s present: ${present.join(', ') || 'none'}`,
  );
}

function matches(actual: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? actual === expected : expected.test(actual);
}

/** The element that has focus, looking inside shadow roots. */
export function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Describes an element for a failure message (DOM nodes themselves are too big to report). */
export function describeElement(element: Element | null): string {
  if (!element) return 'nothing';
  const name = accessibleName(element);
  return `<${element.localName}${element.getAttribute('part') ? ` part="${element.getAttribute('part')}"` : ''}>${name ? ` "${name}"` : ''}`;
}

/** Asserts that `element` has focus, reporting what has it instead. */
export function expectFocusOn(element: Element): void {
  const active = focused();
  if (active !== element) throw new Error(`Expected focus on ${describeElement(element)}, but it is on ${describeElement(active)}`);
}

/** The text of every perceivable, non-empty `role="alert"` region: what was (or will be) announced. */
export function alertTexts(root: Root): string[] {
  return queryAllByRole(root, 'alert')
    .map((alert) => visibleText(alert))
    .filter(Boolean);
}
