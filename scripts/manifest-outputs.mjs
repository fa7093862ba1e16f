// Derives from custom-elements.json (run after `custom-elements-manifest analyze`, in `npm run
// manifest`), for every element the manifest lists — new elements and events need nothing here:
// - dist/jsx/react.d.ts, dist/jsx/preact.d.ts: JSX types for React 19 and Preact
//   (`import type {} from 'cart-widget/jsx/react'`): each tag with its properties, its attributes
//   and an `on<event>` handler per event (`oncart-item-added`: both listen to the event named
//   after `on`, as written).
// - dist/types/vue.d.ts: Vue 3 template types (`import type {} from 'cart-widget/vue'`): each tag
//   a global component with its properties (`product-id` / `:quantity` are checked against
//   `productId` / `quantity`, as Vue normalises them) and `@cart-item-added` handlers
//   (`onCartItemAdded`) typed with the event's class, so `e.detail` is known.
// - dist/types/svelte.d.ts: Svelte 5 element types (`import type {} from 'cart-widget/svelte'`,
//   augmenting `svelte/elements`): the JSX props above, `oncart-item-added` and all.
// - dist/vscode.html-custom-data.json, dist/vscode.css-custom-data.json: VS Code's custom data
//   (tags, attributes; custom properties and `::part()`s).
// - dist/web-types.json: JetBrains web-types (elements, attributes, properties, events, slots,
//   custom properties, parts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));

/** Every custom element in the manifest, with what each output needs. */
const elements = manifest.modules
  .flatMap((module) => (module.declarations ?? []).map((declaration) => ({ module, declaration })))
  .filter(({ declaration }) => declaration.customElement && declaration.tagName)
  .map(({ module, declaration }) => ({
    tag: declaration.tagName,
    className: declaration.name,
    module: module.path,
    description: [declaration.summary, declaration.description].filter(Boolean).join('\n\n'),
    attributes: declaration.attributes ?? [],
    properties: (declaration.members ?? []).filter(
      (member) => member.kind === 'field' && !member.static && !member.readonly && (member.privacy ?? 'public') === 'public',
    ),
    events: (declaration.events ?? []).filter((event) => event.name),
    slots: declaration.slots ?? [],
    parts: declaration.cssParts ?? [],
    cssProperties: declaration.cssProperties ?? [],
  }))
  .sort((a, b) => a.tag.localeCompare(b.tag));

if (!elements.length) throw new Error('custom-elements.json lists no custom element: run `custom-elements-manifest analyze` first');

const docsUrl = (element) => `${pkg.homepage ?? 'https://www.npmjs.com/package/cart-widget'}`.replace(/#.*$/, '') + '#' + element.tag;
const doc = (text, indent) => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '');
const isBoolean = (type) => /^boolean( \| undefined)?$/.test(type?.text ?? '');

function write(path, text) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// ---------------------------------------------------------------- JSX (React 19, Preact)
/**
 * Both libraries set a property when the element has one and an attribute otherwise, and turn
 * `on` + an event's exact name into a listener: one set of props serves both.
 */
const frameworks = [
  {
    name: 'react',
    label: 'React 19',
    imports: "import type { HTMLAttributes, RefAttributes } from 'react';",
    base: [
      '/** What a React 19 element takes besides its own API: `className`, `style`, `ref`, children, DOM events. */',
      'type Base<E extends HTMLElement, Own> = Omit<HTMLAttributes<E>, keyof Own> & RefAttributes<E> & Own;',
    ],
  },
  {
    name: 'preact',
    label: 'Preact 11',
    imports: "import type { HTMLAttributes } from 'preact';",
    base: [
      '/** What a Preact element takes besides its own API: `class`, `style`, `ref`, children, DOM events. */',
      'type Base<E extends HTMLElement, Own> = Omit<HTMLAttributes<E>, keyof Own> & Own;',
    ],
  },
];

/**
 * Each element's props where a property is set when the element has it, an attribute otherwise,
 * and `on` + an event's exact name adds a listener (React 19, Preact, Svelte 5).
 */
