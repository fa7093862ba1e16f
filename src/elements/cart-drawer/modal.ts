/** Page-level behaviour of an open modal drawer: scroll lock and focus kept inside. */

let locks = 0;
let previousOverflow = '';

/** Stops the page behind the drawer from scrolling; call the returned function to release. */
export function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (locks++ === 0) {
    previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0) root.style.overflow = previousOverflow;
  };
}

/** The focused element, looking inside shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/** Tab stops inside `container` in composed order, following slots into the light DOM. */
function tabStops(container: Element, stops: HTMLElement[] = []): HTMLElement[] {
  // A slot's assigned elements (or its fallback content) stand in for its children.
  const children = container instanceof HTMLSlotElement ? container.assignedElements({ flatten: true }) : container.children;
  for (const child of children) {
    if (child instanceof HTMLElement && isTabStop(child)) stops.push(child);
    tabStops(child, stops);
  }
  return stops;
}

function isTabStop(element: HTMLElement): boolean {
  if (!element.matches(FOCUSABLE) || element.tabIndex < 0 || element.matches(':disabled')) return false;
  if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) return false;
  return isRendered(element);
}

/** Whether the element is drawn: `checkVisibility()` where the engine has it (Safari 17.4+), else its boxes and `visibility`. */
export function isRendered(element: HTMLElement): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility();
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * Whether the shopper's last input was the mouse or touch (not a key): the drawer's heading, focused
 * on opening, shows no ring then, and focus handed back to the trigger after a key shows one
 * (browsers differ in both). Listened to from when the drawer's code loads.
 */
let pointerLast = false;
document.addEventListener('pointerdown', () => (pointerLast = true), true);
document.addEventListener('keydown', () => (pointerLast = false), true);
export const lastInputWasPointer = (): boolean => pointerLast;

/**
 * Wraps Tab / Shift+Tab at the ends of an open modal dialog, so focus never leaves it for the
 * browser's own toolbar.
 */
export function keepFocusInside(event: KeyboardEvent, dialog: HTMLDialogElement): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = deepActiveElement();
  // The title (focused on opening) is not a tab stop: Shift+Tab from it wraps too.
  const atStart = active === first || !stops.includes(active as HTMLElement);
  if (event.shiftKey && atStart) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
