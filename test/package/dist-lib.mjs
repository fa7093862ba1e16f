// The npm library (dist/lib, from `vite build --mode lib`) ships our modules only: every
// dependency stays an import, so a page gets one lit (one ReactiveElement), one zod.
// Run after the library build: `node test/package/dist-lib.mjs`. Exits non-zero on a problem.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const lib = join(root, 'dist/lib');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);

/** Code that exists only in a dependency's own source: finding it means the dependency was bundled. */
const dependencyCode = [
  [/\breactiveElementVersions\b/, '@lit/reactive-element'],
  [/\blitHtmlVersions\b/, 'lit-html'],
  [/\blitElementVersions\b/, 'lit-element'],
  [/["']context-request["']/, '@lit/context'],
  [/class\s+(Task|ContextConsumer|ContextProvider)\b/, '@lit/task or @lit/context'],
  [/\$ZodType\b/, 'zod'],
  [/function\s+setupWorker\b/, 'msw'],
];

const problems = [];
if (!existsSync(lib)) problems.push('dist/lib does not exist: run `vite build --mode lib` first');
const files = existsSync(lib) ? readdirSync(lib, { recursive: true }).map(String).map((file) => file.split('\\').join('/')) : [];

for (const file of files) {
  if (file.split('/').includes('node_modules')) problems.push(`${file}: a bundled dependency folder`);
}

const modules = files.filter((file) => file.endsWith('.js'));
for (const file of modules) {
  // Each module is one of ours: dist/lib/x/y.js comes from src/x/y.ts.
  if (!existsSync(join(root, 'src', file.replace(/\.js$/, '.ts')))) problems.push(`${file}: has no source file in src/ (bundled from elsewhere?)`);
  const code = readFileSync(join(lib, file), 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]);
  for (const specifier of specifiers) {
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(join(lib, file)), specifier);
      if (!target.startsWith(lib + '/') || !existsSync(target)) problems.push(`${file}: imports ${specifier}, which is not a file of dist/lib`);
      continue;
    }
    const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    if (!declared.has(name)) problems.push(`${file}: imports "${specifier}", which package.json does not declare`);
  }
  for (const [pattern, dependency] of dependencyCode) {
    if (pattern.test(code)) problems.push(`${file}: contains ${dependency}'s own code (${pattern})`);
  }
}

const entries = Object.values(pkg.exports)
  .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
  .filter((target) => target.startsWith('./dist/lib/') && !target.includes('*'));
for (const entry of entries) {
  if (!existsSync(join(root, entry)) && entry.endsWith('.js')) problems.push(`package.json exports ${entry}, which the build did not make`);
}

// `cart-widget` (dist/lib/index.js) defines nothing: no module it imports, however deeply, is an
// element's define.js or calls customElements.define. `cart-widget/elements` defines every element.
const reached = new Set();
const visit = (file) => {
  if (reached.has(file) || !existsSync(join(lib, file))) return;
  reached.add(file);
  const code = readFileSync(join(lib, file), 'utf8');
  if (/customElements\.define\(/.test(code)) problems.push(`${file}: imported by cart-widget's root (index.js), defines an element`);
  for (const match of code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*["'](\.[^"']+)["']|(?:^|\n)\s*import\s*["'](\.[^"']+)["']/g))
    visit(join(dirname(file), match[1] ?? match[2]).split('\\').join('/'));
};
if (modules.includes('index.js')) visit('index.js');
const tags = readdirSync(join(root, 'src/elements'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const all = existsSync(join(lib, 'elements/index.js')) ? readFileSync(join(lib, 'elements/index.js'), 'utf8') : '';
for (const tag of tags) {
  if (!all.includes(`./${tag}/define.js`)) problems.push(`elements/index.js (cart-widget/elements) does not define <${tag}>`);
}

if (problems.length) {
  console.error(`dist/lib: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`dist/lib: ${modules.length} modules, all ours; the root's ${reached.size} modules define nothing, cart-widget/elements defines all ${tags.length}; imports only ${[...declared].join(', ')} (or their subpaths); no node_modules`);
