import { createHash } from 'node:crypto';
import { parseSync, type Plugin } from 'vite';

/**
 * One copy of the script tag, whatever URL the page loads it by (issue 31.1).
 *
 * A chunk that imports `../cart-widget.js` names the entry by its plain URL. The page may load the
 * entry by another: WordPress's `wp_enqueue_script` writes `cart-widget.js?ver=6.6.2`, a CDN adds a
 * hash or redirects, a plugin renames the file. To the browser those are two modules, so the page ran
 * the entry twice: two stores, the header's count in one and the drawer in the other, two cart reads.
 *
 * So no chunk imports the entry. The entry hands what its chunks use to one slot on `globalThis`,
 * named for this build (a hash of every module's code: another version's script on the same page
 * has its own), the first copy to run keeping it; a chunk reads the slot where it read the import.
 * A chunk only ever runs after the entry has (the entry's autoloader loads it), so the slot is full.
 * The entry's own API (`discover`, `getCartStore`) stays exported by name. The same number of
 * requests, in the same order, and about the same bytes as the imports they replace.
 */
export function oneCopy(entryFileName: string, publicNames: readonly string[]): Plugin {
  let slot = '';
  const specifier = `../${entryFileName}`;
  return {
    name: 'cart-widget:one-copy',
    apply: 'build',
    renderStart() {
      const hash = createHash('sha256');
      for (const id of [...this.getModuleIds()].sort()) hash.update(`${id}\0${this.getModuleInfo(id)?.code ?? ''}\0`);
      slot = `globalThis[Symbol.for(${JSON.stringify(`cart-widget ${hash.digest('hex').slice(0, 12)}`)})]`;
    },
    renderChunk(code, chunk) {
      if (chunk.isEntry) return { code: handOver(code, slot, publicNames), map: null };
      if (!code.includes(specifier)) return null;
      const imports = new RegExp(`import\\s*(?:\\{([^}]*)\\}\\s*from\\s*)?(["'])${escape(specifier)}\\2;?`, 'g');
      const read = code.replace(imports, (_statement, names: string | undefined) => {
        if (!names?.trim()) return '';
        const pairs = names.split(',').map((name) => name.trim().split(/\s+as\s+/));
        return `const{${pairs.map(([exported, local]) => (local && local !== exported ? `${exported}:${local}` : exported)).join(',')}}=${slot};`;
      });
      if (read.includes(specifier)) this.error(`${chunk.fileName} still names ${specifier} after its imports were read from the slot`);
      return { code: read, map: null };
    },
  };
}

/**
 * The entry's `export { … }` split in two: what chunks import goes to the slot (the first copy on the
 * page keeps it), the public names stay exported. A `let` or `var` the code assigns to (in any scope:
 * no scope analysis, so a name reused for another variable counts too) could change after it is
 * handed over, so its property reads it when asked.
 */
function handOver(code: string, slot: string, publicNames: readonly string[]): string {
  const program = parseSync('entry.js', code).program as unknown as { body: Statement[] };
  const exports = program.body.filter((statement) => statement.type === 'ExportNamedDeclaration');
  const last = exports.at(-1);
  if (exports.length !== 1 || !last || last.declaration || last.source) throw new Error('one-copy: the entry should end with one `export { … }`');
  const assigned = assignedNames(program);
  const variables = new Set(
    program.body.flatMap((statement) =>
      statement.type === 'VariableDeclaration' && statement.kind !== 'const'
        ? statement.declarations.map((d) => d.id.name).filter((name) => assigned.has(name))
        : [],
    ),
  );
  const kept: string[] = [];
  const handed: string[] = [];
  for (const { local, exported } of last.specifiers) {
    if (publicNames.includes(exported.name)) kept.push(local.name === exported.name ? local.name : `${local.name} as ${exported.name}`);
    else handed.push(variables.has(local.name) ? `get ${exported.name}(){return ${local.name}}` : `${exported.name}:${local.name}`);
  }
  return `${code.slice(0, last.start)}${slot}??={${handed.join(',')}};export{${kept.join(',')}};${code.slice(last.end)}`;
}

/** Every identifier the code assigns to, anywhere: `x = …`, `x += …`, `[x] = …`, `x++`, `for (x of …)`. */
function assignedNames(program: unknown): Set<string> {
  const names = new Set<string>();
  const identifiers = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { type, name } = node as { type?: string; name?: string };
    if (type === 'Identifier' && name) names.add(name);
    for (const value of Object.values(node)) if (value && typeof value === 'object') identifiers(value);
  };
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { type, left, argument } = node as { type?: string; left?: unknown; argument?: unknown };
    if (type === 'AssignmentExpression') identifiers(left);
    else if (type === 'UpdateExpression') identifiers(argument);
    else if ((type === 'ForInStatement' || type === 'ForOfStatement') && (left as { type?: string }).type !== 'VariableDeclaration') identifiers(left);
    for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value);
  };
  walk(program);
  return names;
}

interface Statement {
  type: string;
  start: number;
  end: number;
  kind?: string;
  declarations: Array<{ id: { name: string } }>;
  declaration?: unknown;
  source?: unknown;
  specifiers: Array<{ local: { name: string }; exported: { name: string } }>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
