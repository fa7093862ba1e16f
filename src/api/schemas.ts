/**
 * zod/mini schemas that read the service's answers and normalise them into `model.ts`.
 * They accept the interface document's shapes and the real-server shapes
 * (shared/spec/real-world-notes.md): lenient about missing or extra fields, strict only where a
 * wrong answer would show the shopper a wrong cart. Nothing here touches the DOM.
 */
import * as z from 'zod/mini';
import { ApiError } from './errors.js';
import type {
  AdminSession,
  AmountsMode,
  Cart,
  CartItem,
  Currency,
  LoginResult,
  Notice,
  NoticeType,
  Product,
  ProductPrices,
  ShippingRate,
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
const plain = (s: string): string =>
  decode(
    s
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi, '')
      .replace(/<\/?(br|p|div|li|h\d)\b[^>]*>/gi, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();

// --- scalars ---------------------------------------------------------------------------------

const isObj = (v: unknown): v is Raw => typeof v == 'object' && v !== null && !Array.isArray(v);
const toStr = (v: unknown): string => (typeof v == 'string' ? v : typeof v == 'number' ? String(v) : '');
const toNum = (v: unknown): number => {
  const n = typeof v == 'number' ? v : typeof v == 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'yes' || v === 'true';

// Field schemas never fail: a missing or odd value becomes the neutral one.
const str = z.transform(toStr);
const text = z.transform((v) => decode(toStr(v)));
const plainText = z.transform((v) => plain(toStr(v)));
const num = z.transform(toNum);
const bool = z.transform(toBool);
const url = z.transform((v) => toStr(v) || null);
const raw = z.optional(z.unknown());
/** Objects that PHP sends as `[]` when empty; anything but an object reads as `{}`. */
const data = z.transform((v): Raw => (isObj(v) ? v : {}));

const sub = <S extends z.core.$ZodLooseShape>(shape: S) => z.pipe(data, z.object(shape));
const map = <S extends z.ZodMiniType, T>(schema: S, fn: (value: z.output<S>) => T) => z.pipe(schema, z.transform(fn));

/** A field the answer cannot do without: empty, zero or missing fails the parse. */
const required = <T>(read: (v: unknown) => T) =>
  z.transform((v, ctx) => {
    const out = read(v);
    if (!out) ctx.issues.push({ code: 'custom', message: 'Required', input: v });
    return out;
  });

/**
 * A collection sent as an array, as an object keyed by id, or as `[]` when empty. Each element
 * is read with its key as `$key` (the array index for arrays). `lenient`: anything unreadable is
 * left out rather than failing, so one odd block never hides the whole cart.
 */
const collection = <S extends z.ZodMiniType>(item: S, lenient: boolean) =>
  z.pipe(
    z.transform((v) => {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : isObj(v) ? Object.entries(v) : null;
      if (!entries) return lenient ? [] : v;
      return entries.flatMap(([$key, x]) => (isObj(x) ? [{ $key, ...x }] : lenient ? [] : [x]));
    }),
    z.array(item),
  );
const keyed = <S extends z.ZodMiniType>(item: S) => collection(item, false);
const list = <S extends z.ZodMiniType>(item: S) => collection(item, true);

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
function money(currency: Currency, mode: AmountsMode): Money {
  const { minorUnit, decimalSeparator, thousandSeparator } = currency;
  return (v) => {
    if (typeof v == 'number') return shift(v, minorUnit);
    let s = plain(toStr(v));
    if (/^-?\d+(\.\d+)?$/.test(s)) {
      return shift(s, mode == 'decimal' || (mode == 'auto' && s.includes('.')) ? minorUnit : 0);
    }
    const negative = /^\D*[-\u2212]/.test(s);
    if (thousandSeparator && thousandSeparator !== decimalSeparator) s = s.split(thousandSeparator).join('');
    const digits = /\d+(\.\d+)?/.exec(s.replace(/\s/g, '').split(decimalSeparator).join('.'));
    return digits ? shift((negative ? '-' : '') + digits[0], minorUnit) : 0;
  };
}

// --- currency --------------------------------------------------------------------------------

const separator = (fallback: string) => z.transform((v) => (typeof v == 'string' ? decode(v) : fallback));

const currency = map(
  sub({
    currency_code: str,
    currency_symbol: text,
    currency_symbol_pos: str,
    currency_minor_unit: raw,
    currency_decimal_separator: separator('.'),
    currency_thousand_separator: separator(','),
    currency_prefix: text,
    currency_suffix: text,
  }),
  (c): Currency => {
    const code = c.currency_code;
    const symbol = c.currency_symbol || code;
    let prefix = c.currency_prefix;
    let suffix = c.currency_suffix;
    // Real servers place the symbol for us; the document only names WooCommerce's position.
    if (!prefix && !suffix && symbol) {
      const position = c.currency_symbol_pos || (c.currency_symbol ? 'left' : 'left_space');
      const space = position.endsWith('_space') ? '\u00a0' : '';
      if (position.startsWith('right')) suffix = space + symbol;
      else prefix = symbol + space;
    }
    const minor = c.currency_minor_unit;
    return {
      code,
      symbol,
      minorUnit: minor == null || minor === '' ? 2 : Math.max(0, Math.round(toNum(minor))),
      decimalSeparator: c.currency_decimal_separator || '.',
      thousandSeparator: c.currency_thousand_separator,
      prefix,
      suffix,
    };
  },
);

const currencyOnly = z.object({ currency });

// --- cart ------------------------------------------------------------------------------------

const quantity = z.transform((q): CartItem['quantity'] => {
  // Live items send {value, min_purchase, max_purchase}; removed items a plain number.
  if (!isObj(q)) return { value: toNum(q), min: 1, max: null };
  const max = q.max_purchase;
  return {
    value: toNum(q.value),
    min: q.min_purchase == null ? 1 : toNum(q.min_purchase),
    // -1 (or nothing) means no upper limit.
    max: max == null || max === '' || toNum(max) < 0 ? null : toNum(max),
  };
});

const notices = z.transform((v): Notice[] => {
  const out: Notice[] = [];
  const add = (type: unknown, x: unknown) => {
    const message = plain(toStr(isObj(x) ? (x.notice ?? x.message) : x));
    const t = toStr(type) as NoticeType;
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
});

function cartSchema(cur: Currency, m: Money) {
  const amount = z.transform(m);
  const optionalAmount = z.transform((v) => (v == null || v === '' ? null : m(v)));
  const sum = z.transform((v) => (isObj(v) || Array.isArray(v) ? Object.values(v).reduce<number>((t, x) => t + m(x), 0) : m(v)));

  const item = map(
    z.object({
      $key: str,
      item_key: str,
      id: num,
      name: text,
      title: text,
      slug: str,
      price: amount,
      quantity,
      totals: sub({ subtotal: amount, subtotal_tax: amount, total: amount, tax: raw, total_tax: raw }),
      meta: sub({ product_type: str, sku: str, variation: data }),
      cart_item_data: data,
      featured_image: url,
    }),
    (i): CartItem => {
      const { cart_item_data: extra, totals } = i;
      const contents = extra.mnm_contents;
      const container = extra.mnm_container;
      return {
        key: i.item_key || i.$key,
        id: i.id,
        name: i.name,
        title: i.title || i.name,
        slug: i.slug,
        price: i.price,
        quantity: i.quantity,
        totals: {
          subtotal: totals.subtotal,
          subtotalTax: totals.subtotal_tax,
          total: totals.total,
          tax: m(totals.tax ?? totals.total_tax),
        },
        type: i.meta.product_type,
        sku: i.meta.sku,
        variation: Object.entries(i.meta.variation).map(([attribute, value]) => ({
          attribute: decode(attribute),
          value: decode(toStr(value)),
        })),
        image: i.featured_image,
        // Mix and match (real-world-notes): the container lists its children's keys, a child names its container.
        mnm:
          contents && typeof contents == 'object'
            ? { container: null, contents: Object.values(contents).map(toStr) }
            : typeof container == 'string' && container
              ? { container, contents: [] }
              : null,
        data: extra,
      };
    },
  );

  const removed = map(
    z.object({ $key: str, item_key: str, id: num, name: text, title: text, quantity, price: optionalAmount, featured_image: url }),
    (i) => ({
      key: i.item_key || i.$key,
      id: i.id,
      name: i.name,
      title: i.title || i.name,
      quantity: i.quantity.value,
      price: i.price,
      image: i.featured_image,
    }),
  );

  const coupon = map(z.object({ coupon: str, code: str, label: text, saving: amount }), (c) => ({
    code: c.coupon || c.code,
    label: c.label || c.coupon || c.code,
    saving: Math.abs(c.saving),
  }));

  const rate = z.object({
    $key: str, key: str, method_id: str, instance_id: num, label: text, cost: amount, taxes: sum, chosen_method: raw,
  });

  const shippingPackage = map(
    z.object({
      $key: str, package_name: text, formatted_destination: plainText, package_details: plainText, chosen_method: str,
      rates: list(rate),
    }),
    (p) => {
      const rates = p.rates.map((r): ShippingRate => {
        const key = r.key || r.$key;
        return {
          key,
          methodId: r.method_id || key.split(':')[0] || '',
          instanceId: r.instance_id,
          label: r.label,
          cost: r.cost,
          taxes: r.taxes,
          chosen: r.chosen_method === true || key === p.chosen_method,
        };
      });
      return {
        id: p.$key,
        name: p.package_name,
        destination: p.formatted_destination,
        details: p.package_details,
        chosenRate: p.chosen_method || rates.find((r) => r.chosen)?.key || '',
        rates,
      };
    },
  );

  const shipping = map(sub({ has_calculated_shipping: bool, show_package_details: bool, packages: list(shippingPackage) }), (s) => ({
    packages: s.packages,
    calculated: s.has_calculated_shipping,
    showPackageDetails: s.show_package_details,
  }));

  // Document: {name, amount, total, tax, …}; real servers: {name, fee}.
  const fee = map(z.object({ name: text, amount: raw, fee: raw, total: raw, tax: amount, taxable: bool, tax_class: str }), (f) => {
    const value = m(f.amount ?? f.fee ?? f.total);
    const total = f.total == null ? value : m(f.total);
    return { name: f.name, amount: value, total, tax: f.tax, taxable: f.taxable, taxClass: f.tax_class };
  });

  // Document: {rate_id, label, compound, tax_total, shipping_tax_total}; real servers: {name, price}
  // per rate code, or a single {label, total} when taxes are not itemised.
  const tax = map(
    z.object({ rate_id: num, label: text, name: text, compound: bool, tax_total: raw, price: raw, total: raw, shipping_tax_total: amount }),
    (t) => ({
      id: t.rate_id,
      label: t.label || t.name,
      compound: t.compound,
      total: m(t.tax_total ?? t.price ?? t.total),
      shippingTotal: t.shipping_tax_total,
    }),
  );
  const taxes = z.pipe(
    z.transform((v) => (isObj(v) && ('label' in v || 'total' in v) && !isObj(v.total) ? [v] : v)),
    list(tax),
  );

  const totals = map(
    sub({
      subtotal: amount, subtotal_tax: amount, shipping_total: amount, shipping_tax: amount, discount_total: amount,
      discount_tax: amount, cart_contents_total: amount, cart_contents_tax: amount, fee_total: amount, fee_tax: amount,
      total: amount, total_tax: amount,
    }),
    (t) => ({
      subtotal: t.subtotal,
      subtotalTax: t.subtotal_tax,
      shipping: t.shipping_total,
      shippingTax: t.shipping_tax,
      discount: Math.abs(t.discount_total),
      discountTax: Math.abs(t.discount_tax),
      contents: t.cart_contents_total,
      contentsTax: t.cart_contents_tax,
      fees: t.fee_total,
      feeTax: t.fee_tax,
      total: t.total,
      totalTax: t.total_tax,
    }),
  );

  const crossSell = map(
    z.object({
      id: num, product_name: text, name: text, product_title: text, title: text, price: amount, regular_price: raw,
      sale_price: optionalAmount, on_sale: raw, product_image: url, image: url,
    }),
    (c) => {
      const name = c.product_name || c.name;
      return {
        id: c.id,
        name,
        title: c.product_title || c.title || name,
        price: c.price,
        regularPrice: c.regular_price == null || c.regular_price === '' ? c.price : m(c.regular_price),
        salePrice: c.on_sale === false ? null : c.sale_price,
        image: c.product_image || c.image,
      };
    },
  );

  return map(
    z.object({
      // The one part a cart cannot do without: an answer with no items is not a cart.
      items: keyed(item),
      cart_key: str,
      cart_hash: str,
      item_count: raw,
      items_weight: num,
      coupons: list(coupon),
      needs_payment: bool,
      needs_shipping: bool,
      shipping,
      fees: list(fee),
      taxes,
      totals,
      removed_items: list(removed),
      cross_sells: list(crossSell),
      notices,
    }),
    (c): Cart => ({
      key: c.cart_key || null,
      hash: c.cart_hash,
      currency: cur,
      items: c.items,
      itemCount: c.item_count == null ? c.items.reduce((n, i) => n + i.quantity.value, 0) : toNum(c.item_count),
      weight: c.items_weight,
      coupons: c.coupons,
      needsPayment: c.needs_payment,
      needsShipping: c.needs_shipping,
      shipping: c.shipping,
      fees: c.fees,
      taxes: c.taxes,
      totals: c.totals,
      removedItems: c.removed_items,
      crossSells: c.cross_sells,
      notices: c.notices,
    }),
  );
}

// --- product ---------------------------------------------------------------------------------

/** Without its own currency a product's amounts are read with two decimals. */
const DEFAULT_CURRENCY: Currency = currency.parse({});

const firstImage = (images: unknown): string | null => {
  const first: unknown = Array.isArray(images) ? images[0] : undefined;
  const src = isObj(first) ? first.src : undefined;
  if (typeof src == 'string') return src || null;
  if (!isObj(src)) return null;
  const sizes = [src.thumbnail, src.woocommerce_thumbnail, src.medium, src.full, ...Object.values(src)];
  return (sizes.find((s) => typeof s == 'string' && s) as string | undefined) ?? null;
};

function productSchema(m: Money) {
  const prices = map(sub({ price: raw, regular_price: raw, sale_price: raw, on_sale: raw }), (p): ProductPrices => {
    const regular = p.regular_price == null || p.regular_price === '' ? null : m(p.regular_price);
    const sale = p.sale_price == null || p.sale_price === '' || p.on_sale === false ? null : m(p.sale_price);
    const price = p.price == null || p.price === '' ? (sale ?? regular ?? 0) : m(p.price);
    return {
      price,
      regularPrice: regular ?? price,
      salePrice: sale,
      onSale: p.on_sale == null ? sale !== null && sale < (regular ?? price) : toBool(p.on_sale),
    };
  });

  const child = map(
    z.object({ id: num, name: text, prices, images: raw, image: url, stock_status: raw, in_stock: raw, stock: data }),
    (c) => {
      // Flat `stock_status`/`in_stock`, or CoCart's `stock: {is_in_stock, stock_status}`.
      const status = c.stock_status ?? c.stock.stock_status;
      const inStock = c.in_stock ?? c.stock.is_in_stock;
      return {
        id: c.id,
        name: c.name,
        prices: c.prices,
        image: firstImage(c.images) ?? c.image,
        inStock: status !== 'outofstock' && (inStock == null || toBool(inStock)),
      };
    },
  );

  return map(
    z.object({
      id: required(toNum),
      name: text,
      type: str,
      prices,
      images: raw,
      // Other products send no `mnm_data`, or `[]`.
      mnm_data: z.pipe(
        z.transform((v) => (isObj(v) ? v : undefined)),
        z.optional(z.object({ min_container_size: raw, max_container_size: raw, per_product_pricing: bool, products: list(child) })),
      ),
    }),
    (p): Omit<Product, 'currency'> => {
      const box = p.mnm_data;
      const max = box && toNum(box.max_container_size);
      return {
        id: p.id,
        name: p.name,
        type: p.type,
        prices: p.prices,
        image: firstImage(p.images),
        mnm: box
          ? {
              min: toNum(box.min_container_size),
              max: max && max > 0 ? max : null,
              perProductPricing: box.per_product_pricing,
              products: box.products,
            }
          : null,
      };
    },
  );
}

// --- authentication and admin ----------------------------------------------------------------

const login = map(
  z.object({
    user_id: str,
    username: str,
    first_name: text,
    last_name: text,
    display_name: text,
    email: str,
    token: str,
    refresh_token: str,
    extras: sub({ jwt_token: str, jwt_refresh: str }),
  }),
  (l): LoginResult => {
    const token = l.extras.jwt_token || l.token || null;
    if (!l.user_id && !token) throw new Error('Login answer has neither a user nor a token');
    const name = `${l.first_name} ${l.last_name}`.trim();
    return {
      user: {
        id: l.user_id,
        username: l.username,
        displayName: l.display_name || name || l.username || l.email,
        firstName: l.first_name,
        lastName: l.last_name,
        email: l.email,
      },
      token,
      refreshToken: l.extras.jwt_refresh || l.refresh_token || null,
    };
  },
);

const tokenPair = map(
  z.object({ token: required(toStr), refresh_token: required(toStr) }),
  (t): TokenPair => ({ token: t.token, refreshToken: t.refresh_token }),
);

const sessions = z.array(
  map(
    z.object({
      cart_id: str, cart_key: str, customers_name: text, customers_email: str, cart_created: str, cart_expiry: str,
      cart_source: str, link: str,
    }),
    (s): AdminSession => ({
      cartId: s.cart_id,
      cartKey: s.cart_key,
      customerName: s.customers_name,
      customerEmail: s.customers_email,
      created: s.cart_created,
      expiry: s.cart_expiry,
      source: s.cart_source,
      link: s.link,
    }),
  ),
);

// --- error bodies ----------------------------------------------------------------------------

const twoFactor = map(
  sub({ '2fa_required': raw, available_providers: raw, default_provider: str, email_sent: bool }),
  (d): TwoFactorChallenge | undefined => {
    const given = d.available_providers;
    if (d['2fa_required'] == null && given == null) return undefined;
    // Providers come as a list of aliases or as an object keyed by alias (values are labels).
    const providers = (
      Array.isArray(given) ? given : isObj(given) ? Object.entries(given).map(([k, v]) => (/^\d+$/.test(k) ? v : k)) : []
    )
      .map(toStr)
      .filter(Boolean);
    return { providers, defaultProvider: d.default_provider || providers[0] || '', emailSent: d.email_sent };
  },
);

// Codes are the service's words (`svc_cart_not_found`); a number there is noise, not a code.
const errorBody = sub({ code: z.transform((v) => (typeof v == 'string' ? v : '')), message: raw, data: raw });

// --- entry points ----------------------------------------------------------------------------

/** Runs a parse; any failure becomes the api layer's one error type, never a zod error. */
function read<T>(parse: () => T): T {
  try {
    return parse();
  } catch (cause) {
    throw new ApiError({ kind: 'invalid-response', message: 'The shop sent an answer we could not read. Please try again.', cause });
  }
}

export function parseCart(raw: unknown, options: ParseOptions): Cart {
  return read(() => {
    const cur = currencyOnly.parse(raw).currency;
    return cartSchema(cur, money(cur, options.amounts)).parse(raw);
  });
}

export function parseProduct(raw: unknown, options: ParseOptions): Product {
  return read(() => {
    const prices = isObj(raw) && isObj(raw.prices) ? raw.prices : {};
    // CoCart nests the currency under `prices.currency`; WooCommerce's Store API spreads it in `prices`.
    const own = isObj(prices.currency) ? prices.currency : 'currency_code' in prices ? prices : null;
    const cur = own ? currency.parse(own) : null;
    const product = productSchema(money(cur ?? DEFAULT_CURRENCY, options.amounts)).parse(raw);
    return { ...product, currency: cur };
  });
}

export function parseLogin(raw: unknown): LoginResult {
  return read(() => login.parse(raw));
}

export function parseTokenPair(raw: unknown): TokenPair {
  return read(() => tokenPair.parse(raw));
}

export function parseSessions(raw: unknown): AdminSession[] {
  return read(() => sessions.parse(Array.isArray(raw) ? raw : isObj(raw) ? Object.values(raw) : raw));
}

/** Never throws: whatever an error answer holds (or nothing, for an empty or HTML body) is read. */
export function parseErrorBody(raw: unknown): ErrorBody {
  const out: ErrorBody = {};
  if (typeof raw == 'string') {
    const message = plain(raw);
    if (message) out.message = message;
    return out;
  }
  let { code, message, data } = errorBody.parse(Array.isArray(raw) ? raw[0] : raw);
  // {success: false, data: [{code, message}]} and {success: false, data: {message}}.
  const inner = Array.isArray(data) ? data[0] : data;
  if (!code && message == null) {
    if (isObj(inner)) {
      code = typeof inner.code == 'string' ? inner.code : '';
      message = inner.message;
    } else message = inner;
  }
  const text = plain(toStr(message));
  if (code) out.code = code;
  if (text) out.message = text;
  const challenge = isObj(data) ? twoFactor.parse(data) : undefined;
  if (challenge) out.twoFactor = challenge;
  return out;
}