function jsxProps() {
  const lines = [];
  for (const element of elements) {
    const props = element.properties.map((property) => property.name).filter((name) => !name.includes('-'));
    lines.push(doc(element.description, '') + `export interface ${element.className}Props${props.length ? ` extends Partial<Pick<${element.className}, ${props.map((name) => `'${name}'`).join(' | ')}>>` : ''} {`);
    for (const attribute of element.attributes) {
      if (!attribute.name.includes('-') && props.includes(attribute.name)) continue; // the property (same name) is typed already
      lines.push(doc(`${attribute.description ?? ''} (attribute)`.trim(), '  ') + `  '${attribute.name}'?: ${isBoolean(attribute.type) ? 'boolean' : 'string'};`);
    }
    for (const event of element.events) {
      const type = event.type?.text ?? 'CustomEvent';
      lines.push(doc(event.description, '  ') + `  'on${event.name}'?: (event: ${type}) => void;`);
    }
    lines.push('}', '');
  }
  return lines;
}

function jsxTypes(framework) {
  const eventClasses = [...new Set(elements.flatMap((element) => element.events.map((event) => event.type?.text)).filter(Boolean))].sort();
  const lines = [
    '// Generated from custom-elements.json by scripts/manifest-outputs.mjs: do not edit.',
    `// Use: \`import type {} from 'cart-widget/jsx/${framework.name}';\` once in a project that renders the elements with ${framework.label}.`,
    framework.imports,
    ...elements.map((element) => `import type { ${element.className} } from '../${element.module.replace(/^dist\//, '')}';`),
    eventClasses.length ? `import type { ${eventClasses.join(', ')} } from '../lib/index.js';` : '',
    '',
    ...framework.base,
    '',
  ];
  lines.push(...jsxProps());
  lines.push(`declare module '${framework.name}' {`, '  namespace JSX {', '    interface IntrinsicElements {');
  for (const element of elements) lines.push(`      '${element.tag}': Base<${element.className}, ${element.className}Props>;`);
  lines.push('    }', '  }', '}', '');
  write(`dist/jsx/${framework.name}.d.ts`, lines.join('\n').replace(/\n{3,}/g, '\n\n'));
  // A module to import at run time too (\`import 'cart-widget/jsx/…'\` is harmless): it exports nothing.
  write(`dist/jsx/${framework.name}.js`, `// Types only: see ${framework.name}.d.ts.\nexport {};\n`);
}

// ---------------------------------------------------------------- Vue 3, Svelte 5
const eventClassesOf = () => [...new Set(elements.flatMap((element) => element.events.map((event) => event.type?.text)).filter(Boolean))].sort();
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
const header = (use) => [
  '// Generated from custom-elements.json by scripts/manifest-outputs.mjs: do not edit.',
  use,
  ...elements.map((element) => `import type { ${element.className} } from '../${element.module.replace(/^dist\//, '')}';`),
  `import type { ${eventClassesOf().join(', ')} } from '../lib/index.js';`,
];

/**
 * Vue's template checker (vue-tsc) reads a tag as a global component: `product-id="11"` is checked
 * as the prop `productId`, `@cart-item-added` as `onCartItemAdded`. Properties keep their class's
 * types (`quantity: number`); an attribute with no property of its name is a string (or boolean).
 */
function vueTypes() {
  const lines = [
    ...header("// Use: `import type {} from 'cart-widget/vue';` once in a Vue 3 project (with the tags as custom elements for the compiler, see the README)."),
    "import type { DefineComponent } from 'vue';",
    '',
  ];
  for (const element of elements) {
    const props = element.properties.map((property) => property.name).filter((name) => !name.includes('-'));
    lines.push(doc(element.description, '') + `export interface ${element.className}VueProps${props.length ? ` extends Partial<Pick<${element.className}, ${props.map((name) => `'${name}'`).join(' | ')}>>` : ''} {`);
    for (const attribute of element.attributes) {
      if (props.includes(camel(attribute.name))) continue;
      lines.push(doc(`${attribute.description ?? ''} (attribute)`.trim(), '  ') + `  ${camel(attribute.name)}?: ${isBoolean(attribute.type) ? 'boolean' : 'string'};`);
    }
    for (const event of element.events) {
      lines.push(doc(`\`@${event.name}\`: ${event.description ?? ''}`, '  ') + `  on${camel(`-${event.name}`)}?: (event: ${event.type?.text ?? 'CustomEvent'}) => void;`);
    }
    lines.push('}', '');
  }
  lines.push("declare module 'vue' {", '  interface GlobalComponents {');
  for (const element of elements) lines.push(`    '${element.tag}': DefineComponent<${element.className}VueProps>;`);
  lines.push('  }', '}', '');
  write('dist/types/vue.d.ts', lines.join('\n').replace(/\n{3,}/g, '\n\n'));
  write('dist/types/vue.js', '// Types only: see vue.d.ts.\nexport {};\n');
}

