/**
 * The fake shop's catalogue: a small coffee roaster (store settings are in `shop-settings.ts`). Prices are integers in the
 * shop currency's minor units, ex-tax (so `1800` is $18.00, 18,00 € or ¥1,800).
 *
 * | id | product | why it is here |
 * |---|---|---|
 * | 11, 12 | coffee beans | plain simple products; 11 cross-sells 14 (on sale) and 15 |
 * | 13 | pour-over dripper | limited stock: 3 |
 * | 14 | paper filters | on sale (6.00 → 4.50) |
 * | 15 | enamel mug | simple |
 * | 16 | brewing guide (PDF) | virtual, sold individually |
 * | 17 | hand grinder | out of stock |
 * | 18 | espresso machine | ships in a second package (freight) |
 * | 20 | barista t-shirt | variable: `attribute_pa_colour` black/white × `attribute_pa_size` s/m/l |
 * | 21–26 | its variations | black S/M/L, white S/M/L; 26 (white, L) out of stock |
 * | 30 | tasting box | mix-and-match: 3–6 of 31–36, priced per product; 36 out of stock |
 */

/** The catalogue's product ids by name, for tests and the demo. */
export const PRODUCT_IDS = {
  ethiopiaBeans: 11,
  colombiaBeans: 12,
  /** Limited stock: 3. */
  dripper: 13,
  /** On sale. */
  filters: 14,
  mug: 15,
  /** Virtual, sold individually. */
  guide: 16,
  /** Out of stock. */
  grinder: 17,
  /** Ships as freight, in a second package. */
  espressoMachine: 18,
  /** Variable: colour black/white × size s/m/l. */
  shirt: 20,
  shirtBlackS: 21,
  shirtBlackM: 22,
  shirtBlackL: 23,
  shirtWhiteS: 24,
  shirtWhiteM: 25,
  /** Out of stock. */
  shirtWhiteL: 26,
  /** Mix-and-match: 3–6 of the samples 31–36, per-product pricing. */
  tastingBox: 30,
  kenyaSample: 31,
  guatemalaSample: 32,
  sumatraSample: 33,
  rwandaSample: 34,
  decafSample: 35,
  /** Out of stock. */
  geishaSample: 36,
} as const;

export interface ProductAttribute {
  /** Taxonomy, e.g. `pa_colour`; requests name it `attribute_pa_colour`. */
  taxonomy: string;
  label: string;
  options: Array<{ slug: string; name: string }>;
}

export interface MixAndMatchRules {
  min: number;
  max: number;
  perProductPricing: boolean;
  allowed: number[];
}

export interface CatalogProduct {
  id: number;
  name: string;
  slug: string;
  sku: string;
  type: 'simple' | 'variable' | 'variation' | 'mix-and-match';
  regularPrice: number;
  salePrice?: number;
  /** Units in stock; `null` = stock not managed (always available). */
  stock: number | null;
  soldIndividually?: boolean;
  /** Needs no shipping. */
  virtual?: boolean;
  /** Products of the `bulky` class travel in the freight package. */
  shippingClass?: 'bulky';
  weight: string;
  dimensions?: { length: string; width: string; height: string };
  image: string;
  crossSells?: number[];
  parentId?: number;
  /** A variation's chosen options, taxonomy → option slug. */
  choice?: Record<string, string>;
  attributes?: ProductAttribute[];
  mnm?: MixAndMatchRules;
}

