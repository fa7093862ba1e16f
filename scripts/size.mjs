// `npm run size`: builds the merchant's script (`dist/cart-widget.js`: the same build as `vite build`,
// kept in memory) and prints its gzip -9 size, then where the bytes come from: lit, @lit/*, zod, our own code.
//
// How the breakdown is honest: the build is repeated in memory with a source map, and every byte of
// the *minified* output is attributed to the source file the map says it came from. Each group's
// bytes are then gzipped on their own. Compressed separately they add up to a little more than the
// whole file (each loses the others' shared dictionary), so the table also shows each group's share
// of the real total, pro rata.
//
//   npm run size              the table; exits 1 when the total is over the budget
//   npm run size -- --files   also every source file, biggest first
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET = 25 * 1024;
const AIM = 20 * 1024;

const OWN = 'own code (src/)';
const GROUPS = [
  ['lit (lit, lit-html, lit-element, @lit/reactive-element)', /node_modules\/(lit|lit-html|lit-element|@lit\/reactive-element)\//],
  ['@lit/context + @lit/task', /node_modules\/@lit\/(context|task)\//],
  ['zod (zod/mini)', /node_modules\/zod\//],
  [OWN, /(^|\/)src\//],
];
const OTHER = 'other (bundler runtime, unmapped)';

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const bytes = (text) => Buffer.byteLength(text);

const chunk = await buildInMemory();
const total = gzip(chunk.code);
const bySource = attribute(chunk.code, chunk.map);

const groups = new Map([...GROUPS.map(([name]) => [name, '']), [OTHER, '']]);
const areas = new Map();
for (const [source, text] of bySource) {
  const group = GROUPS.find(([, pattern]) => pattern.test(source))?.[0] ?? OTHER;
  groups.set(group, groups.get(group) + text);
  const area = /(?:^|\/)src\/((?:elements\/[^/]+(?=\/))|[^/]+(?=\/)|[^/]+$)/.exec(source)?.[1];
  const name = area === 'elements' ? 'elements (shared base and theme)' : area;
  if (name) areas.set(name, (areas.get(name) ?? '') + text);
}
const rows = [...groups].map(([name, text]) => ({ name, minified: bytes(text), gzip: text ? gzip(text) : 0 }));
const gzipSum = rows.reduce((sum, row) => sum + row.gzip, 0);
const share = (bytes) => `${kb((bytes / gzipSum) * total)} (${Math.round((bytes / gzipSum) * 100)}%)`;
const areaRows = [...areas]
  .map(([name, text]) => ({ name: `  ${name}`, minified: bytes(text), gzip: gzip(text) }))
  .sort((a, b) => b.gzip - a.gzip);

printTable(
  ['group', 'minified', 'gzip -9 alone', 'share of total'],
  [
    ...rows.flatMap((row) => [
      [row.name, kb(row.minified), kb(row.gzip), share(row.gzip)],
      ...(row.name === OWN ? areaRows.map((area) => [area.name, kb(area.minified), kb(area.gzip), '']) : []),
    ]),
    ['dist/cart-widget.js', kb(bytes(chunk.code)), kb(total), `${kb(total)} (${total} bytes)`],
  ],
);
const verdict = total <= AIM ? 'within the aim' : total <= BUDGET ? 'within the budget, over the aim' : 'OVER BUDGET';
console.log(`\nbudget ${kb(BUDGET)} gzip, aim ${kb(AIM)}: ${verdict}`);

if (process.argv.includes('--files')) {
  const files = [...bySource].map(([source, text]) => [source.replace(/^.*node_modules\/|^(\.\.\/)+/g, ''), text]).sort((a, b) => bytes(b[1]) - bytes(a[1]));
  console.log('\nsource files, biggest first:');
  printTable(['file', 'minified', 'gzip -9 alone'], files.map(([file, text]) => [file, kb(bytes(text)), kb(gzip(text))]));
}
if (total > BUDGET) process.exitCode = 1;

/** The script-tag build from vite.config.ts, in memory, with a source map (which leaves the code as it is). */
async function buildInMemory() {
  const output = await build({ mode: 'production', logLevel: 'warn', build: { sourcemap: 'hidden', write: false } });
  const chunks = [output].flat().flatMap((result) => result.output).filter((item) => item.type === 'chunk');
  const main = chunks.find((item) => item.fileName === 'cart-widget.js');
  if (!main || chunks.length !== 1) throw new Error(`expected one chunk, cart-widget.js; got ${chunks.map((c) => c.fileName).join(', ')}`);
  return main;
}

/** Source file → the minified text it produced, by walking the source map's segments. */
function attribute(code, map) {
  const lines = code.split('\n');
  const out = new Map();
  const add = (source, text) => out.set(source, (out.get(source) ?? '') + text);
  let sourceIndex = 0;
  // A multi-line token (a template literal of CSS or HTML) continues on the next line with no new
  // segment: the text before a line's first segment belongs to the segment before it.
  let current = null;
  map.mappings.split(';').forEach((segments, lineNo) => {
    const line = lines[lineNo] ?? '';
    let column = 0;
    let from = 0;
    for (const segment of segments ? segments.split(',') : []) {
      const fields = decodeVlq(segment);
      column += fields[0];
      add(current ?? OTHER, line.slice(from, column));
      from = column;
      if (fields.length >= 4) {
        sourceIndex += fields[1];
        current = map.sources[sourceIndex];
      } else current = null;
      // fields[2], fields[3] (original line/column) are relative too, but not needed here.
    }
    add(current ?? OTHER, line.slice(from) + (lineNo < lines.length - 1 ? '\n' : ''));
  });
  return out;
}

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function printTable(head, body) {
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((row) => String(row[i]).length)));
  const format = (row) => row.map((cell, i) => (i ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join('  ');
  console.log(format(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(format(row));
}
