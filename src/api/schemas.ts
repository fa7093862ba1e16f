/**
 * Reads the service's answers and normalises them into `model.ts`. They accept the interface
 * document's shapes and the real-server shapes (shared/spec/real-world-notes.md): lenient about
 * missing or extra fields, strict only where a wrong answer would show the shopper a wrong cart.
 *
 * zod/mini checks the structure an answer cannot do without (a cart's items, the sessions list);
 * every other field is read by a small reader that never fails: a missing or odd value becomes
 * the neutral one, so one odd field never hides the whole answer. Nothing here touches the DOM.
 */
import * as z from 'zod/mini';
import { ApiError } from './errors.js';
import type {
  Address,
  AdminSession,
  AmountsMode,
  Cart,
  CartItem,
  Currency,
  CustomerAddresses,
  LoginResult,
  Notice,
  NoticeType,
  Product,
  ProductPrices,
  TokenPair,
  TwoFactorChallenge,
} from './model.js';

export interface ParseOptions {
  amounts: AmountsMode;
}

export interface ErrorBody {
  code?: string;
  message?: string;
  twoFactor?: TwoFactorChallenge;
}

type Raw = Record<string, unknown>;
/** An element of a collection, with the key it was sent under (the index for arrays). */
type Entry = Raw & { $key: string };
/** Reads one amount of money into integer minor units of a known currency. */
type Money = (value: unknown) => number;

// --- text ------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', euro: '€', pound: '£', yen: '¥',
  cent: '¢', ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', times: '×', minus: '−', copy: '©', reg: '®', trade: '™',
};

/** Decodes character references. The result is text: it is never parsed as markup. */
const decode = (s: string): string =>
  s.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (match, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? match;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : match;
  });

