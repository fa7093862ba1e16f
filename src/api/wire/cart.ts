/**
 * A cart on the wire (`GET cart` and every cart route's answer), in the interface document's
 * shape and in real CoCart 4.x servers' (spec/real-world-notes.md). The wire schema names every
 * field the widget reads; `cartSchema(options)` reads it into the normalised `Cart`.
 */
import * as z from 'zod/mini';
import type { AmountsMode, Cart, CartItem, Notice, NoticeType } from '../model.js';
import { Any, blank, block, Bool, entries, isObj, list, need, num, Num, Obj, Plain, run, Str, Text, then, Url, type Raw } from './fields.js';
import { currencySchema, maybe, money, type Money } from './money.js';
import { decode, plain, str } from './text.js';

/** Live lines send `{value, min_purchase, max_purchase}` (`-1` or nothing: no limit); removed lines a plain number. */
const Quantity = z.transform((q: unknown) => {
  if (!isObj(q)) return { value: num(q), min: 1, max: null };
  const max = q.max_purchase;
  return { value: num(q.value), min: q.min_purchase == null ? 1 : num(q.min_purchase), max: blank(max) || num(max) < 0 ? null : num(max) };
});

/**
 * Notices, read into `{type, message}` with their markup reduced to text. Real servers:
 * `{success: [...], error: [{notice}], …}`, lists sometimes keyed by index; the document: a flat
 * list of `{type, message}`.
 */
const Notices = z.transform((v: unknown): Notice[] => {
  const out: Notice[] = [];
  const add = (type: unknown, x: unknown) => {
    const message = plain(isObj(x) ? (x.notice ?? x.message) : x);
    const t = str(type) as NoticeType;
    if (message) out.push({ type: ['success', 'error', 'info'].includes(t) ? t : 'notice', message });
  };
  if (Array.isArray(v)) {
    for (const x of v) add(isObj(x) ? (x.type ?? x.notice_type) : '', x);
  } else if (isObj(v)) {
    for (const [type, xs] of Object.entries(v)) {
      for (const x of isObj(xs) || Array.isArray(xs) ? Object.values(xs) : [xs]) add(type, x);
    }
  }
  return out;
});

/** What a live line, a removed line and a product have in common: the line's key (`item_key`, else the key it was sent under). */
const named = { $key: Str, item_key: Str, id: Num, name: Text, title: Text, price: Any, quantity: Quantity, featured_image: Url };

/** A line of the cart. Mix and match (real-world-notes): the container lists its children's keys in `cart_item_data.mnm_contents`, a child names its container in `mnm_container`. */
const Item = z.object({
  ...named,
  slug: Str,
  totals: block({ subtotal: Any, subtotal_tax: Any, total: Any, tax: Any, total_tax: Any }),
  meta: block({ product_type: Str, sku: Str, variation: Obj }),
  cart_item_data: Obj,
});

/** A shipping rate: document `{key, method_id, instance_id, label, cost, taxes}`; real servers key rates by id and mark `chosen_method: true`. */
const Rate = z.object({
  $key: Str,
  key: Str,
  method_id: Str,
  instance_id: Num,
  label: Text,
  cost: Any,
  // One amount, or one per tax rate.
  taxes: Any,
  chosen_method: Any,
});

const Package = z.object({
  $key: Str,
  index: Num,
  package_name: Text,
  formatted_destination: Plain,
  package_details: Plain,
  chosen_method: Str,
  rates: list(Rate),
});

/**
 * The cart as sent, but for its `items`: the one part a cart cannot do without (an answer with no
 * items collection, or an item that is not an object, is not a cart), which `CartWire` and
 * `CartRead` each add. Every other block is secondary. Collections come as arrays, as objects keyed
 * by id, or as `[]` when empty.
 */
