// custom-elements.json tells the truth about each element: it compares, per element, what the
// manifest lists with what the element's source does, and fails on any difference either way.
// - events: every `new XEvent(` in the element's code (its folder and the shared modules it
//   imports; a shared helper that fires counts for an element that calls it) ↔ `events`.
// - parts: every part the templates can render (`part="a b"`, the literals of `part=${…}`, and the
//   literals given to a helper's `part` parameter) ↔ `cssParts`.
// - custom properties: every `var(--cart-…)` in the styles the element imports ↔ `cssProperties`.
// Run after `npm run manifest`: `node test/package/manifest-truth.mjs`. Exits non-zero on a difference.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
const tags = readdirSync(join(src, 'elements'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const read = (file) => readFileSync(file, 'utf8');

/** Event class name → event name, from src/events. */
const eventNames = new Map(
  readdirSync(join(src, 'events'))
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...read(join(src, 'events', file)).matchAll(/export class (\w+) extends eventClass<[\s\S]*?>\(\s*'([^']+)'/g)])
    .map(([, className, name]) => [className, name]),
);

/** The element's own code: its class file and every module under src/elements it imports (not define.ts). */
function closure(tag) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file) || !existsSync(file) || !file.startsWith(join(src, 'elements')) || file.endsWith('define.ts')) return;
    files.add(file);
    for (const [, specifier] of read(file).matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
  };
  visit(join(src, 'elements', tag, `${tag}.ts`));
  return [...files];
}

/** Shared modules (outside any element folder): the function around each `new XEvent(`. */
function sharedDispatchers(file, code) {
  return [...code.matchAll(/new (\w+Event)\(/g)]
    .filter(([, className]) => eventNames.has(className))
    .map((match) => {
      const before = code.slice(0, match.index);
      const names = [...before.matchAll(/(?:function\s+(\w+)\s*\(|^\s*(?:(?:protected|public|private|static|async)\s+)*(\w+)\s*\([^)]*\)\s*(?::[^{;]+)?\{)/gm)];
      const last = names.at(-1);
      return { event: eventNames.get(match[1]), via: last?.[1] ?? last?.[2], file };
    });
}

/** Lower-case part names in a piece of template: tokens and the string literals of `${…}`. */
function partTokens(text) {
  const literals = [...text.matchAll(/'([^']*)'|"([^"]*)"|`([^`$]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  const bare = text.replace(/\$\{[^}]*\}/g, ' ');
  return [bare, ...literals].flatMap((value) => value.split(/\s+/)).filter((token) => /^[a-z][a-z0-9-]*[a-z0-9]$/.test(token));
}

/**
 * Every part the element's templates can render; `prefixes` gets the start of each part named
 * partly by a value (`notice-${notice.type}`): every documented part with that start counts.
 */
function renderedParts(files, prefixes) {
  const codes = new Map(files.map((file) => [file, read(file)]));
  const parts = new Set();
  const identifiers = new Set();
  for (const code of codes.values()) {
    for (const [, quoted, bound] of code.matchAll(/\bpart=(?:"((?:[^"$]|\$\{[^}]*\})*)"|\$\{([^}]*)\})/g)) {
      let value = quoted ?? bound;
      if (quoted !== undefined) {
        value = value.replace(/\b([a-z][a-z0-9-]*-)\$\{[^}]*\}/g, (_, prefix) => (prefixes.add(prefix), ' '));
      }
      for (const token of partTokens(bound !== undefined ? `\${${bound}}` : value)) parts.add(token);
      for (const [, id] of value.matchAll(/\$\{\s*([\w.]+)\s*\}/g)) identifiers.add(id);
      if (bound !== undefined && /^\s*[\w.]+\s*$/.test(bound)) identifiers.add(bound.trim());
    }
  }
  // A bound name (`part=${parts}`, `${view.part}`): what it is set to, where it is a variable, a
  // property (`part: 'count'`) or a parameter (its default and the literals given in its place).
  for (const id of identifiers) {
    const name = id.split('.').at(-1);
    for (const code of codes.values()) {
      for (const [, value] of code.matchAll(new RegExp(`\\b(?:const|let)\\s+${name}\\s*=\\s*([^;]+);`, 'g'))) for (const token of partTokens(literalsOnly(value))) parts.add(token);
      for (const [, value] of code.matchAll(new RegExp(`\\b${name}\\s*:\\s*('[^']*')`, 'g'))) for (const token of partTokens(value)) parts.add(token);
      for (const [, value] of code.matchAll(new RegExp(`\\b${name}\\s*=\\s*('[^']*')`, 'g'))) for (const token of partTokens(value)) parts.add(token);
      // A helper with a `part` parameter: `const step = (part: string, …) =>` / `function image(x, part)`.
      for (const match of code.matchAll(new RegExp(`(?:const\\s+(\\w+)\\s*=\\s*(?:\\/\\*[^*]*\\*\\/\\s*)?\\(|function\\s+(\\w+)\\s*\\()([^)]*)\\)`, 'g'))) {
        const helper = match[1] ?? match[2];
        const params = match[3].split(',').map((param) => param.trim().split(/[\s:=?]/)[0]);
        const index = params.indexOf(name);
        if (index < 0) continue;
        for (const other of codes.values()) {
          for (const call of other.matchAll(new RegExp(`\\b${helper}\\(`, 'g'))) {
            const arg = nthArgument(other, call.index + call[0].length, index);
            if (arg) for (const token of partTokens(literalsOnly(arg))) parts.add(token);
          }
        }
      }
    }
  }
  return parts;
}
const literalsOnly = (text) => [...text.matchAll(/'([^']*)'/g)].map((m) => `'${m[1]}'`).join(' ');