/** Markup reduced to its text (notices, messages, addresses), without a DOM parser. */
const plain = (v: unknown): string =>
  decode(
    str(v)
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi, '')
      .replace(/<\/?(br|p|div|li|h\d)\b[^>]*>/gi, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();

// --- fields ----------------------------------------------------------------------------------

export const isObj = (v: unknown): v is Raw => typeof v == 'object' && v !== null && !Array.isArray(v);
/** Objects that PHP sends as `[]` when empty; anything but an object reads as `{}`. */
const obj = (v: unknown): Raw => (isObj(v) ? v : {});
const str = (v: unknown): string => (typeof v == 'string' ? v : typeof v == 'number' ? String(v) : '');
const num = (v: unknown): number => {
  const n = typeof v == 'number' ? v : typeof v == 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'yes' || v === 'true';
const text = (v: unknown): string => decode(str(v));
const url = (v: unknown): string | null => str(v) || null;
const blank = (v: unknown): boolean => v == null || v === '';

/** A field the answer cannot do without: empty, zero or missing fails the parse. */
const need = <T>(value: T): NonNullable<T> => {
  if (!value) throw new Error('Required field missing');
  return value as NonNullable<T>;
};

/**
 * A collection sent as an array, as an object keyed by id, or as `[]` when empty: its elements,
 * each object with its key as `$key`.
 */
const withKeys = (v: unknown): unknown[] | undefined =>
  isObj(v) || Array.isArray(v) ? Object.entries(v).map(([$key, x]) => (isObj(x) ? { $key, ...x } : x)) : undefined;

/** A secondary collection: anything unreadable is left out, so one odd block never hides the whole cart. */
const list = (v: unknown): Entry[] => (withKeys(v) ?? []).filter(isObj) as Entry[];

/** An object (not an array, not null): what an answer and each element of its main collection must be. */
const entity = z.custom<Raw>(isObj);
/** A collection the answer is made of: it must be there, and every element must be an object. */
const entries = (v: unknown): Entry[] => need(withKeys(v)).map((x) => entity.parse(x) as Entry);

// --- money -----------------------------------------------------------------------------------

/** `x × 10^places` rounded, via exponent notation so `1.005` stays exact. */
const shift = (x: number | string, places: number): number => {
  const n = Math.round(Number(`${x}e${places}`));
  return Number.isFinite(n) ? n + 0 : 0;
};

/**
 * Amounts rule (real-world-notes, "Money"): JSON numbers are major units; a bare numeric string
 * is decimal when it has a point, else minor units (`auto`), unless the mode forces a reading.
 * Formatted prices ("$1,234.50", "38,00 €", "-&#36;5.00") are always major units.
 */
function money({ minorUnit, decimalSeparator, thousandSeparator }: Currency, mode: AmountsMode): Money {
  return (v) => {
    if (typeof v == 'number') return shift(v, minorUnit);
    let s = plain(v);
    if (/^-?\d+(\.\d+)?$/.test(s)) {
      return shift(s, mode == 'decimal' || (mode == 'auto' && s.includes('.')) ? minorUnit : 0);
    }
    const negative = /^\D*[-\u2212]/.test(s);
    if (thousandSeparator && thousandSeparator !== decimalSeparator) s = s.split(thousandSeparator).join('');
    const digits = /\d+(\.\d+)?/.exec(s.replace(/\s/g, '').split(decimalSeparator).join('.'));
    return digits ? shift((negative ? '-' : '') + digits[0], minorUnit) : 0;
  };
}

/** An amount that may be left out: `null` when it is. */
const maybe = (m: Money, v: unknown): number | null => (blank(v) ? null : m(v));

// --- currency --------------------------------------------------------------------------------

/** A separator as sent (an empty one too), else the default. */
const separator = (v: unknown, fallback: string): string => (typeof v == 'string' ? decode(v) : fallback);

function readCurrency(v: unknown): Currency {
  const c = obj(v);
  const code = str(c.currency_code);
  const given = text(c.currency_symbol);
  const symbol = given || code;
  let prefix = text(c.currency_prefix);
  let suffix = text(c.currency_suffix);
  // Real servers place the symbol for us; the document only names WooCommerce's position.
  if (!prefix && !suffix && symbol) {
    const position = str(c.currency_symbol_pos) || (given ? 'left' : 'left_space');
    const space = position.endsWith('_space') ? '\u00a0' : '';
    if (position.startsWith('right')) suffix = space + symbol;
    else prefix = symbol + space;
  }
  const minor = c.currency_minor_unit;
  return {
    code,
    symbol,
    minorUnit: blank(minor) ? 2 : Math.max(0, Math.round(num(minor))),
    decimalSeparator: separator(c.currency_decimal_separator, '.') || '.',
    thousandSeparator: separator(c.currency_thousand_separator, ','),
    prefix,
    suffix,
  };
}

// --- cart ------------------------------------------------------------------------------------

const quantity = (q: unknown): CartItem['quantity'] => {
  // Live items send {value, min_purchase, max_purchase}; removed items a plain number.
  if (!isObj(q)) return { value: num(q), min: 1, max: null };
  const max = q.max_purchase;
  return {
    value: num(q.value),
    min: q.min_purchase == null ? 1 : num(q.min_purchase),
    // -1 (or nothing) means no upper limit.
    max: blank(max) || num(max) < 0 ? null : num(max),
  };
};

const notices = (v: unknown): Notice[] => {
  const out: Notice[] = [];
  const add = (type: unknown, x: unknown) => {
    const message = plain(isObj(x) ? (x.notice ?? x.message) : x);
    const t = str(type) as NoticeType;
    if (message) out.push({ type: ['success', 'error', 'info'].includes(t) ? t : 'notice', message });
  };
  // Real servers: {success: [...], error: [{notice}], …}, lists sometimes keyed by index; a flat
  // list of {type, message} is read too.
  if (Array.isArray(v)) {
    for (const x of v) add(isObj(x) ? (x.type ?? x.notice_type) : '', x);
  } else if (isObj(v)) {
    for (const [type, xs] of Object.entries(v)) {
      for (const x of isObj(xs) || Array.isArray(xs) ? Object.values(xs) : [xs]) add(type, x);
    }
  }
  return out;
};

/** What a live line, a removed line and a product have in common. */
const line = (i: Entry) => {
  const name = text(i.name);
  return { key: str(i.item_key) || i.$key, id: num(i.id), name, title: text(i.title) || name };
};

function readCart(c: Raw & { items: Entry[] }, currency: Currency, m: Money): Cart {
  const items = c.items.map((i): CartItem => {
    const extra = obj(i.cart_item_data);
    const totals = obj(i.totals);
    const meta = obj(i.meta);
    const contents = extra.mnm_contents;
    const container = extra.mnm_container;
    return {
      ...line(i),
      slug: str(i.slug),
      price: m(i.price),
      quantity: quantity(i.quantity),
      totals: {
        subtotal: m(totals.subtotal),
        subtotalTax: m(totals.subtotal_tax),
        total: m(totals.total),
        tax: m(totals.tax ?? totals.total_tax),
      },
      type: str(meta.product_type),
      sku: str(meta.sku),
      variation: Object.entries(obj(meta.variation)).map(([attribute, value]) => ({ attribute: decode(attribute), value: text(value) })),
      image: url(i.featured_image),
      // Mix and match (real-world-notes): the container lists its children's keys, a child names its container.
      mnm:
        contents && typeof contents == 'object'
          ? { container: null, contents: Object.values(contents).map(str) }
          : typeof container == 'string' && container
            ? { container, contents: [] }
            : null,
      data: extra,
    };
  });

  const shipping = obj(c.shipping);
  // By `index`: a JSON object lists integer keys first, so `{ default, 1 }` arrives as `1, default`.
  const packages = list(shipping.packages).sort((a, b) => num(a.index) - num(b.index)).map((p) => {
    const chosen = str(p.chosen_method);
    const rates = list(p.rates).map((r) => {
      const key = str(r.key) || r.$key;
      const taxes = r.taxes;
      return {
        key,
        methodId: str(r.method_id) || key.split(':')[0] || '',
        instanceId: num(r.instance_id),
        label: text(r.label),
        cost: m(r.cost),
        // One amount, or one per tax rate.
        taxes: isObj(taxes) || Array.isArray(taxes) ? Object.values(taxes).reduce<number>((sum, x) => sum + m(x), 0) : m(taxes),
        chosen: r.chosen_method === true || key === chosen,
      };
    });
    return {
      id: p.$key,
      name: text(p.package_name),
      destination: plain(p.formatted_destination),
      details: plain(p.package_details),
      chosenRate: chosen || rates.find((r) => r.chosen)?.key || '',
      rates,
    };
  });

  const taxes = c.taxes;
  const t = obj(c.totals);
  return {
    key: str(c.cart_key) || null,
    hash: str(c.cart_hash),
    currency,
    items,
    itemCount: c.item_count == null ? items.reduce((n, i) => n + i.quantity.value, 0) : num(c.item_count),
    weight: num(c.items_weight),
    coupons: list(c.coupons).map((x) => {
      const code = str(x.coupon) || str(x.code);
      return { code, label: text(x.label) || code, saving: Math.abs(m(x.saving)) };
    }),
    needsPayment: bool(c.needs_payment),
    needsShipping: bool(c.needs_shipping),
    shipping: {
      packages,
      calculated: bool(shipping.has_calculated_shipping),
      showPackageDetails: bool(shipping.show_package_details),
    },
    // Document: {name, amount, total, tax, …}; real servers: {name, fee}.
    fees: list(c.fees).map((f) => {
      const amount = m(f.amount ?? f.fee ?? f.total);
      return {
        name: text(f.name),
        amount,
        total: f.total == null ? amount : m(f.total),
        tax: m(f.tax),
        taxable: bool(f.taxable),
        taxClass: str(f.tax_class),
      };
    }),
    // Document: {rate_id, label, compound, tax_total, shipping_tax_total}; real servers: {name, price}
    // per rate code, or a single {label, total} when taxes are not itemised.
    taxes: list(isObj(taxes) && ('label' in taxes || 'total' in taxes) && !isObj(taxes.total) ? [taxes] : taxes).map((x) => ({
      id: num(x.rate_id),
      label: text(x.label) || text(x.name),
      compound: bool(x.compound),
      total: m(x.tax_total ?? x.price ?? x.total),
      shippingTotal: m(x.shipping_tax_total),
    })),
    totals: {
      subtotal: m(t.subtotal),
      subtotalTax: m(t.subtotal_tax),
      shipping: m(t.shipping_total),
      shippingTax: m(t.shipping_tax),
      discount: Math.abs(m(t.discount_total)),
      discountTax: Math.abs(m(t.discount_tax)),
      contents: m(t.cart_contents_total),
      contentsTax: m(t.cart_contents_tax),
      fees: m(t.fee_total),
      feeTax: m(t.fee_tax),
      total: m(t.total),
      totalTax: m(t.total_tax),
    },
    removedItems: list(c.removed_items).map((i) => ({
      ...line(i),
      quantity: quantity(i.quantity).value,
      price: maybe(m, i.price),
      image: url(i.featured_image),
    })),
    crossSells: list(c.cross_sells).map((x) => {
      const name = text(x.product_name) || text(x.name);
      const price = m(x.price);
      return {
        id: num(x.id),
        name,
        title: text(x.product_title) || text(x.title) || name,
        price,
        regularPrice: maybe(m, x.regular_price) ?? price,
        salePrice: x.on_sale === false ? null : maybe(m, x.sale_price),
        image: url(x.product_image) || url(x.image),
      };
    }),
    notices: notices(c.notices),
  };
}

// --- product ---------------------------------------------------------------------------------

const firstImage = (images: unknown): string | null => {
  const first: unknown = Array.isArray(images) ? images[0] : undefined;
  const src = isObj(first) ? first.src : undefined;
  if (typeof src == 'string') return src || null;
  if (!isObj(src)) return null;
  const sizes = [src.thumbnail, src.woocommerce_thumbnail, src.medium, src.full, ...Object.values(src)];
  return (sizes.find((s) => typeof s == 'string' && s) as string | undefined) ?? null;
};

function readPrices(v: unknown, m: Money): ProductPrices {
  const p = obj(v);
  const regular = maybe(m, p.regular_price);
  const sale = p.on_sale === false ? null : maybe(m, p.sale_price);
  const price = maybe(m, p.price) ?? sale ?? regular ?? 0;
  return {
    price,
    regularPrice: regular ?? price,
    salePrice: sale,
    onSale: p.on_sale == null ? sale !== null && sale < (regular ?? price) : bool(p.on_sale),
  };
}

function readProduct(p: Raw, m: Money): Omit<Product, 'currency'> {
  // Other products send no `mnm_data`, or `[]`.
  const box = isObj(p.mnm_data) ? p.mnm_data : null;
  const max = box && num(box.max_container_size);
  return {
    id: need(num(p.id)),
    name: text(p.name),
    type: str(p.type),
    prices: readPrices(p.prices, m),
    image: firstImage(p.images),
    mnm: box && {
      min: num(box.min_container_size),
      max: max && max > 0 ? max : null,
      perProductPricing: bool(box.per_product_pricing),
      products: list(box.products).map((c) => {
        // Flat `stock_status`/`in_stock`, or CoCart's `stock: {is_in_stock, stock_status}`.
        const stock = obj(c.stock);
        const inStock = c.in_stock ?? stock.is_in_stock;
        return {
          id: num(c.id),
          name: text(c.name),
          prices: readPrices(c.prices, m),
          image: firstImage(c.images) ?? url(c.image),
          inStock: (c.stock_status ?? stock.stock_status) !== 'outofstock' && (inStock == null || bool(inStock)),
        };
      }),
    },
  };
}

// --- authentication and admin ----------------------------------------------------------------

function readLogin(l: Raw): LoginResult {
  const extras = obj(l.extras);
  const user = str(l.user_id);
  const token = str(extras.jwt_token) || str(l.token) || null;
  // An answer with neither a user nor a token is no sign-in.
  need(user || token);
  const firstName = text(l.first_name);
  const lastName = text(l.last_name);
  const username = str(l.username);
  const email = str(l.email);
  return {
    user: {
      id: user,
      username,
      displayName: text(l.display_name) || `${firstName} ${lastName}`.trim() || username || email,
      firstName,
      lastName,
      email,
    },
    token,
    refreshToken: str(extras.jwt_refresh) || str(l.refresh_token) || null,
  };
}

// --- error bodies ----------------------------------------------------------------------------

// Codes are the service's words (`svc_cart_not_found`); a number there is noise, not a code.
const codeOf = (v: unknown): string => (typeof v == 'string' ? v : '');

function readTwoFactor(d: Raw): TwoFactorChallenge | undefined {
  const given = d.available_providers;
  if (d['2fa_required'] == null && given == null) return undefined;
  // Providers come as a list of aliases or as an object keyed by alias (values are labels).
  const providers = (
    Array.isArray(given) ? given : isObj(given) ? Object.entries(given).map(([k, v]) => (/^\d+$/.test(k) ? v : k)) : []
  )
    .map(str)
    .filter(Boolean);
  return { providers, defaultProvider: str(d.default_provider) || providers[0] || '', emailSent: bool(d.email_sent) };
}

// --- entry points ----------------------------------------------------------------------------

/** Runs a parse; any failure becomes the api layer's one error type, never a zod error. */
export function readOrThrow<T>(parse: () => T, what = 'answer'): T {
  try {
    return parse();
  } catch (cause) {
    throw new ApiError({ kind: 'invalid-response', message: `The shop's ${what} could not be read: ${String(cause)}`, cause });
  }
}

export function parseCart(raw: unknown, options: ParseOptions): Cart {
  return readOrThrow(() => {
    const cart = entity.parse(raw);
    const currency = readCurrency(cart.currency);
    // The one part a cart cannot do without: an answer with no items is not a cart.
    return readCart({ ...cart, items: entries(cart.items) }, currency, money(currency, options.amounts));
  });
}

export function parseProduct(raw: unknown, options: ParseOptions): Product {
  return readOrThrow(() => {
    const product = obj(raw);
    const prices = obj(product.prices);
    // CoCart nests the currency under `prices.currency`; WooCommerce's Store API spreads it in `prices`.
    const own = isObj(prices.currency) ? prices.currency : 'currency_code' in prices ? prices : null;
    const currency = own && readCurrency(own);
    // Without its own currency a product's amounts are read with two decimals.
    return { ...readProduct(product, money(currency ?? readCurrency(null), options.amounts)), currency };
  });
}

export function parseLogin(raw: unknown): LoginResult {
  return readOrThrow(() => readLogin(obj(raw)));
}

export function parseTokenPair(raw: unknown): TokenPair {
  return readOrThrow(() => {
    const t = obj(raw);
    return { token: need(str(t.token)), refreshToken: need(str(t.refresh_token)) };
  });
}

export function parseSessions(raw: unknown): AdminSession[] {
  return readOrThrow(() =>
    entries(raw).map((s) => ({
      cartId: str(s.cart_id),
      cartKey: str(s.cart_key),
      customerName: text(s.customers_name),
      customerEmail: str(s.customers_email),
      created: str(s.cart_created),
      expiry: str(s.cart_expiry),
      source: str(s.cart_source),
      link: str(s.link),
    })),
  );
}

/** WordPress's namespace index `{ namespace, routes: { "/ns/v2/cart": {…}, … } }`: the route paths below the namespace. */
export function parseRoutes(raw: unknown, namespace: string): string[] {
  return readOrThrow(() => {
    const prefix = `/${namespace}/`;
    return Object.keys(need(isObj(raw) && isObj(raw.routes) ? raw.routes : null))
      .filter((route) => route.startsWith(prefix))
      .map((route) => route.slice(prefix.length));
  }, 'route index');
}

/** Never throws: whatever an error answer holds (or nothing, for an empty or HTML body) is read. */
export function parseErrorBody(raw: unknown): ErrorBody {
  const out: ErrorBody = {};
  const body = typeof raw == 'string' ? { message: raw } : obj(Array.isArray(raw) ? raw[0] : raw);
  let code = codeOf(body.code);
  let message = body.message;
  const data = body.data;
  // {success: false, data: [{code, message}]} and {success: false, data: {message}}.
  const inner = Array.isArray(data) ? data[0] : data;
  if (!code && message == null) {
    if (isObj(inner)) {
      code = codeOf(inner.code);
      message = inner.message;
    } else message = inner;
  }
  const readable = plain(message);
  if (code) out.code = code;
  if (readable) out.message = readable;
  const challenge = isObj(data) && readTwoFactor(data);
  if (challenge) out.twoFactor = challenge;
  return out;
}

/**
 * The customer's billing and shipping address in a cart answer (`customer.billing_address`,
 * `customer.shipping_address`, fields prefixed `billing_` / `shipping_`), or `null` when the answer
 * has none. Country and postcode as sent (WooCommerce formats postcodes, e.g. `SW1A 1AA`).
 */
export function parseCustomerAddresses(raw: unknown): CustomerAddresses | null {
  const customer = isObj(raw) && isObj(raw.customer) ? raw.customer : null;
  if (!customer) return null;
  const address = (v: unknown, prefix: string): Address => {
    const a = obj(v);
    const field = (name: string) => text(a[`${prefix}_${name}`] ?? a[name]).trim();
    return { country: field('country'), state: field('state'), postcode: field('postcode'), city: field('city') };
  };
  return { billing: address(customer.billing_address, 'billing'), shipping: address(customer.shipping_address, 'shipping') };
}
