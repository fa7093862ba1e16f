import { css, html, noChange, nothing } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import type { CartItem, Currency, VariationAttribute } from '../../api/model.js';
import { formatMoney } from '../../format/money.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';
import type { LineError } from './drawer-actions.js';
import { minusIcon, plusIcon } from './icons.js';
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
  return html`<li part="line${pending ? ' line-pending' : ''}" aria-busy=${pending ? 'true' : nothing}>
    ${productImage(item.image)}
    <div part="line-details">
      <span part="line-name">${item.name}</span>
      ${variation(item.variation)}
      <span part="line-price"><span class="visually-hidden">${m.unitPrice} </span>${formatMoney(price, currency)}</span>
    </div>
    ${quantityControl(item, error, editing, m)}
    <span part="line-total"
      ><span class="visually-hidden">${m.lineTotal} </span>${formatMoney(subtotal, currency)}</span
    >
    <button
      part="remove"
      type="button"
      data-action="remove"
      data-key=${item.key}
      aria-label=${m.remove(item.name)}
      aria-describedby=${error && !error.field ? lineErrorId(item.key) : nothing}
    >
      ${m.removeShort}
    </button>
    ${error ? html`<p part="line-error" id=${lineErrorId(item.key)} role=${error.note ? nothing : 'alert'}>${error.text}</p>` : nothing}
    ${children.length
      ? html`<ul part="box-contents" aria-label=${m.boxContents}>
          ${children.map(
            (child) => html`<li part="box-item">
              ${productImage(child.image, 'box-item-image')}
              <span part="box-item-name">${child.name}</span>
              ${variation(child.variation)}
              <span part="box-item-quantity">${m.inBox(perBox(child, item))}</span>
            </li>`,
          )}
        </ul>`
      : nothing}
  </li>`;
}

/** How many of a product one box holds (the cart counts them across all boxes of the line). */
function perBox(child: CartItem, box: CartItem): number {
  const each = child.quantity.value / box.quantity.value;
  return Number.isInteger(each) ? each : child.quantity.value;
}

function variation(attributes: readonly VariationAttribute[]) {
  if (!attributes.length) return nothing;
  return html`<dl part="variation">
    ${attributes.map(
      ({ attribute, value }) => html`<div part="variation-attribute"><dt>${attributeLabel(attribute)}</dt><dd>${value}</dd></div>`,
    )}
  </dl>`;
}

