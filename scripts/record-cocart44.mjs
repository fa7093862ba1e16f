#!/usr/bin/env node
// Records the CoCart 4.4 answers the contract tests read (test/fixtures/cocart-4.4/), from the
// 4.4 store that `../shared/realworld/start-real-cocart.sh` stands up on port 8090
// (RW_ROOT=/tmp/realworld/server44). Each answer is kept byte for byte as `X.json`, with
// `X.meta.json` beside it (request, status, every response header), as in
// ../shared/realworld/fixtures/; INDEX.md lists them.
//
// Some recordings need other shop settings (euro with a comma decimal, yen, prices shown with tax,
// one line's stock lowered): the script changes them in the store's database for that recording
// only and puts every one back afterwards, also when a step fails. The store is shared: run it
// under `flock /tmp/cw-realstore.lock`.
//
//   flock /tmp/cw-realstore.lock node scripts/record-cocart44.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.env.RW_ROOT ?? '/tmp/realworld/server44';
const SITE = process.env.REAL_COCART_SITE ?? 'http://127.0.0.1:8090';
const OUT = new URL('../test/fixtures/cocart-4.4/', import.meta.url).pathname;
const ids = JSON.parse(readFileSync(join(ROOT, 'setup/ids.json'), 'utf8'));
const SOCK = join(ROOT, 'run/mysqld.sock');

