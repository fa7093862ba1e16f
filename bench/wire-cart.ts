/**
 * The service's answer for a cart of N lines, in the interface document's shape (items keyed by
 * item key, money as decimal strings), written once per size so that building JSON is never part of
 * a measurement. Line `i` has key `line-i`; `quantities` overrides a line's quantity.
 */
export const IMAGE_URL = '/img.svg';

export interface BenchLine {
  key: string;
  name: string;
  /** Unit price, minor units. */
  price: number;
  quantity: number;
}

export function benchLines(count: number, quantities: ReadonlyMap<string, number> = new Map()): BenchLine[] {
  return Array.from({ length: count }, (_, i) => {
    const key = `line-${i}`;
    return { key, name: `Single-origin beans no. ${i + 1}`, price: 450 + ((i * 137) % 5000), quantity: quantities.get(key) ?? 1 + (i % 3) };
  });
}

const decimal = (minor: number) => (minor / 100).toFixed(2);
const formatted = (minor: number) => `$${decimal(minor)}`;

export function wireCart(lines: readonly BenchLine[]): string {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const items = Object.fromEntries(
    lines.map((line, i) => [
      line.key,
      {
        item_key: line.key,
        id: 1000 + i,
        name: line.name,
        title: line.name,
        price: formatted(line.price),
        quantity: { value: line.quantity, min_purchase: 1, max_purchase: -1 },
        totals: { subtotal: (line.price * line.quantity) / 100, subtotal_tax: 0, total: (line.price * line.quantity) / 100, tax: 0 },
        slug: `beans-${i + 1}`,
        meta: {
          product_type: 'simple',
          sku: `BEAN-${i + 1}`,
          dimensions: { length: '', width: '', height: '', unit: 'cm' },
          weight: '0.25',
          variation: {},
        },
        backorders: 'no',
        cart_item_data: {},
        featured_image: IMAGE_URL,
      },
    ]),
  );
  return JSON.stringify({
    cart_hash: `hash-${subtotal}`,
    cart_key: 'bench_cart',
    currency: {
      currency_code: 'USD',
      currency_symbol: '$',
      currency_symbol_pos: 'left',
      currency_minor_unit: 2,
      currency_decimal_separator: '.',
      currency_thousand_separator: ',',
      currency_prefix: '$',
      currency_suffix: '',
    },
    customer: { billing_address: {}, shipping_address: {} },
    items,
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    items_weight: 0,
    coupons: [],
    needs_payment: subtotal > 0,
    needs_shipping: false,
    shipping: { total_packages: 0, show_package_details: false, has_calculated_shipping: false, packages: {} },
    fees: [],
    taxes: [],
    totals: {
      subtotal: decimal(subtotal),
      subtotal_tax: '0.00',
      shipping_total: '0.00',
      shipping_tax: '0.00',
      shipping_taxes: [],
      discount_total: '0.00',
      discount_tax: '0.00',
      cart_contents_total: decimal(subtotal),
      cart_contents_tax: '0.00',
      cart_contents_taxes: [],
      fee_total: '0.00',
      fee_tax: '0.00',
      fee_taxes: [],
      total: decimal(subtotal),
      total_tax: '0.00',
    },
    removed_items: [],
    cross_sells: [],
    notices: {},
    extensions: {},
  });
}
