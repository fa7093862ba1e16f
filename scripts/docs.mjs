// `npm run docs` → site/: the documentation as static files, generated from custom-elements.json
// (one page per element: attributes, properties, events, parts, custom properties, slots), the
// README (guide.html) and CHANGELOG.md (changelog.html), with live examples that run on the
// built-in fake shop in a service worker (dist/demo-mock.js) and the script tag
// (dist/cart-widget.js + dist/chunks/). A language menu on every page switches `<html lang>`,
// which every element follows. Needs `vite build`, `vite build --mode demo-mock` and the manifest
// first (`npm run docs` does all of it). Serve site/ at the root of a host: the fake shop's service
// worker is /mockServiceWorker.js. test/docs/run.mjs opens every page in Chromium.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { examples, languages } from './docs-examples.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'site');
const read = (path) => readFileSync(join(root, path), 'utf8');
/** The merchant's embed snippet, the one the README and demo/embed.html show too (scripts/check-embed-snippet.mjs). */
const EMBED_SNIPPET = 'docs/embed-snippet.html';
for (const needed of ['custom-elements.json', 'dist/cart-widget.js', 'dist/demo-mock.js', 'public/mockServiceWorker.js']) {
  if (!existsSync(join(root, needed))) throw new Error(`docs: ${needed} is missing (npm run docs builds it)`);
}
const pkg = JSON.parse(read('package.json'));
const manifest = JSON.parse(read('custom-elements.json'));
const repository = (pkg.homepage ?? '').replace(/#.*$/, '');

const elements = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.customElement && declaration.tagName)
  .sort((a, b) => order(a.tagName) - order(b.tagName));
function order(tag) {
  const known = ['cart-provider', 'cart-drawer', 'add-to-cart', 'login-form', 'mnm-container-picker', 'cart-count'];
  return known.includes(tag) ? known.indexOf(tag) : known.length;
}
for (const element of elements) if (!examples[element.tagName]?.length) throw new Error(`docs: <${element.tagName}> has no example in scripts/docs-examples.mjs`);