/** `attribute_pa_colour` → `Colour`; a label the shop already wrote is kept as it is. */
function attributeLabel(attribute: string): string {
  if (!attribute.startsWith('attribute_')) return attribute;
  const words = attribute.replace(/^attribute_(pa_)?/, '').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function quantityControl(item: CartItem, error: LineError | undefined, editing: boolean, m: Messages) {
  const about = error?.field;
  const { value, min, max } = item.quantity;
  const atMin = value <= min;
  const atMax = max !== null && value >= max;
  return html`<div part="quantity">
    ${stepButton(item.key, 'decrease', m.decrease(item.name), atMin, minusIcon)}
    <input
      part="quantity-input"
      type="number"
      inputmode="numeric"
      step="1"
      data-key=${item.key}
      aria-label=${m.quantityFor(item.name)}
      min=${min}
      max=${max ?? nothing}
      .value=${editing ? noChange : live(String(value))}
      aria-invalid=${about && !error.note ? 'true' : nothing}
      aria-describedby=${about ? lineErrorId(item.key) : nothing}
    />
    ${stepButton(item.key, 'increase', m.increase(item.name), atMax, plusIcon)}
  </div>`;
}

/** A − or + button; `aria-disabled` (not `disabled`) at a limit, so keyboard focus stays on it. */
function stepButton(key: string, action: 'decrease' | 'increase', label: string, atLimit: boolean, icon: unknown) {
  return html`<button
    part="quantity-button quantity-${action}"
    type="button"
    data-action=${action}
    data-key=${key}
    aria-label=${label}
    aria-disabled=${atLimit ? 'true' : nothing}
  >
    ${icon}
  </button>`;
}

/** A line: picture, name, variation, prices, the quantity control, remove, its error and a box's contents. */
export const lineStyles = css`
    [part~='line'] {
      display: grid;
      grid-template-columns: var(--_image) 1fr auto;
      grid-template-areas:
        'image details total'
        'image quantity remove'
        'image error error'
        'box box box';
      gap: var(--_space) calc(var(--_space) * 1.5);
      padding-block: calc(var(--_space) * 1.5);
      border-block-end: 1px solid var(--_border);
      /* The list is in block flow (not flex) and each line contains its layout, so a changed line is
         laid out alone: in a flex column every line was laid out again. No content-visibility: auto:
         Chromium leaves skipped lines out of the accessibility tree, and every script that measures a
         control in one (Chrome's autofill does, for each field) lays out the whole list again. */
      contain: layout style;
    }
    [part~='line-pending'] {
      opacity: 0.7;
    }
    [part~='image'],
    [part~='cross-sell-image'],
    [part~='box-item-image'] {
      grid-area: image;
      inline-size: var(--_image);
      block-size: var(--_image);
      object-fit: cover;
      border-radius: var(--_radius-surface);
      background: var(--_border);
    }
    [part~='box-item-image'] {
      inline-size: 32px;
      block-size: 32px;
    }
    [part~='line-details'] {
      grid-area: details;
      display: flex;
      flex-direction: column;
      gap: 2px;
      min-inline-size: 0;
    }
    [part~='line-name'],
    [part~='cross-sell-name'] {
      font-weight: 600;
      overflow-wrap: anywhere;
      /* Lined up with the drawer's own direction, whatever the name's. */
      text-align: match-parent;
      text-align: -webkit-match-parent;
    }
    [part~='variation'] {
      display: flex;
      flex-wrap: wrap;
      gap: 0 var(--_space);
      font-size: 0.875em;
      color: var(--_muted);
    }
    [part~='variation-attribute'] {
      display: flex;
      gap: 0.25em;
    }
    [part~='variation'] dt::after {
      content: ':';
    }
    [part~='line-price'] {
      font-size: 0.875em;
      color: var(--_muted);
    }
    [part~='line-total'] {
      grid-area: total;
      font-weight: 600;
      text-align: end;
    }
    [part~='quantity'] {
      grid-area: quantity;
      display: inline-flex;
      align-items: center;
      justify-self: start;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-control);
    }
    [part~='quantity-button'] {
      display: inline-grid;
      place-items: center;
      inline-size: 2rem;
      block-size: 2rem;
    }
    .mark {
      position: relative;
      inline-size: 12px;
      block-size: 12px;
    }
    .mark::before,
    .plus::after {
      content: '';
      position: absolute;
      inset-inline: 0;
      inset-block-start: 5px;
      /* A border, not a background: forced colours (Windows High Contrast) drop backgrounds. */
      border-block-start: 2px solid;
    }
    .plus::after {
      rotate: 90deg;
    }
    [part~='quantity-input'] {
      inline-size: 3.5rem;
      block-size: 2rem;
      border: 0;
      border-inline: 1px solid var(--_border);
      background: var(--_bg);
      text-align: center;
      -moz-appearance: textfield;
    }
    [part~='quantity-input'][aria-invalid='true'] {
      outline: 2px solid var(--_danger);
      outline-offset: -2px;
    }
    [part~='remove'],
    [part~='undo'],
    [part~='coupon-remove'] {
      padding: 0;
      color: var(--_accent);
      text-decoration: underline;
    }
    [part~='remove'] {
      grid-area: remove;
      justify-self: end;
    }
    [part~='line-error'] {
      grid-area: error;
      font-size: 0.875em;
    }
    [part~='box-contents'] {
      grid-area: box;
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      padding-inline-start: calc(var(--_image) + var(--_space) * 1.5);
      font-size: 0.875em;
    }
    [part~='box-item'] {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }

`;
