// `npm test` runs this first: it fails when modules under src/ import each other in a circle.
//
// Every import counts: static `import … from`, `export … from`, side-effect `import '…'`, dynamic
// `import('…')` (a chunk that imports back the module that loads it is the same knot, only later),
// and type-only imports too. The compiler erases those, so they cannot change what loads when, but
// two files that need each other's types still have to be read together: two modules that must
// know each other meet through a small interface in a third (`cart-drawer/drawer-host.ts`).
//
//   node scripts/check-import-circles.mjs          exits 1 and prints each circle found
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative modules `file` imports at run time, as absolute .ts paths. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  const staticForm = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, , , , spec] of text.matchAll(staticForm)) {
    found.push(spec);
  }
  for (const [, spec] of text.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) found.push(spec);
  for (const [, spec] of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(spec);
  return found
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
}

const files = filesUnder(src);
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));

// Tarjan's strongly connected components: each component of more than one module (or a module
// that imports itself) is a circle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
let counter = 0;
function visit(file) {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file)) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), index.get(next)));
    }
  }
  if (low.get(file) === index.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) circles.push(component);
  }
}
for (const file of files) if (!index.has(file)) visit(file);

if (circles.length) {
  console.error(`Import circles in src/ (${circles.length}); type-only imports count too:`);
  for (const circle of circles) {
    const names = circle.map((file) => relative(root, file)).sort();
    console.error(`  ${names.join(' ↔ ')}`);
    for (const file of circle) {
      const inCircle = graph.get(file).filter((target) => circle.includes(target));
      console.error(`    ${relative(root, file)} imports ${inCircle.map((target) => relative(root, target)).join(', ')}`);
    }
  }
  process.exit(1);
}
console.log(`No import circles among ${files.length} modules in src/ (type-only imports counted).`);
