// custom-elements.json and what the build derives from it describe what the package ships. Run
// after `npm run build` (test/consumers/run.mjs does). Exits non-zero on a problem.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const manifest = JSON.parse(read('custom-elements.json'));
const problems = [];

const modules = manifest.modules ?? [];
for (const module of modules) {
  if (!module.path.startsWith('dist/lib/') || !existsSync(join(root, module.path))) problems.push(`module ${module.path} is not a shipped file`);
}
const eventClasses = new Set(
  readdirSync(join(root, 'dist/lib/events'))
    .filter((file) => file.endsWith('.d.ts'))
    .flatMap((file) => [...read(`dist/lib/events/${file}`).matchAll(/export declare class (\w+)/g)].map((match) => match[1])),
);
const elements = modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement && declaration.tagName);
const tags = readdirSync(join(root, 'src/elements'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
for (const tag of tags) if (!elements.some((element) => element.tagName === tag)) problems.push(`<${tag}> is not in the manifest`);
for (const element of elements) {
  for (const event of element.events ?? []) {
    if (!eventClasses.has(event.type?.text)) problems.push(`<${element.tagName}> event ${event.name} has no event class as its type (${event.type?.text})`);
  }
}
const derived = ['dist/jsx/react.d.ts', 'dist/jsx/preact.d.ts', 'dist/vscode.html-custom-data.json', 'dist/vscode.css-custom-data.json', 'dist/web-types.json'];
for (const file of derived) {
  if (!existsSync(join(root, file))) {
    problems.push(`${file} was not generated`);
    continue;
  }
  const text = read(file);
  // The CSS data names each part's element in its description: `<cart-drawer>: …`.
  const mentions = (tag) => [`'${tag}'`, `"${tag}"`, `<${tag}>`].some((form) => text.includes(form));
  const listed = file.includes('css') ? elements.filter((element) => element.cssParts?.length) : elements;
  for (const element of listed) if (!mentions(element.tagName)) problems.push(`${file} does not list <${element.tagName}>`);
}

if (problems.length) {
  console.error(`custom-elements.json: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const count = (key) => elements.reduce((sum, element) => sum + (element[key]?.length ?? 0), 0);
console.log(`custom-elements.json: ${elements.length} elements, ${count('events')} typed events, ${count('cssParts')} parts, all in shipped modules; JSX types and editor data list every element`);