/** The `index`th argument of a call whose `(` ends just before `from`. */
function nthArgument(code, from, index) {
  let depth = 0;
  let current = '';
  const args = [];
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) {
      if (depth === 0) {
        args.push(current);
        break;
      }
      depth--;
    }
    if (c === ',' && depth === 0) {
      args.push(current);
      current = '';
    } else current += c;
  }
  return args[index];
}

/**
 * The `--cart-*` custom properties the element's styles read: directly (`var(--cart-font)`), or
 * through the theme's `--_*` values (`--_focus: var(--cart-focus, var(--_accent))`) that its own
 * rules use. From a shared styles module (outside the element's folder), only the `css` blocks
 * the element imports count: `visuallyHidden` alone reads nothing.
 */
function customProperties(files) {
  const texts = [];
  for (const file of files) {
    const code = read(file);
    const blocks = [...code.matchAll(/export const (\w+) = css`((?:[^`\\]|\\.)*)`/g)];
    if (!(file.endsWith('.styles.ts') && dirname(file) === join(src, 'elements'))) {
      texts.push(code);
      continue;
    }
    // A shared styles module: only the blocks some file of the element imports by name.
    const module = file.split('/').at(-1).replace(/\.ts$/, '.js');
    const imported = new Set(
      files.flatMap((other) =>
        [...read(other).matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)]
          .filter(([, , from]) => from.endsWith(`/${module}`))
          .flatMap(([, names]) => names.split(',').map((name) => name.trim())),
      ),
    );
    for (const [, name, body] of blocks) if (imported.has(name)) texts.push(body);
  }
  const text = texts.join('\n');
  /** `--_x` → the `--cart-*` and `--_*` its definition reads. */
  const definitions = new Map([...text.matchAll(/(--_[a-z0-9-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, value]));
  const behind = (value, seen = new Set()) =>
    [...value.matchAll(/var\(\s*(--(?:cart|_)[a-z0-9-]*)/g)].flatMap(([, name]) => {
      if (name.startsWith('--cart-')) return [name];
      if (seen.has(name) || !definitions.has(name)) return [];
      seen.add(name);
      return behind(definitions.get(name), seen);
    });
  const rules = text.replace(/--_[a-z0-9-]+\s*:\s*[^;]+;/g, '');
  return new Set(behind(rules));
}

const declarations = new Map(
  manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName).map((d) => [d.tagName, d]),
);
const problems = [];
const counts = { events: 0, parts: 0, properties: 0 };
const compare = (tag, what, listed, found) => {
  const missing = [...found].filter((name) => !listed.has(name)).sort();
  const extra = [...listed].filter((name) => !found.has(name)).sort();
  if (missing.length) problems.push(`<${tag}> ${what}: the source has ${missing.join(', ')}, the manifest does not`);
  if (extra.length) problems.push(`<${tag}> ${what}: the manifest lists ${extra.join(', ')}, the source has none`);
};

// Events without a name (the analyzer's guess at a `dispatchEvent`) anywhere in the manifest.
for (const module of manifest.modules) {
  for (const declaration of module.declarations ?? []) {
    for (const event of declaration.events ?? []) if (!event.name) problems.push(`${declaration.name} (${module.path}) lists an event without a name`);
  }
}

const shared = tags.flatMap(() => []);
for (const file of readdirSync(join(src, 'elements')).filter((file) => file.endsWith('.ts'))) shared.push(...sharedDispatchers(file, read(join(src, 'elements', file))));

for (const tag of tags) {
  const declaration = declarations.get(tag);
  if (!declaration) {
    problems.push(`<${tag}> is not in the manifest`);
    continue;
  }
  const files = closure(tag);
  const own = files.filter((file) => file.startsWith(join(src, 'elements', tag) + '/'));
  const code = files.map(read).join('\n');
  const ownCode = own.map(read).join('\n');

  const events = new Set(
    [...ownCode.matchAll(/new (\w+Event)\(/g)].map(([, className]) => eventNames.get(className)).filter(Boolean),
  );
  for (const { event, via, file } of shared) {
    if (files.includes(join(src, 'elements', file)) && via && new RegExp(`\\b${via}\\(`).test(ownCode)) events.add(event);
  }
  compare(tag, 'events', new Set((declaration.events ?? []).map((event) => event.name)), events);

  const prefixes = new Set();
  const parts = renderedParts(files, prefixes);
  // A light-DOM element (`<login-form>`) has no `cssParts`: its description lists `tag [part~="x"]`.
  const lightDom = /createRenderRoot\(\)[^{]*\{\s*return this;/.test(read(join(src, 'elements', tag, `${tag}.ts`)));
  if (lightDom && declaration.cssParts?.length) problems.push(`<${tag}> renders in the light DOM but lists ::part()s (cssParts), which select nothing there`);
  const documentedParts = lightDom
    ? new Set([...(declaration.description ?? '').matchAll(new RegExp(`${tag} \\[part~="([a-z0-9-]+)"\\]`, 'g'))].map(([, name]) => name))
    : new Set((declaration.cssParts ?? []).map((part) => part.name));
  for (const name of documentedParts) if ([...prefixes].some((prefix) => name.startsWith(prefix))) parts.add(name);
  compare(tag, 'parts', documentedParts, parts);

  const properties = customProperties(files);
  compare(tag, 'custom properties', new Set((declaration.cssProperties ?? []).map((property) => property.name)), properties);

  counts.events += events.size;
  counts.parts += parts.size;
  counts.properties += properties.size;
  if (process.argv.includes('--verbose')) console.log(tag, relative(root, own[0] ?? ''), files.length, 'files', [...events], [...parts].length, 'parts', [...properties]);
}

if (problems.length) {
  console.error(`custom-elements.json: ${problems.length} difference(s) from the source\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`custom-elements.json: ${tags.length} elements, ${counts.events} events, ${counts.parts} parts, ${counts.properties} custom properties, all as the source has them`);
