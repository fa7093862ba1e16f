import { css, html, noChange, nothing, render } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';
import type { CartItem, Currency, VariationAttribute } from '../../api/model.js';
import { formatMoney } from '../../format/money.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';
import type { LineError } from './drawer-actions.js';
import { productImage } from './product-image.js';

export interface LineView {
  m: Messages;
  currency: Currency;
  /** Lines with a change in flight. */
  pending: ReadonlySet<string>;
  /** Why the last change of a line failed. */
  errors: ReadonlyMap<string, LineError>;
  /** A mix-and-match container's key → its child lines. */
  children: ReadonlyMap<string, CartItem[]>;
  /** Lines whose quantity field the shopper is typing into: no answer overwrites it until committed. */
  editing: ReadonlySet<string>;
}

const NONE: CartItem[] = [];

/** What a line is drawn from, in the order `draw` takes it: the line is drawn again when one of them is new. */
type Inputs = [item: CartItem, pending: boolean, error: LineError | undefined, children: CartItem[], editing: boolean, m: Messages, currency: Currency];

/**
 * The cart's lines. Controls carry `data-action` + `data-key` for one delegated listener. Each line
 * is drawn by hand (`draw`) into a copy of one prepared `<li>`, and again only when what it is drawn
 * from changed: a line template of lit's kept about 30 binding objects per line alive, 2.6 KB of
 * heap for each line of a 200-line cart against 0.3 KB for the same DOM by hand (issue 32's bench).
 */
export function renderLines(lines: readonly CartItem[], view: LineView) {
  return html`<ul part="lines" aria-label=${view.m.cartItems} ${drawLines(lines, view)}></ul>`;
}

class Lines extends Directive {
  /** The lines on screen by key: each one's element, then what it was drawn from. */
  #drawn = new Map<string, [HTMLLIElement, ...Inputs]>();

  render(_lines: readonly CartItem[], _view: LineView) {
    return noChange;
  }

