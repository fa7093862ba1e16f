import type { Currency } from '../src/api/model.js';
import { formatMoney } from '../src/format/money.js';

interface WireItem {
  item_key: string;
  name: string;
  price: string;
  quantity: { value: number };
  totals: { subtotal: number };
  featured_image: string;
}

/** The parts of the service's cart answer the hand-written cart reads. */
export interface WireCart {
  items: Record<string, WireItem>;
  currency: Record<string, string | number>;
  totals: { total: string };
}

interface LineNodes {
  item: HTMLLIElement;
  quantity: HTMLInputElement;
  total: HTMLElement;
  shown: { quantity: number; total: string };
}

/**
 * The baseline: the same cart drawn by hand with createElement/textContent, the way a careful
 * developer would without a framework — a modal `<dialog>`, per line the picture, name, unit price,
 * −/+ and a quantity field, line total and "Remove" (with the same accessible names), lines built
 * once and then patched by key, the same layout containment per line. No validation
 * of the answer, no store, no shadow DOM: what the widget's architecture costs is the difference.
 */
export class VanillaCart {
  readonly dialog = element('dialog', 'vanilla-drawer');
  private readonly list = element('ul', 'vanilla-lines');
  private readonly total = element('strong');
  private readonly lines = new Map<string, LineNodes>();

  constructor(private readonly baseUrl: string) {
    const title = element('h2', '', 'Cart');
    title.id = 'vanilla-title';
    this.dialog.setAttribute('aria-labelledby', title.id);
    const close = element('button', '', '×');
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', () => this.close());
    const footer = element('footer');
    const checkout = Object.assign(element('a', '', 'Checkout'), { href: '#checkout' });
    footer.append('Total ', this.total, checkout);
    this.dialog.append(title, close, this.list, footer);
    this.list.addEventListener('change', (event) => {
      const input = event.target as HTMLInputElement;
      if (input.dataset.key) void this.changeQuantity(input.dataset.key, input.valueAsNumber);
    });
  }

  open(): void {
    if (!this.dialog.isConnected) document.body.append(this.dialog);
    if (!this.dialog.open) this.dialog.showModal();
  }

  close(): void {
    this.dialog.close();
  }

  async load(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/svc/v2/cart?thumb=true`);
    this.show(JSON.parse(await response.text()));
  }

  async changeQuantity(key: string, quantity: number): Promise<void> {
    const response = await fetch(`${this.baseUrl}/svc/v2/cart/item/${encodeURIComponent(key)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: String(quantity) }),
    });
    this.show(JSON.parse(await response.text()));
  }

  /** Draws a cart answer (lines built once, then patched by key). */
  show(cart: WireCart): void {
    const currency: Currency = {
      code: String(cart.currency.currency_code),
      symbol: String(cart.currency.currency_symbol),
      minorUnit: Number(cart.currency.currency_minor_unit),
      decimalSeparator: String(cart.currency.currency_decimal_separator),
      thousandSeparator: String(cart.currency.currency_thousand_separator),
      prefix: String(cart.currency.currency_prefix),
      suffix: String(cart.currency.currency_suffix),
    };
    const minor = (major: number | string) => Math.round(Number(major) * 10 ** currency.minorUnit);
    const added = document.createDocumentFragment();
    const seen = new Set<string>();
    for (const item of Object.values(cart.items)) {
      seen.add(item.item_key);
      const total = formatMoney(minor(item.totals.subtotal), currency);
      const existing = this.lines.get(item.item_key);
      if (!existing) {
        const nodes = line(item, total);
        this.lines.set(item.item_key, nodes);
        added.append(nodes.item);
        continue;
      }
      if (existing.shown.quantity !== item.quantity.value) existing.quantity.value = String(item.quantity.value);
      if (existing.shown.total !== total) existing.total.textContent = total;
      existing.shown = { quantity: item.quantity.value, total };
    }
    for (const [key, nodes] of this.lines) {
      if (seen.has(key)) continue;
      nodes.item.remove();
      this.lines.delete(key);
    }
    this.list.append(added);
    this.total.textContent = formatMoney(minor(cart.totals.total), currency);
  }
}

function line(item: WireItem, total: string): LineNodes {
  const li = element('li');
  li.dataset.key = item.item_key;
  const image = Object.assign(element('img'), { src: item.featured_image, alt: '', width: 64, height: 64, loading: 'lazy', decoding: 'async' });
  const details = element('div');
  details.append(element('span', 'name', item.name), element('span', 'price', item.price));
  const quantity = Object.assign(element('input'), { type: 'number', min: '1', value: String(item.quantity.value) });
  quantity.dataset.key = item.item_key;
  quantity.setAttribute('aria-label', `Quantity for ${item.name}`);
  const controls = element('div', 'quantity');
  controls.append(labelled('−', `Decrease ${item.name}`), quantity, labelled('+', `Increase ${item.name}`));
  const lineTotal = element('span', 'total', total);
  li.append(image, details, controls, lineTotal, labelled('Remove', `Remove ${item.name}`));
  return { item: li, quantity, total: lineTotal, shown: { quantity: item.quantity.value, total } };
}

function labelled(text: string, label: string): HTMLButtonElement {
  const button = element('button', '', text);
  button.type = 'button';
  button.setAttribute('aria-label', label);
  return button;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}