const parts = {
  cart_key: Str,
  currency: currencySchema,
  item_count: Any,
  items_weight: Num,
  coupons: list(z.object({ coupon: Str, code: Str, label: Text, saving: Any })),
  needs_payment: Bool,
  needs_shipping: Bool,
  shipping: block({
    packages: list(Package),
    has_calculated_shipping: Bool,
    show_package_details: Bool,
  }),
  // Document: {name, amount, total, tax, …}; real servers: {name, fee}.
  fees: list(z.object({ name: Text, amount: Any, fee: Any, total: Any, tax: Any, taxable: Bool, tax_class: Str })),
  // Document: {rate_id, label, compound, tax_total, shipping_tax_total}; real servers: {name, price}
  // per rate code, or a single {label, total} when taxes are not itemised.
  taxes: list(z.object({ rate_id: Num, label: Text, name: Text, compound: Bool, tax_total: Any, price: Any, total: Any, shipping_tax_total: Any }), (t) =>
    isObj(t) && (Object.hasOwn(t, 'label') || Object.hasOwn(t, 'total')) && !isObj(t.total) ? [t] : t,
  ),
  totals: block({
    subtotal: Any,
    subtotal_tax: Any,
    shipping_total: Any,
    shipping_tax: Any,
    discount_total: Any,
    discount_tax: Any,
    cart_contents_total: Any,
    cart_contents_tax: Any,
    fee_total: Any,
    fee_tax: Any,
    total: Any,
    total_tax: Any,
  }),
  removed_items: list(z.object(named)),
  cross_sells: list(
    z.object({
      id: Num,
      name: Text,
      product_name: Text,
      title: Text,
      product_title: Text,
      price: Any,
      regular_price: Any,
      sale_price: Any,
      on_sale: Any,
      product_image: Url,
      image: Url,
    }),
  ),
  notices: Notices,
};

/**
 * The cart as sent, each field normalised (for theme developers). `cartSchema` reads the same
 * fields, its lines one by one (`CartRead`, `cartReader`).
 */
export const CartWire = /* @__PURE__ */ z.object({ ...parts, items: entries(Item) });

export type CartWire = z.output<typeof CartWire>;

/** A line as sent: an object, read with `Item` when it is turned into the model's line. */
const RawLine = z.transform((v: unknown, payload) => need(isObj(v) && v, payload) as Raw);

/** The cart as `cartSchema` reads it: its lines as sent, each read into the model's line in `toCart`. */
const CartRead = z.object({ ...parts, items: entries(RawLine) });

/**
 * Reads an answer's lines: `read` turns one into the model's line. `context` is what else a line's
 * reading depends on (the amounts mode, the answer's currency): a reader may give the line it read
 * from the same line, in the same context, before (`line-memo.ts`).
 */
export type LineReader = (lines: Raw[], context: unknown, read: (line: Raw) => CartItem) => CartItem[];

/** Each line read anew. */
const each: LineReader = (lines, _, read) => lines.map(read);

/**
 * Carts whose `totals.total` did not add up, with the total as sent: `shop-connection.ts` tells the
 * developer which shop sent it. The cart itself carries the parts' sum.
 */
export const unsoundTotals = new WeakMap<Cart, number>();

/**
 * Architecture §3, "Totals add up": the shop's total, unless it is further from subtotal + fees +
 * shipping + tax − discounts than rounding explains (a minor unit per line, fee and tax line);
 * then that sum (CoCart 4.4 cuts `totals.total` at the thousands separator: $1,383.25 as `"100"`).
 * A cart that does not send its tax total (the document's may not) is taken as sent.
 */
function soundTotal(cart: Cart, t: CartWire['totals']): Cart {
  const x = cart.totals;
  if (blank(t.subtotal) || blank(t.total_tax)) return cart;
  const sum = x.subtotal + x.fees + x.shipping + x.totalTax - x.discount;
  if (Math.abs(x.total - sum) <= cart.items.length + cart.fees.length + cart.taxes.length) return cart;
  const sound = { ...cart, totals: { ...x, total: sum } };
  unsoundTotals.set(sound, x.total);
  return sound;
}

/** One line as sent, read with `Item`, into the model's line; its amounts read with `m`. */
function lineOf(i: z.output<typeof Item>, m: Money): CartItem {
  const { totals, meta } = i;
  const extra = i.cart_item_data;
  const contents = extra.mnm_contents;
  const container = extra.mnm_container;
  const subtotal = m(totals.subtotal);
  const subtotalTax = m(totals.subtotal_tax);
  const q = i.quantity.value;
  let price = m(i.price);
  // CoCart 4.4 sends `price` as the cart displays it: with tax where the shop shows prices with
  // tax, while the line's subtotal (and the cart's) is without. The unit price is read on the
  // subtotal's footing, so unit price × quantity is the line total the drawer shows beside it.
  if (q > 0 && subtotalTax && Math.abs(price * q - subtotal - subtotalTax) <= q) price = Math.round(subtotal / q);
  // Each field written out, not spread from a shared part: V8 builds a literal that begins with a
  // spread and goes on slowly, and this runs for every line of every reply.
  return {
    key: i.item_key || i.$key,
    id: i.id,
    name: i.name,
    title: i.title || i.name,
    slug: i.slug,
    price,
    quantity: i.quantity,
    totals: {
      subtotal,
      subtotalTax,
      total: m(totals.total),
      tax: m(totals.tax ?? totals.total_tax),
    },
    type: meta.product_type,
    sku: meta.sku,
    variation: Object.entries(meta.variation).map(([attribute, value]) => ({ attribute: decode(attribute), value: decode(str(value)) })),
    image: i.featured_image,
    mnm:
      contents && typeof contents == 'object'
        ? { container: null, contents: Object.values(contents).map(str) }
        : typeof container == 'string' && container
          ? { container, contents: [] }
          : null,
    data: extra,
  };
}

