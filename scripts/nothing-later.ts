import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { parseSync, type Plugin } from 'vite';

/**
 * For the one-file build: what our code imports on demand — a part of an element
 * (`import('./panel.js')`), the store's actions, the CORS explanation — is imported statically
 * instead, so the file holds every element whole. Language packs (`src/format/locales/`), the
 * reader of the merchant's JSON strings (`src/format/message-json.ts`), the cart lock's lease for
 * a page without Web Locks (`src/store/storage-lease.ts`), the token refresh
 * (`src/store/token-exchange.ts`: a session's token runs out once in days), what an error answer
 * means (`src/api/http-errors.ts`: most pages never get one), the drawer's shipping estimate
 * (`src/elements/cart-drawer/shipping-estimate.ts`: where the shop offers one) and the developers'
 * explanations of a failure (`src/api/blocked.ts`) stay on demand.
 */
export function nothingLater(): Plugin {
  return {
    name: 'cart-widget:nothing-later',
    transform(code, id) {
      if (!/[\\/]src[\\/](elements|store|api)[\\/].*\.ts$/.test(id) || !code.includes('import(')) return null;
      const imports: string[] = [];
      const body = code.replace(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g, (call: string, quote: string, path: string) => {
        if (path.includes('/locales/') || path.endsWith('/message-json.js') || path.endsWith('/storage-lease.js') || path.endsWith('/token-exchange.js') || path.endsWith('/blocked.js') || path.endsWith('/http-errors.js') || path.endsWith('/shipping-estimate.js')) return call;
        const name = `__now${imports.length}`;
        const names = valueExports(resolvePath(dirname(id), path.replace(/\.js$/, '.ts')));
        if (!names) {
          imports.push(`import * as ${name} from ${quote}${path}${quote};`);
          return `Promise.resolve(${name})`;
        }
        // A plain object of the exports, made when asked for: no module namespace object (with a
        // getter per export and the bundler's helper that makes one) in the file.
        imports.push(`import { ${names.map((n) => `${n} as ${name}_${n}`).join(', ')} } from ${quote}${path}${quote};`);
        return `Promise.resolve({ ${names.map((n) => `${n}: ${name}_${n}`).join(', ')} })`;
      });
      return imports.length ? { code: `${imports.join('\n')}\n${body}`, map: null } : null;
    },
  };
}

/**
 * The names of the values a module exports (its own declarations and re-exports by name), or
 * `undefined` when it has exports that cannot be listed so (`export *`, a default export).
 */
export function valueExports(file: string): string[] | undefined {
  const names: string[] = [];
  for (const statement of parseSync(file, readFileSync(file, 'utf8')).program.body as unknown as ExportNode[]) {
    if (statement.type === 'ExportAllDeclaration' || statement.type === 'ExportDefaultDeclaration') return undefined;
    if (statement.type !== 'ExportNamedDeclaration' || statement.exportKind === 'type') continue;
    const declaration = statement.declaration;
    if (!declaration) {
      for (const specifier of statement.specifiers ?? []) if (specifier.exportKind !== 'type') names.push(specifier.exported.name);
    } else if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      if (!declaration.declare) names.push(declaration.id!.name);
    } else if (declaration.type === 'VariableDeclaration') {
      if (declaration.declare) continue;
      for (const declarator of declaration.declarations ?? []) {
        if (declarator.id.type !== 'Identifier') return undefined;
        names.push(declarator.id.name);
      }
    } else if (!/^TS(TypeAlias|Interface|Module)Declaration$/.test(declaration.type)) return undefined;
  }
  return names;
}

interface ExportNode {
  type: string;
  exportKind?: string;
  declaration?: { type: string; declare?: boolean; id?: { name: string }; declarations?: Array<{ id: { type: string; name: string } }> } | null;
  specifiers?: Array<{ exportKind?: string; exported: { name: string } }>;
}