/** A square swatch with initials, inline so nothing has to be served. */
function swatch(colour: string, initials: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="12" fill="${colour}"/>` +
    `<text x="48" y="58" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A simple product; slug and image follow from the name. */
function simple(
  id: number,
  name: string,
  sku: string,
  regularPrice: number,
  colour: string,
  extra: Partial<CatalogProduct> = {},
): CatalogProduct {
  const image = swatch(colour, name.split(/\s+/, 2).map((word) => word[0]).join(''));
  return { id, name, slug: slugOf(name), sku, type: 'simple', regularPrice, stock: null, weight: '0.3', image, ...extra };
}

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const SHIRT_ATTRIBUTES: ProductAttribute[] = [
  { taxonomy: 'pa_colour', label: 'Colour', options: [{ slug: 'black', name: 'Black' }, { slug: 'white', name: 'White' }] },
  { taxonomy: 'pa_size', label: 'Size', options: [{ slug: 's', name: 'S' }, { slug: 'm', name: 'M' }, { slug: 'l', name: 'L' }] },
];

function shirt(id: number, colour: 'black' | 'white', size: 's' | 'm' | 'l', stock: number | null = null): CatalogProduct {
  const sku = `TEE-${colour.toUpperCase()}-${size.toUpperCase()}`;
  const price = size === 'l' ? 2700 : 2500;
  return {
    ...simple(id, 'Barista T-Shirt', sku, price, colour === 'black' ? '#222' : '#bbb', { stock, weight: '0.2' }),
    type: 'variation',
    parentId: 20,
    choice: { pa_colour: colour, pa_size: size },
  };
}

function sample(id: number, name: string, price: number, stock: number | null = null): CatalogProduct {
  return simple(id, name, `SMP-${id}`, price, '#8d6e63', { stock, weight: '0.05' });
}

export const PRODUCTS: readonly CatalogProduct[] = [
  simple(11, 'Ethiopia Yirgacheffe Beans', 'BEAN-ETH', 1800, '#6d4c41', {
    weight: '0.25',
    dimensions: { length: '20', width: '12', height: '6' },
    crossSells: [14, 15],
  }),
  simple(12, 'Colombia Huila Beans', 'BEAN-COL', 1600, '#795548', { weight: '0.25', crossSells: [14] }),
  simple(13, 'Ceramic Pour-Over Dripper', 'DRIP-01', 3800, '#26a69a', { stock: 3, crossSells: [14] }),
  simple(14, 'Paper Filters (100)', 'FILT-100', 600, '#e0c097', { salePrice: 450, weight: '0.1' }),
  simple(15, 'Enamel Mug', 'MUG-01', 1200, '#1e88e5'),
  simple(16, 'Brewing Guide (PDF)', 'GUIDE-PDF', 900, '#5e35b1', { weight: '', virtual: true, soldIndividually: true }),
  simple(17, 'Hand Grinder', 'GRIND-01', 5400, '#546e7a', { stock: 0 }),
  simple(18, 'Espresso Machine', 'ESP-01', 42000, '#c62828', { weight: '12', shippingClass: 'bulky' }),
  simple(20, 'Barista T-Shirt', 'TEE', 2500, '#424242', { type: 'variable', weight: '0.2', attributes: SHIRT_ATTRIBUTES }),
  shirt(21, 'black', 's'),
  shirt(22, 'black', 'm'),
  shirt(23, 'black', 'l'),
  shirt(24, 'white', 's'),
  shirt(25, 'white', 'm'),
  shirt(26, 'white', 'l', 0),
  simple(30, 'Tasting Box', 'BOX-TASTE', 0, '#ff8f00', {
    type: 'mix-and-match',
    weight: '',
    virtual: true,
    mnm: { min: 3, max: 6, perProductPricing: true, allowed: [31, 32, 33, 34, 35, 36] },
  }),
  sample(31, 'Kenya Sample', 450),
  sample(32, 'Guatemala Sample', 400),
  sample(33, 'Sumatra Sample', 400),
  sample(34, 'Rwanda Sample', 450),
  sample(35, 'Decaf Sample', 350),
  sample(36, 'Geisha Sample', 900, 0),
];

export function findProduct(id: number): CatalogProduct | undefined {
  return PRODUCTS.find((product) => product.id === id);
}

export function variationsOf(parentId: number): CatalogProduct[] {
  return PRODUCTS.filter((product) => product.parentId === parentId);
}

/** The price a shopper pays now, ex-tax. */
export function currentPrice(product: CatalogProduct): number {
  return product.salePrice ?? product.regularPrice;
}

export function inStock(product: CatalogProduct): boolean {
  return product.stock === null || product.stock > 0;
}

/** Display name: a variation's name carries its options, e.g. `Barista T-Shirt - Black, M`. */
export function displayName(product: CatalogProduct): string {
  const options = variationLabels(product);
  return options.length ? `${product.name} - ${options.map(([, value]) => value).join(', ')}` : product.name;
}

/** A variation's options as `[label, option name]` pairs, e.g. `[['Colour', 'Black'], ['Size', 'M']]`. */
export function variationLabels(product: CatalogProduct): Array<[string, string]> {
  const parent = product.parentId === undefined ? undefined : findProduct(product.parentId);
  if (!parent?.attributes || !product.choice) return [];
  return parent.attributes.map((attribute) => {
    const slug = product.choice?.[attribute.taxonomy] ?? '';
    return [attribute.label, attribute.options.find((option) => option.slug === slug)?.name ?? slug];
  });
}