/**
 * Svelte 5 sets a property when the element has one and an attribute otherwise, and `on` + an
 * event's exact name adds a listener: the props are the JSX ones (`jsx/react.d.ts`).
 */
function svelteTypes() {
  const lines = [
    ...header("// Use: `import type {} from 'cart-widget/svelte';` once in a Svelte 5 project (e.g. in src/app.d.ts)."),
    "import type { HTMLAttributes } from 'svelte/elements';",
    '',
    ...jsxProps(),
    "declare module 'svelte/elements' {",
    '  export interface SvelteHTMLElements {',
  ];
  for (const element of elements) lines.push(`    '${element.tag}': Omit<HTMLAttributes<${element.className}>, keyof ${element.className}Props> & ${element.className}Props;`);
  lines.push('  }', '}', '');
  write('dist/types/svelte.d.ts', lines.join('\n'));
  write('dist/types/svelte.js', '// Types only: see svelte.d.ts.\nexport {};\n');
}

// ---------------------------------------------------------------- VS Code custom data
function vscodeData() {
  const html = {
    version: 1.1,
    tags: elements.map((element) => ({
      name: element.tag,
      description: element.description,
      attributes: element.attributes.map((attribute) => ({
        name: attribute.name,
        description: attribute.description ?? '',
        ...(isBoolean(attribute.type) ? { valueSet: 'v' } : {}),
      })),
      references: [{ name: 'cart-widget', url: docsUrl(element) }],
    })),
  };
  const properties = new Map();
  const parts = new Map();
  for (const element of elements) {
    for (const property of element.cssProperties) {
      const known = properties.get(property.name);
      properties.set(property.name, { name: property.name, description: known ? known.description : property.description ?? '' });
    }
    for (const part of element.parts) {
      const name = `::part(${part.name})`;
      const known = parts.get(name);
      parts.set(name, { name, description: `${known ? `${known.description}\n` : ''}<${element.tag}>: ${part.description ?? ''}` });
    }
  }
  const css = { version: 1.1, properties: [...properties.values()], pseudoElements: [...parts.values()] };
  write('dist/vscode.html-custom-data.json', JSON.stringify(html, null, 2) + '\n');
  write('dist/vscode.css-custom-data.json', JSON.stringify(css, null, 2) + '\n');
}

// ---------------------------------------------------------------- JetBrains web-types
function webTypes() {
  const types = {
    $schema: 'https://raw.githubusercontent.com/JetBrains/web-types/master/schema/web-types.json',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    'js-types-syntax': 'typescript',
    contributions: {
      html: {
        elements: elements.map((element) => ({
          name: element.tag,
          description: element.description,
          'doc-url': docsUrl(element),
          source: { module: `./${element.module}`, symbol: element.className },
          attributes: element.attributes.map((attribute) => ({
            name: attribute.name,
            description: attribute.description ?? '',
            value: isBoolean(attribute.type) ? { type: 'boolean', required: false } : { type: attribute.type?.text ?? 'string' },
          })),
          slots: element.slots.map((slot) => ({ name: slot.name, description: slot.description ?? '' })),
          events: element.events.map((event) => ({ name: event.name, description: event.description ?? '', ...(event.type ? { value: { type: event.type.text } } : {}) })),
          js: {
            properties: element.properties.map((property) => ({
              name: property.name,
              description: property.description ?? '',
              value: { type: property.type?.text ?? 'unknown' },
            })),
            events: element.events.map((event) => ({ name: event.name, description: event.description ?? '' })),
          },
          css: {
            properties: element.cssProperties.map((property) => ({ name: property.name, description: property.description ?? '' })),
            parts: element.parts.map((part) => ({ name: part.name, description: part.description ?? '' })),
          },
        })),
      },
    },
  };
  write('dist/web-types.json', JSON.stringify(types, null, 2) + '\n');
}

for (const framework of frameworks) jsxTypes(framework);
vueTypes();
svelteTypes();
vscodeData();
webTypes();
console.log(`custom-elements.json → dist/jsx/{react,preact}.d.ts, dist/types/{vue,svelte}.d.ts, VS Code custom data, web-types: ${elements.map((element) => `<${element.tag}>`).join(' ')}`);