function sql(query) {
  return execFileSync('mysql', ['-S', SOCK, '-uwp', '-pwp', '-N', '-B', 'wordpress', '-e', query], { encoding: 'utf8' }).trim();
}
const quote = (s) => `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const getOption = (name) => sql(`SELECT option_value FROM wp_options WHERE option_name=${quote(name)}`);
const setOption = (name, value) => sql(`UPDATE wp_options SET option_value=${quote(value)} WHERE option_name=${quote(name)}`);
const getMeta = (post, key) => sql(`SELECT meta_value FROM wp_postmeta WHERE post_id=${Number(post)} AND meta_key=${quote(key)}`);
const setMeta = (post, key, value) => sql(`UPDATE wp_postmeta SET meta_value=${quote(value)} WHERE post_id=${Number(post)} AND meta_key=${quote(key)}`);

/** Runs `body` with the options set to `values`, then puts back what was there. */
async function withOptions(values, body) {
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, getOption(k)]));
  try {
    for (const [k, v] of Object.entries(values)) setOption(k, v);
    return await body();
  } finally {
    for (const [k, v] of Object.entries(before)) setOption(k, v);
  }
}

const index = [];

/** One request; with `name`, its answer is recorded as `name.json` + `name.meta.json`. */
async function call(name, method, path, { body, cartKey, query = {} } = {}) {
  const url = new URL(`${SITE}/wp-json/cocart/v2/${path}`);
  if (cartKey) url.searchParams.set('cart_key', cartKey);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const headers = { 'User-Agent': 'cart-widget-recorder/1.0', Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  const payload = body ? JSON.stringify(body) : null;
  const response = await fetch(url, { method, headers, body: payload ?? undefined });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: recorded as it came.
  }
  if (name) {
    const responseHeaders = Object.fromEntries([...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(join(OUT, `${name}.json`), bytes);
    const meta = { request: { method, url: url.pathname + url.search, headers, body: payload }, status: response.status, headers: responseHeaders };
    writeFileSync(join(OUT, `${name}.meta.json`), JSON.stringify(meta, null, 2) + '\n');
    index.push({ name, method, path: url.pathname, status: response.status, note: '' });
    console.log(`${response.status} ${method} ${url.pathname} → ${name}.json`);
  }
  return { status: response.status, json, key: json?.cart_key ?? response.headers.get('cocart-api-cart-key') };
}

const note = (text) => (index[index.length - 1].note = text);

/** A fresh guest cart with `lines` ([id, quantity]); answers its key. */
async function guestCart(lines) {
  let key = null;
  for (const [id, quantity] of lines) {
    const added = await call(null, 'POST', 'cart/add-item', { cartKey: key, body: { id: String(id), quantity: String(quantity) } });
    if (added.status !== 200) throw new Error(`add-item ${id} answered ${added.status}`);
    key ??= added.key;
  }
  return key;
}

mkdirSync(OUT, { recursive: true });
const jacketAndBeanie = [[ids.expensive, 1], [ids.simple_beanie, 1]];
let stockBefore = null;
try {
  // USD, as the store is set up: $1,234.50 + $18.00 + 10% tax + flat rate $5 (+ tax).
  let key = await guestCart(jacketAndBeanie);
  await call('cart-usd-1383', 'GET', 'cart', { cartKey: key });
  note('Jacket + Beanie: `totals.total` cut at the thousands separator; items carry `extensions`; the Cap cross-sell has `sale_price: ""`');

  await withOptions(
    { woocommerce_currency: 'EUR', woocommerce_currency_pos: 'right_space', woocommerce_price_thousand_sep: '.', woocommerce_price_decimal_sep: ',' },
    async () => {
      key = await guestCart(jacketAndBeanie);
      await call('cart-eur-comma-1383', 'GET', 'cart', { cartKey: key });
      note('EUR, `right_space`, `.` thousands and `,` decimal: Jacket + Beanie');
      key = await guestCart([[ids.simple_beanie, 2]]);
      await call('cart-eur-comma-small', 'GET', 'cart', { cartKey: key });
      note('EUR, comma decimal, no thousands: Beanie ×2');
    },
  );

  await withOptions({ woocommerce_currency: 'JPY', woocommerce_price_num_decimals: '0' }, async () => {
    key = await guestCart(jacketAndBeanie);
    await call('cart-jpy-1384', 'GET', 'cart', { cartKey: key });
    note('JPY, no decimals: Jacket + Beanie');
  });

  key = await guestCart([[ids.sold_individually, 1]]);
  await call('cart-virtual-only', 'GET', 'cart', { cartKey: key });
  note('Gift Card only (virtual): `shipping: []`');
  await call('error-add-sold-individually-again', 'POST', 'cart/add-item', { cartKey: key, body: { id: String(ids.sold_individually), quantity: '1' } });
  note('the sold-individually Gift Card added again: 403 that is not about credentials');

  await call('cart-empty', 'GET', 'cart');
  note('a new guest: money fields as numbers `0`');

  await withOptions({ woocommerce_tax_display_cart: 'incl' }, async () => {
    key = await guestCart([[ids.simple_beanie, 2]]);
    await call('cart-tax-display-incl', 'GET', 'cart', { cartKey: key });
    note('prices shown with tax (`woocommerce_tax_display_cart` = incl): item `price` includes tax, `totals.subtotal` does not');
  });

  // A line whose stock dropped below its quantity after it was added: the next add-item answer
  // carries an error notice about that other line.
  key = await guestCart([[ids.simple_belt_low, 2]]);
  stockBefore = getMeta(ids.simple_belt_low, '_stock');
  setMeta(ids.simple_belt_low, '_stock', '1');
  await call('add-item-notice-other-line', 'POST', 'cart/add-item', { cartKey: key, body: { id: String(ids.simple_beanie), quantity: '1' } });
  note("Beanie added to a cart whose Belt ×2 now has 1 in stock: 200 with an error notice about the Belt");
} finally {
  if (stockBefore !== null) setMeta(ids.simple_belt_low, '_stock', stockBefore);
}

const versions = ids.versions ?? {};
const rows = index.map((e) => `| ${e.name}.json | ${e.method} ${e.path} | ${e.status} | ${e.note} |`).join('\n');
writeFileSync(
  join(OUT, 'INDEX.md'),
  `# CoCart 4.4 recordings

Every \`.json\` body here is a real answer, byte for byte as received, recorded by
\`scripts/record-cocart44.mjs\` from the 4.4 store on ${SITE} on ${new Date().toISOString().slice(0, 10)}:
WordPress ${versions.wordpress}, WooCommerce ${versions.woocommerce}, **CoCart ${versions.cocart}**, CoCart JWT ${versions.cocart_jwt},
PHP ${versions.php}. Store data as in ../../../../shared/realworld/README.md (USD, 10% tax, flat rate $5, Jacket $1,234.50);
the script changes currency, tax display or one line's stock for a recording and restores them.
Each \`X.json\` has \`X.meta.json\` beside it: the request (method, URL, headers, body), the status and every response header.

| file | request | status | what it shows |
|---|---|---|---|
${rows}
`,
);
console.log(`${index.length} answers recorded in ${OUT}`);
