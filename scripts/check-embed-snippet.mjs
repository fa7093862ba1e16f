// One embed snippet for a merchant (issue 30): docs/embed-snippet.html is the stylesheet, the script
// and the elements as the README's "Script tag" section, the docs site's Start section and the
// demo's embed page show them. The docs site reads the file (scripts/docs.mjs; test/docs/run.mjs
// checks the page); this fails unless the README's Script tag block is the file, every other README
// block with the script tag is its head (the stylesheet and the script, in that order), and
// demo/embed.html's note shows it whole. `npm test` runs it; `node scripts/check-embed-snippet.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const snippet = read('docs/embed-snippet.html').trimEnd();
const head = snippet.split('\n\n')[0];
const problems = [];

if (!head.includes('cart-widget.css') || head.indexOf('cart-widget.css') > head.indexOf('cart-widget.js')) {
  problems.push('docs/embed-snippet.html: its first lines should link cart-widget.css, then load cart-widget.js');
}

const readme = read('README.md');
const blocks = [...readme.matchAll(/```html\n([\s\S]*?)\n```/g)].map((match) => match[1]);
const section = readme.split(/\n### Script tag \(merchants\)\n/)[1]?.split(/\n#{2,3} /)[0] ?? '';
const first = /```html\n([\s\S]*?)\n```/.exec(section)?.[1];
if (first !== snippet) problems.push('README.md: the first html block under "Script tag (merchants)" is not docs/embed-snippet.html');
for (const block of blocks) {
  if (!block.includes('your-cdn.example/cart-widget.js"') || block === snippet || block === head) continue;
  problems.push(`README.md: a script tag that is not docs/embed-snippet.html or its first lines:\n${block}`);
}

const note = read('demo/embed.html').split('\n').map((line) => line.replace(/^ {8}/, '')).join('\n');
if (!note.includes(snippet)) problems.push('demo/embed.html: its note does not show docs/embed-snippet.html (indented 8 spaces)');

if (problems.length) {
  console.error(`check-embed-snippet: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('check-embed-snippet: the README, the docs site and demo/embed.html show docs/embed-snippet.html');