// ---------------------------------------------------------------- a small Markdown subset
const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const slug = (text) => text.toLowerCase().replace(/<[^>]+>/g, '').replace(/[`*]/g, '').replace(/[^a-z0-9 -]/g, '').trim().replace(/\s+/g, '-');

/** Links to files of the repository (README.md, CHANGELOG.md, src/…) go to the pages or the repository. */
function href(target) {
  if (/^(https?:|#|mailto:)/.test(target)) return target;
  if (target === 'CHANGELOG.md') return 'changelog.html';
  if (target === 'README.md') return 'guide.html';
  return repository ? `${repository}/blob/main/${target.replace(/^\.\//, '')}` : target;
}
function inline(text) {
  const codes = [];
  let html = escape(text).replace(/`([^`]+)`/g, (_, code) => `\u0000${codes.push(code) - 1}\u0000`);
  html = html
    .replace(/!\[([^\]]*)\]\(([^)]+)\)/g, (_, alt, src) => `<img src="${src.startsWith('docs/') ? src : href(src)}" alt="${alt}">`)
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, label, target) => `<a href="${escape(href(target))}">${label}</a>`)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*(?=[\s.,;:)]|$)/g, '$1<em>$2</em>');
  return html.replace(/\u0000(\d+)\u0000/g, (_, index) => `<code>${codes[index]}</code>`);
}
function markdown(text, { headingOffset = 0 } = {}) {
  const lines = text.replace(/\r/g, '').split('\n');
  const html = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const language = line.slice(3).trim();
      const body = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) body.push(lines[i]);
      i++;
      html.push(`<pre tabindex="0"><code${language ? ` class="language-${language}"` : ''}>${escape(body.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1].length + headingOffset);
      html.push(`<h${level} id="${slug(heading[2])}">${inline(heading[2])}</h${level}>`);
      i++;
      continue;
    }
    if (/^\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\|/.test(lines[i]); i++) rows.push(lines[i].replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim()));
      const [head, , ...body] = rows;
      html.push(`<table><thead><tr>${head.map((cell) => `<th scope="col">${inline(cell)}</th>`).join('')}</tr></thead><tbody>${body.map((row) => `<tr>${row.map((cell) => `<td>${inline(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table>`);
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      const items = [];
      for (; i < lines.length && (/^\s*[-*]\s+/.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length)); i++) {
        if (/^\s*[-*]\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*[-*]\s+/, ''));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      html.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const paragraph = [];
    for (; i < lines.length && lines[i].trim() && !/^(```|#{1,6}\s|\||\s*[-*]\s+)/.test(lines[i]); i++) paragraph.push(lines[i].trim());
    html.push(`<p>${inline(paragraph.join(' '))}</p>`);
  }
  return html.join('\n');
}

// ---------------------------------------------------------------- pages
const pages = [
  { file: 'index.html', title: 'Overview' },
  ...elements.map((element) => ({ file: `${element.tagName}.html`, title: `<${element.tagName}>` })),
  { file: 'guide.html', title: 'Guide' },
  { file: 'changelog.html', title: 'Changelog' },
];

function layout({ file, title, body, demoAccounts = false }) {
  const nav = pages
    .map((page) => `<li><a href="${page.file}"${page.file === file ? ' aria-current="page"' : ''}>${escape(page.title)}</a></li>`)
    .join('');
  const options = languages.map(({ code, name }) => `<option value="${code}">${escape(name)}</option>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — cart-widget</title>
<link rel="icon" href="assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="assets/docs.css">
<script type="module" src="assets/docs.js"></script>
</head>
<body>
<header class="site-header">
  <a class="brand" href="index.html">cart-widget <span class="version">${escape(pkg.version)}</span></a>
  <label class="language">Language of the examples <select id="language">${options}</select></label>
</header>
<div class="layout">
<nav aria-label="Documentation"><ul>${nav}</ul></nav>
<main id="main">
${body}
${demoAccounts ? `<section class="demo-accounts" aria-labelledby="accounts-title">
<h2 id="accounts-title">Demo accounts and inbox</h2>
<p>The examples run on the built-in fake shop (<code>cart-widget/mock</code>) in this page's service worker: nothing leaves your browser. Sign in with one of these accounts; the verification e-mails of a two-factor sign-in arrive in the inbox below.</p>
<ul id="demo-users"></ul>
<h3 id="inbox-title">Inbox</h3>
<div id="inbox" aria-labelledby="inbox-title"></div>
</section>` : ''}
</main>
</div>
<footer class="site-footer"><p>Generated from <code>custom-elements.json</code>, the README and the changelog of cart-widget ${escape(pkg.version)} (<code>npm run docs</code>).</p></footer>
</body>
</html>
`;
}

const type = (value) => (value?.text ? `<code>${escape(value.text)}</code>` : '');
function table(caption, columns, rows) {
  if (!rows.length) return '';
  return `<table><caption>${escape(caption)}</caption><thead><tr>${columns.map((column) => `<th scope="col">${column}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}
function section(id, title, content, none) {
  return `<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${content || `<p>${none}</p>`}</section>`;
}

function elementPage(element) {
  const tag = element.tagName;
  const [description, lightDom] = (element.description ?? '').split(/\n\nRendered in the light DOM, so/);
  const attributes = table('Attributes', ['Attribute', 'Type', 'Default', 'Description'], (element.attributes ?? []).map((a) => [`<code>${escape(a.name)}</code>`, type(a.type), a.default ? `<code>${escape(a.default)}</code>` : '', inline(a.description ?? '')]));
  const properties = table(
    'Properties',
    ['Property', 'Type', 'Description'],
    (element.members ?? []).filter((m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public').map((m) => [`<code>${escape(m.name)}</code>`, type(m.type), inline(m.description ?? '')]),
  );
  const events = table('Events', ['Event', 'Class', 'Description'], (element.events ?? []).map((e) => [`<code>${escape(e.name)}</code>`, type(e.type), inline(e.description ?? '')]));
  const parts = lightDom
    ? `<p>${inline(`\`<${tag}>\` is rendered in the light DOM, so${lightDom.split('\n\n')[0]}`)}</p>` +
      table('Selectors', ['Selector', 'Description'], [...lightDom.matchAll(/^- `([^`]+)`: (.*)$/gm)].map(([, selector, text]) => [`<code>${escape(selector)}</code>`, inline(text)]))
    : table('Parts', ['Part', 'Description'], (element.cssParts ?? []).map((p) => [`<code>${escape(`${tag}::part(${p.name})`)}</code>`, inline(p.description ?? '')]));
  const cssProperties = table('Custom properties', ['Property', 'Description'], (element.cssProperties ?? []).map((p) => [`<code>${escape(p.name)}</code>`, inline(p.description ?? '')]));
  const slots = table('Slots', ['Slot', 'Description'], (element.slots ?? []).map((s) => [s.name ? `<code>${escape(s.name)}</code>` : '(default)', inline(s.description ?? '')]));
  const live = examples[tag]
    .map(
      (example, index) => `<section class="example" aria-labelledby="example-${index}">
<h3 id="example-${index}">${escape(example.title)}</h3>
${example.note ? `<p>${inline(example.note)}</p>` : ''}
<div class="example-live" data-example="${index}">
${example.html}
</div>
<pre tabindex="0"><code class="language-html">${escape(example.html.trim())}</code></pre>
</section>`,
    )
    .join('\n');
  const body = `<h1><code>&lt;${escape(tag)}&gt;</code></h1>
<p class="summary">${inline(element.summary ?? '')}</p>
${markdown(description.replace(/^[^\n]*\n\n/, (first) => (first.trim() === (element.summary ?? '').trim() ? '' : first)))}
<pre tabindex="0"><code class="language-js">import 'cart-widget/elements/${escape(tag)}';   // npm; the script tag defines it by itself</code></pre>
${section('examples', 'Examples', live)}
${section('attributes', 'Attributes', attributes, 'None.')}
${section('properties', 'Properties', properties, 'None.')}
${section('events', 'Events', events, 'None of its own.')}
${section('parts', lightDom ? 'Styling by selector' : 'Parts', parts, 'None.')}
${section('custom-properties', 'Custom properties', cssProperties, 'None.')}
${section('slots', 'Slots', slots, 'None.')}`;
  return layout({ file: `${tag}.html`, title: `<${tag}>`, body, demoAccounts: true });
}

function overview() {
  const readme = read('README.md');
  const intro = readme.split(/\n## /)[0].replace(/^# .*\n/, '');
  const list = elements.map((element) => `<li><a href="${element.tagName}.html"><code>&lt;${escape(element.tagName)}&gt;</code></a> — ${inline(element.summary ?? '')}</li>`).join('');
  const body = `<h1>cart-widget</h1>
${markdown(intro)}
<h2 id="elements">Elements</h2>
<ul class="element-list">${list}</ul>
<h2 id="start">Start</h2>
<pre tabindex="0"><code class="language-html" id="start-snippet">${escape(read(EMBED_SNIPPET).trimEnd())}</code></pre>
<p>Or from npm: <code>import 'cart-widget/elements'</code>. The <a href="guide.html">guide</a> covers embedding, frameworks, theming, languages, events and the store; each element's page lists its whole API with live examples on the built-in fake shop.</p>`;
  return layout({ file: 'index.html', title: 'Overview', body });
}

// ---------------------------------------------------------------- write
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });
cpSync(join(root, 'dist/cart-widget.js'), join(out, 'assets/cart-widget.js'));
cpSync(join(root, 'dist/chunks'), join(out, 'assets/chunks'), { recursive: true });
cpSync(join(root, 'dist/demo-mock.js'), join(out, 'assets/demo-mock.js'));
cpSync(join(root, 'public/mockServiceWorker.js'), join(out, 'mockServiceWorker.js'));
cpSync(join(root, 'demo/favicon.svg'), join(out, 'assets/favicon.svg'));
if (existsSync(join(root, 'docs/screenshot.png'))) cpSync(join(root, 'docs/screenshot.png'), join(out, 'docs/screenshot.png'), { recursive: true });
cpSync(join(root, 'scripts/docs-assets'), join(out, 'assets'), { recursive: true });

const write = (file, html) => writeFileSync(join(out, file), html);
write('index.html', overview());
for (const element of elements) write(`${element.tagName}.html`, elementPage(element));
write('guide.html', layout({ file: 'guide.html', title: 'Guide', body: markdown(read('README.md').replace(/^# cart-widget/, '# Guide')) }));
write('changelog.html', layout({ file: 'changelog.html', title: 'Changelog', body: markdown(read('CHANGELOG.md')) }));
writeFileSync(join(out, 'pages.json'), JSON.stringify(pages.map((page) => ({ ...page, examples: examples[page.title.slice(1, -1)]?.length ?? 0 })), null, 2) + '\n');
console.log(`docs: site/ — ${pages.map((page) => page.file).join(', ')}`);
