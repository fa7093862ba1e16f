// Fails when a bundler may drop code that must run. package.json's `sideEffects` tells bundlers which
// modules do something by being evaluated; a module not listed is left out whole when nobody uses its
// exports — and so is a bare `import './x.js'` of it. (A module whose exports are used is bundled
// with its top-level statements, so an effect that serves its own exports, such as a listener the
// modal needs, is safe.) Checked here: every module of src/ that does something at its top level (a
// call, an assignment, an `if`, a loop, a bare import of such a module) and is either imported bare
// somewhere or exports nothing — its effect is all it is for — must be listed, as its source
// (`./src/…ts`) and, where the npm package ships it, as `./dist/lib/…js`. So must every module that
// defines an element (`customElements.define`) or assigns to a global (`window.x =`, `globalThis.x ??=`,
// `Object.assign(window, …)`) at its top level, whatever it exports. That class of bug had
// `import './shop-text.js'` decode no `Caf&eacute;` in dist/cart-widget.js. `npm test` runs this after
// building dist/lib; `node scripts/check-side-effects.mjs`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { sideEffects } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (!Array.isArray(sideEffects)) {
  console.error('check-side-effects: package.json `sideEffects` should be a list of the modules with effects');
  process.exit(1);
}
const globs = sideEffects.map((glob) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '.*')}$`));
const listed = (path) => globs.some((glob) => glob.test(path));
/** Whether a module of src/ (`elements/x.ts`) is listed as source and, where the package ships it, as the package's file. */
const shipped = (module) => existsSync(join(root, 'dist/lib', module.replace(/\.ts$/, '.js')));
const covered = (module) => listed(`./src/${module}`) && (!shipped(module) || listed(`./dist/lib/${module.replace(/\.ts$/, '.js')}`));

function* modules(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* modules(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** What a top-level statement does by being evaluated, or null for a declaration. */
function effectOf(statement, source) {
  const line = () => source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
  if (ts.isImportDeclaration(statement)) return null;
  if (ts.isExpressionStatement(statement) || ts.isIfStatement(statement) || ts.isTryStatement(statement) || ts.isBlock(statement) ||
      ts.isForStatement(statement) || ts.isForOfStatement(statement) || ts.isForInStatement(statement) || ts.isWhileStatement(statement) ||
      ts.isDoStatement(statement) || ts.isSwitchStatement(statement)) {
    return `line ${line()}: ${statement.getText(source).split('\n')[0].slice(0, 80)}`;
  }
  return null;
}

/**
 * A top-level statement that changes the page for everyone, whatever its module exports: it defines
 * an element or assigns to a global object. Its module must be listed even when its exports are
 * imported by name (an unused named import lets a bundler drop the module too).
 */
const GLOBAL_EFFECT = /\bcustomElements\.define\(|(^|[^.\w])(window|globalThis|self|document)(\.\w+|\[[^\]]+\])+\s*(=(?!=)|\+=|\|\|=|\?\?=)|Object\.(defineProperty|assign)\(\s*(window|globalThis|self)\b/;
const changesThePage = new Set();
const problems = [];
const src = join(root, 'src');
const withEffects = new Map();
const exportsNothing = new Set();
const bareImports = [];
for (const file of modules(src)) {
  const module = relative(src, file).split('\\').join('/');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const exporting = source.statements.some(
    (statement) => ts.isExportDeclaration(statement) || ts.isExportAssignment(statement) || ts.getModifiers?.(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
  );
  if (!exporting) exportsNothing.add(module);
  for (const statement of source.statements) {
    const effect = effectOf(statement, source);
    if (effect && !withEffects.has(module)) withEffects.set(module, effect);
    if (effect && GLOBAL_EFFECT.test(statement.getText(source))) changesThePage.add(module);
    if (ts.isImportDeclaration(statement) && !statement.importClause && ts.isStringLiteral(statement.moduleSpecifier)) {
      const spec = statement.moduleSpecifier.text;
      if (spec.startsWith('.')) {
        const target = relative(src, resolve(dirname(file), spec)).split('\\').join('/').replace(/\.js$/, '.ts');
        bareImports.push({ module, target });
      }
    }
  }
}
// A module that imports one with effects for its effect has that effect too.
let grew = true;
while (grew) {
  grew = false;
  for (const { module, target } of bareImports) {
    if (withEffects.has(target) && !withEffects.has(module)) {
      withEffects.set(module, `imports ${target} for its effect`);
      grew = true;
    }
  }
}
const importedBare = new Set(bareImports.map(({ target }) => target));
for (const [module, effect] of withEffects) {
  if ((importedBare.has(module) || exportsNothing.has(module) || changesThePage.has(module)) && !covered(module)) problems.push(`src/${module} does something when evaluated (${effect}) but package.json sideEffects does not list ./src/${module} and ./dist/lib/${module.replace(/\.ts$/, '.js')}: a bundler may drop it`);
}
for (const { module, target } of bareImports) {
  if (withEffects.has(target) && !covered(target)) {
    problems.push(`src/${module} imports ./${target} for its effect, which sideEffects does not list: bundled, the import is dropped`);
  }
}
if (problems.length) {
  console.error(`check-side-effects: ${problems.length} module(s) a bundler may drop:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
const needed = [...withEffects.keys()].filter((module) => importedBare.has(module) || exportsNothing.has(module));
console.log(`check-side-effects: ${needed.length} modules there for their effect, every one listed in sideEffects (${withEffects.size - needed.length} more with effects that serve their own exports)`);