  override update({ element: list }: ElementPart, [lines, view]: [readonly CartItem[], LineView]) {
    const { m, currency } = view;
    const drawn = new Map<string, [HTMLLIElement, ...Inputs]>();
    // The same lines as on screen, in the same order: nothing to remove or move (no walk of the
    // list's DOM, and no array per line to compare: a 1000-line render of a change in flight).
    let inPlace = lines.length == this.#drawn.size;
    const before = this.#drawn.keys();
    for (const item of lines) {
      const { key } = item;
      const pending = view.pending.has(key);
      const error = view.errors.get(key);
      const children = view.children.get(key) ?? NONE;
      const editing = view.editing.has(key);
      let line = this.#drawn.get(key);
      if (!line || line[1] !== item || line[2] !== pending || line[3] !== error || line[4] !== children || line[5] !== editing || line[6] !== m || line[7] !== currency) {
        const element = line?.[0] ?? copy<HTMLLIElement>(markup().firstChild!);
        draw(element, item, pending, error, children, editing, m, currency);
        line = [element, item, pending, error, children, editing, m, currency];
      }
      if (before.next().value !== key) inPlace = false;
      drawn.set(key, line);
    }
    if (!inPlace) {
      for (const [key, [element]] of this.#drawn) if (!drawn.has(key)) element.remove();
      // In the cart's order, moving only the lines out of place (a focused control stays where it is).
      let next = list.firstElementChild;
      for (const [element] of drawn.values()) {
        if (element == next) next = element.nextElementSibling;
        else list.insertBefore(element, next);
      }
    }
    this.#drawn = drawn;
    return noChange;
  }
}

const drawLines = directive(Lines);

/** An id for a line's error text that is safe in `aria-describedby` (keys are opaque strings). */
function lineErrorId(key: string): string {
  return `line-error-${key.replace(/\s/g, '_')}`;
}

/**
 * A line with no white space between tags and a hidden label with its space as one text node:
 * every node here is made again for each of a thousand lines. Classes mirror the parts the
 * stylesheet selects on (a line in flight: `aria-busy`). The line holds the picture's placeholder;
 * after the line comes the picture that replaces it.
 */
const LINE =
  '<li class=line part="line"><span class=image part="image image-placeholder" aria-hidden=true></span><div class=line-details part="line-details"><span class=line-name part="line-name"></span><span class=line-price part="line-price"><span class=visually-hidden></span>-</span></div><div class=quantity part="quantity"><button class=quantity-button part="quantity-button quantity-decrease" type=button data-action=decrease><span part="icon" class=mark aria-hidden=true></span></button><input class=quantity-input part="quantity-input" type=number inputmode=numeric step=1><button class=quantity-button part="quantity-button quantity-increase" type=button data-action=increase><span part="icon" class="mark plus" aria-hidden=true></span></button></div><span class=line-total part="line-total"><span class=visually-hidden></span>-</span><button class=remove part="remove" type=button data-action=remove></button></li><img class=image part="image" alt="" loading=lazy decoding=async width=64 height=64>';

let prepared: DocumentFragment | undefined;

/** The line's markup (ours, never the shop's), parsed once: the line, then the picture. */
function markup(): DocumentFragment {
  if (!prepared) {
    const template = document.createElement('template');
    template.innerHTML = LINE;
    prepared = template.content;
  }
  return prepared;
}

/** A copy of a node of `markup()`, in this document. */
function copy<T extends Element>(node: Node): T {
  return document.importNode(node, true) as Node as T;
}

/**
 * Draws the line into `line` (a copy of `LINE`, maybe drawn before): what a template would, setting
 * only what differs. − and + at a limit are `aria-disabled` (not `disabled`), so keyboard focus
 * stays on them.
 */
function draw(line: HTMLLIElement, item: CartItem, pending: boolean, error: LineError | undefined, children: CartItem[], editing: boolean, m: Messages, currency: Currency) {
  const { key, name, image } = item;
  let { price, totals: { subtotal } } = item;
  // A box priced per product comes at 0 with each child line priced (a box priced as a whole
  // carries the price itself, its children 0): then it costs what is in it.
  if (!price && !subtotal && children.length) {
    for (const child of children) subtotal += child.totals.subtotal;
    price = Math.round(subtotal / (item.quantity.value || 1));
  }
  const { value, min, max } = item.quantity;
  const about = error?.field;
  const [picture, details, quantity, total, remove] = line.children as unknown as Element[] as [Element, Element, Element, Element, Element];
  const [decrease, field, increase] = quantity.children as unknown as Element[] as [Element, Element, Element];
  const part = pending ? 'line line-pending' : 'line';
  set(line, 'part', part);
  set(line, 'aria-busy', pending && 'true');
  // The picture, or the placeholder the line came with.
  if ((picture.localName == 'img') != !!image) picture.replaceWith(copy(image ? markup().lastChild! : markup().firstChild!.firstChild!));
  if (image) set(line.firstElementChild!, 'src', image);
  say(details.firstElementChild!, name);
  drawVariation(details, item.variation);
  labelled(details.lastElementChild!, m.unitPrice, formatMoney(price, currency));
  for (const [button, label, atLimit] of [
    [decrease, m.decrease(name), value <= min],
    [increase, m.increase(name), max !== null && value >= max],
  ] as const) {
    set(button, 'data-key', key);
    set(button, 'aria-label', label);
    set(button, 'aria-disabled', atLimit && 'true');
  }
  set(field, 'data-key', key);
  set(field, 'aria-label', m.quantityFor(name));
  set(field, 'min', min);
  set(field, 'max', max);
  set(field, 'data-value', editing ? null : value);
  set(field, 'aria-invalid', !!about && !error.note && 'true');
  set(field, 'aria-describedby', about ? lineErrorId(key) : null);
  labelled(total, m.lineTotal, formatMoney(subtotal, currency));
  set(remove, 'data-key', key);
  set(remove, 'aria-label', m.remove(name));
  set(remove, 'aria-describedby', error && !error.field ? lineErrorId(key) : null);
  say(remove, m.removeShort);
  // After the remove button: the error, then a box's contents.
  let tail = remove.nextElementSibling;
  let said = tail?.localName == 'p' ? tail : null;
  if (said) tail = said.nextElementSibling;
  if (error) {
    said ??= line.insertBefore(make('p', 'line-error'), tail);
    set(said, 'id', lineErrorId(key));
    set(said, 'role', !error.note && 'alert');
    say(said, error.text);
  } else said?.remove();
  if (children.length) {
    const box = tail ?? line.appendChild(make('ul', 'box-contents'));
    set(box, 'aria-label', m.boxContents);
    render(
      children.map(
        (child) => html`<li class="box-item" part="box-item">
          ${productImage(child.image, 'box-item-image')}
          <span class="box-item-name" part="box-item-name">${child.name}</span>
          ${variation(child.variation)}
          <span part="box-item-quantity">${m.inBox(perBox(child, item))}</span>
        </li>`,
      ),
      box as HTMLElement,
    );
  } else tail?.remove();
}

/** A new element whose class and part are `part`. */
function make(tag: string, part: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = part;
  element.setAttribute('part', part);
  return element;
}

/** Sets an attribute (`null` or `false`: removes it) unless it already holds that value. */
function set(element: Element, name: string, value: string | number | false | null) {
  const text = value === null || value === false ? null : String(value);
  if (element.getAttribute(name) === text) return;
  if (text === null) element.removeAttribute(name);
  else element.setAttribute(name, text);
}

/** An element's text, changed only when it differs. */
function say(element: Element, text: string) {
  if (element.textContent !== text) element.textContent = text;
}

/** A figure after its hidden label ("Price ", "Total "): the label's span, then the figure's text node. */
function labelled(element: Element, label: string, figure: string) {
  say(element.firstElementChild!, `${label} `);
  const text = element.lastChild as Text;
  if (text.data !== figure) text.data = figure;
}

/** The line's variation, between its name and its price, drawn by lit when there is one. */
function drawVariation(details: Element, attributes: readonly VariationAttribute[]) {
  let list = details.children[1]!;
  if (list.localName != 'dl') {
    if (!attributes.length) return;
    list = details.insertBefore(make('dl', 'variation'), list);
  } else if (!attributes.length) return list.remove();
  render(variationAttributes(attributes), list as HTMLElement);
}

/** How many of a product one box holds (the cart counts them across all boxes of the line). */
function perBox(child: CartItem, box: CartItem): number {
  const each = child.quantity.value / box.quantity.value;
  return Number.isInteger(each) ? each : child.quantity.value;
}

function variation(attributes: readonly VariationAttribute[]) {
  return attributes.length ? html`<dl class="variation" part="variation">${variationAttributes(attributes)}</dl>` : nothing;
}

function variationAttributes(attributes: readonly VariationAttribute[]) {
  return attributes.map(
    ({ attribute, value }) => html`<div class="variation-attribute" part="variation-attribute"><dt>${attributeLabel(attribute)}</dt><dd>${value}</dd></div>`,
  );
}

/** `attribute_pa_colour` → `Colour`; a label the shop already wrote is kept as it is. */
function attributeLabel(attribute: string): string {
  if (!attribute.startsWith('attribute_')) return attribute;
  const words = attribute.replace(/^attribute_(pa_)?/, '').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A line: picture, name, variation, prices, the quantity control, remove, its error and a box's contents. */
export const lineStyles = css`
    .line {
      display: grid;
      grid-template-columns: var(--_image) 1fr auto;
      grid-template-areas:
        'image details total'
        'image quantity remove';
      gap: var(--_space) calc(var(--_space) * 1.5);
      padding-block: calc(var(--_space) * 1.5);
      border-block-end: 1px solid var(--_border);
      /* The list is in block flow (not flex) and each line contains its layout, so a changed line is
         laid out alone: in a flex column every line was laid out again. No content-visibility: auto:
         Chromium leaves skipped lines out of the accessibility tree, and every script that measures a
         control in one (Chrome's autofill does, for each field) lays out the whole list again. */
      contain: layout style;
    }
    .line[aria-busy] {
      opacity: 0.7;
    }
    .image,
    .box-item-image {
      grid-area: image;
    }
    .box-item-image {
      inline-size: 32px;
      block-size: 32px;
    }
    .line-details {
      grid-area: details;
      display: flex;
      flex-direction: column;
      gap: 2px;
      min-inline-size: 0;
    }
    /* The shop's names and values take their direction from their own words. */
    .line-name,
    .box-item-name,
    .variation :is(dt, dd) {
      unicode-bidi: plaintext;
    }
    .line-name {
      font-weight: 600;
      overflow-wrap: anywhere;
      /* Lined up with the drawer's own direction, whatever the name's. */
      text-align: match-parent;
      text-align: -webkit-match-parent;
    }
    .variation {
      display: flex;
      flex-wrap: wrap;
      gap: 0 var(--_space);
      font-size: 0.875em;
      color: var(--_muted);
    }
    .variation-attribute {
      display: flex;
      gap: 0.25em;
    }
    .variation dt::after {
      content: ':';
    }
    .line-price {
      font-size: 0.875em;
      color: var(--_muted);
    }
    .line-total {
      grid-area: total;
      font-weight: 600;
      text-align: end;
    }
    .quantity {
      grid-area: quantity;
      display: inline-flex;
      align-items: center;
      justify-self: start;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-control);
    }
    .quantity-button {
      /* Flex, not grid, to centre one mark: 400 grid containers in a 200-line cart cost layout time. */
      display: inline-flex;
      align-items: center;
      justify-content: center;
      inline-size: 2em;
      block-size: 2em;
    }
    /* The stepper's marks, drawn in CSS (an SVG per button made a 200-line cart's layout a third
       slower): the mark's own top border is the bar of − and +, its ::after the upright of + (a
       2px-wide box whose 12px top border stands on the bar's middle: no rotate, which gave every
       line a transform node for pre-paint to walk). Borders, not backgrounds: forced colours
       (Windows High Contrast) drop backgrounds. */
    .mark {
      inline-size: 12px;
      block-size: 0;
      margin-block: 5px;
      border-block-start: 2px solid;
    }
    .plus {
      position: relative;
    }
    .plus::after {
      content: '';
      position: absolute;
      inset-inline-start: 5px;
      inset-block-start: -7px;
      inline-size: 2px;
      border-block-start: 12px solid;
    }
    .quantity-input {
      inline-size: 3.5em;
      block-size: 2em;
      border: 0;
      border-inline: 1px solid var(--_border);
      background: var(--_bg);
      text-align: center;
    }
    .quantity-input[aria-invalid='true'] {
      outline: 2px solid var(--_danger);
      outline-offset: -2px;
    }
    .remove {
      grid-area: remove;
      justify-self: end;
      padding: 0;
      color: var(--_accent);
      text-decoration: underline;
    }
    .line-error {
      grid-column: 2 / -1;
      font-size: 0.875em;
      color: var(--_danger);
    }
    .box-contents {
      grid-column: 1 / -1;
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      padding-inline-start: calc(var(--_image) + var(--_space) * 1.5);
      font-size: 0.875em;
    }
    .box-item {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }

`;
