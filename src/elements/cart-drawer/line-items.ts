import { css, html, nothing } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
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

/**
 * The cart's lines. Each line re-renders only when its own data changed (`guard`), and controls
 * carry `data-action` + `data-key` for one delegated listener, so a 200-line cart stays cheap to
 * update when one line changes.
 */
export function renderLines(lines: readonly CartItem[], view: LineView) {
  return html`<ul part="lines" aria-label=${view.m.cartItems}>
    ${repeat(
      lines,
      (item) => item.key,
      (item) => {
        const pending = view.pending.has(item.key);
        const error = view.errors.get(item.key);
        const children = view.children.get(item.key) ?? NONE;
        const editing = view.editing.has(item.key);
        return guard([item, pending, error, children, editing, view.m, view.currency], () => line(item, pending, error, children, editing, view));
      },
    )}
  </ul>`;
}

/** An id for a line's error text that is safe in `aria-describedby` (keys are opaque strings). */
export function lineErrorId(key: string): string {
  return `line-error-${key.replace(/\s/g, '_')}`;
}

function line(item: CartItem, pending: boolean, error: LineError | undefined, children: CartItem[], editing: boolean, view: LineView) {
  const { m, currency } = view;
  let { price, totals: { subtotal } } = item;
  // A box priced per product comes at 0 with each child line priced (a box priced as a whole
  // carries the price itself, its children 0): then it costs what is in it.
  if (!price && !subtotal && children.length) {
    for (const child of children) subtotal += child.totals.subtotal;
    price = Math.round(subtotal / (item.quantity.value || 1));
  }
  const { value, min, max } = item.quantity;
  const about = error?.field;
  const parts = pending ? 'line line-pending' : 'line';
  // One template with no white space between tags, and a hidden label with its space as one text
  // node: every node and nested template here is made again for each of a thousand lines. Classes
  // mirror the parts the stylesheet selects on. − and + at a limit are `aria-disabled` (not
  // `disabled`), so keyboard focus stays on them.
  return html`<li class=${parts} part=${parts} aria-busy=${pending ? 'true' : nothing}
    >${productImage(item.image)}<div class="line-details" part="line-details"
      ><span class="line-name" part="line-name">${item.name}</span>${variation(item.variation)}<span class="line-price" part="line-price"
        ><span class="visually-hidden">${`${m.unitPrice} `}</span>${formatMoney(price, currency)}</span
      ></div
    ><div class="quantity" part="quantity"
      ><button
        class="quantity-button"
        part="quantity-button quantity-decrease"
        type="button"
        data-action="decrease"
        data-key=${item.key}
        aria-label=${m.decrease(item.name)}
        aria-disabled=${value <= min ? 'true' : nothing}
      ><span part="icon" class="mark" aria-hidden="true"></span></button
      ><input
        class="quantity-input"
        part="quantity-input"
        type="number"
        inputmode="numeric"
        step="1"
        data-key=${item.key}
        aria-label=${m.quantityFor(item.name)}
        min=${min}
        max=${max ?? nothing}
        data-value=${editing ? nothing : value}
        aria-invalid=${about && !error.note ? 'true' : nothing}
        aria-describedby=${about ? lineErrorId(item.key) : nothing}
      /><button
        class="quantity-button"
        part="quantity-button quantity-increase"
        type="button"
        data-action="increase"
        data-key=${item.key}
        aria-label=${m.increase(item.name)}
        aria-disabled=${max !== null && value >= max ? 'true' : nothing}
      ><span part="icon" class="mark plus" aria-hidden="true"></span></button
    ></div
    ><span class="line-total" part="line-total"
      ><span class="visually-hidden">${`${m.lineTotal} `}</span>${formatMoney(subtotal, currency)}</span
    ><button
      class="remove"
      part="remove"
      type="button"
      data-action="remove"
      data-key=${item.key}
      aria-label=${m.remove(item.name)}
      aria-describedby=${error && !error.field ? lineErrorId(item.key) : nothing}
    >${m.removeShort}</button
    >${error ? lineError(item.key, error) : nothing}${children.length ? boxContents(item, children, m) : nothing}</li
  >`;
}

function lineError(key: string, error: LineError) {
  return html`<p class="line-error" part="line-error" id=${lineErrorId(key)} role=${error.note ? nothing : 'alert'}>${error.text}</p>`;
}

function boxContents(box: CartItem, children: CartItem[], m: Messages) {
  return html`<ul class="box-contents" part="box-contents" aria-label=${m.boxContents}>
    ${children.map(
      (child) => html`<li class="box-item" part="box-item">
        ${productImage(child.image, 'box-item-image')}
        <span class="box-item-name" part="box-item-name">${child.name}</span>
        ${variation(child.variation)}
        <span part="box-item-quantity">${m.inBox(perBox(child, box))}</span>
      </li>`,
    )}
  </ul>`;
}

/** How many of a product one box holds (the cart counts them across all boxes of the line). */
function perBox(child: CartItem, box: CartItem): number {
  const each = child.quantity.value / box.quantity.value;
  return Number.isInteger(each) ? each : child.quantity.value;
}

function variation(attributes: readonly VariationAttribute[]) {
  if (!attributes.length) return nothing;
  return html`<dl class="variation" part="variation">${attributes.map(
    ({ attribute, value }) => html`<div class="variation-attribute" part="variation-attribute"><dt>${attributeLabel(attribute)}</dt><dd>${value}</dd></div>`,
  )}</dl>`;
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
    .line-pending {
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