/** The cart as read in the normalised shape, its amounts read in `amounts` mode against its own currency. */
function toCart(c: z.output<typeof CartRead>, amounts: AmountsMode, payload: z.core.ParsePayload, lines: LineReader): Cart {
  const m = money(c.currency, amounts);
  // An object always reads (every field of `Item` does): `run` gives a line.
  const items = lines(c.items, [amounts, c.currency], (x) => run(Item, x, payload, (i) => lineOf(i, m)));
  const { shipping, totals: t } = c;
  return {
    key: c.cart_key || null,
    currency: c.currency,
    items,
    itemCount: c.item_count == null ? items.reduce((n, i) => n + i.quantity.value, 0) : num(c.item_count),
    weight: c.items_weight,
    coupons: c.coupons.map((x) => {
      const code = x.coupon || x.code;
      return { code, label: x.label || code, saving: Math.abs(m(x.saving)) };
    }),
    needsPayment: c.needs_payment,
    needsShipping: c.needs_shipping,
    shipping: {
      // By `index`: a JSON object lists integer keys first, so `{ default, 1 }` arrives as `1, default`.
      packages: shipping.packages.sort((a, b) => a.index - b.index).map((p) => {
        const chosen = p.chosen_method;
        const rates = p.rates.map((r) => {
          const key = r.key || r.$key;
          const taxes = r.taxes;
          return {
            key,
            methodId: r.method_id || key.split(':')[0] || '',
            instanceId: r.instance_id,
            label: r.label,
            cost: m(r.cost),
            taxes: isObj(taxes) || Array.isArray(taxes) ? Object.values(taxes).reduce<number>((sum, x) => sum + m(x), 0) : m(taxes),
            chosen: r.chosen_method === true || key === chosen,
          };
        });
        return {
          id: p.$key,
          name: p.package_name,
          destination: p.formatted_destination,
          details: p.package_details,
          chosenRate: chosen || rates.find((r) => r.chosen)?.key || '',
          rates,
        };
      }),
      calculated: shipping.has_calculated_shipping,
      showPackageDetails: shipping.show_package_details,
    },
    fees: c.fees.map((f) => {
      const amount = m(f.amount ?? f.fee ?? f.total);
      return {
        name: f.name,
        amount,
        total: f.total == null ? amount : m(f.total),
        tax: m(f.tax),
        taxable: f.taxable,
        taxClass: f.tax_class,
      };
    }),
    taxes: c.taxes.map((x) => ({
      id: x.rate_id,
      label: x.label || x.name,
      compound: x.compound,
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
    removedItems: c.removed_items.map((i) => ({
      key: i.item_key || i.$key,
      id: i.id,
      name: i.name,
      title: i.title || i.name,
      quantity: i.quantity.value,
      price: maybe(m, i.price),
      image: i.featured_image,
    })),
    crossSells: c.cross_sells.map((x) => {
      const name = x.product_name || x.name;
      const price = m(x.price);
      return {
        id: x.id,
        name,
        title: x.product_title || x.title || name,
        price,
        regularPrice: maybe(m, x.regular_price) ?? price,
        salePrice: x.on_sale === false ? null : maybe(m, x.sale_price),
        image: x.product_image || x.image,
      };
    }),
    notices: c.notices,
  };
}

const cartSchemas: Partial<Record<AmountsMode, z.ZodMiniType<Cart>>> = {};

/** A reader of cart answers into `Cart`s, amounts read in `amounts` mode against each answer's own currency, lines read by `lines`. */
export const cartReader = (amounts: AmountsMode, lines = each): z.ZodMiniType<Cart> =>
  then(CartRead, (c, payload) => soundTotal(toCart(c, amounts, payload, lines), c.totals));

/** The cart route's answer read into a `Cart`; amounts are read against the answer's own currency, in `options.amounts` mode. */
export const cartSchema = ({ amounts }: { amounts: AmountsMode }): z.ZodMiniType<Cart> => (cartSchemas[amounts] ??= cartReader(amounts));
