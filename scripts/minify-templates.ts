import { parseSync, type Plugin } from 'vite';

/**
 * The minifier leaves template literals alone, and ours carry a lot of CSS and HTML indentation and
 * CSS comments. This strips those from `css`, `html` and `svg` tagged templates in our own code —
 * and only those. In HTML only indentation goes (line breaks stay), and the quotes around simple
 * attribute values; no template of ours uses `white-space: pre` or `<pre>`/`<textarea>`, where
 * indentation would be content.
 */
export function minifyTemplates(): Plugin {
  return {
    name: 'cart-widget:minify-templates',
    transform: {
      filter: { id: /\/src\/.*\.ts$/ },
      handler(code, id) {
        if (!/\b(css|html|svg)`/.test(code)) return null;
        const edits: Array<[start: number, end: number, text: string]> = [];
        visit(parseSync(id, code).program, (node) => {
          if (node.type !== 'TaggedTemplateExpression') return;
          const tag = node.tag as { type: string; name?: string };
          if (tag.type !== 'Identifier' || !['css', 'html', 'svg'].includes(tag.name ?? '')) return;
          const quasis = (node.quasi as { quasis: TemplateElement[] }).quasis;
          for (const [index, quasi] of quasis.entries()) {
            const start = quasi.start + 1;
            const end = quasi.end - (quasi.tail ? 1 : 2);
            // Offsets are checked against the parser's own view of the text before anything is cut.
            if (code.slice(start, end) !== quasi.value.raw) continue;
            let text = tag.name === 'css' ? minifyCss(quasi.value.raw) : unquoteAttributes(stripIndentation(quasi.value.raw));
            // A stylesheet's white space before its first rule and after its last is nothing.
            if (tag.name === 'css' && index === 0) text = text.trimStart();
            if (tag.name === 'css' && quasi.tail) text = text.trimEnd();
            if (text !== quasi.value.raw) edits.push([start, end, text]);
          }
        });
        if (!edits.length) return null;
        let out = code;
        for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
        return { code: out, map: null };
      },
    },
  };
}

interface TemplateElement {
  start: number;
  end: number;
  tail: boolean;
  value: { raw: string };
}

const stripIndentation = (text: string) => text.replace(/[ \t]*\n[ \t]*/g, '\n');

/**
 * `part="title"` → `part=title`: HTML needs no quotes around a value of letters, digits, `-`, `_`,
 * `.` and `:`. Only whole static values (a binding's quotes are never touched, nor is a value
 * followed by `/>`, which would join it: `width=20/>` is "20/").
 */
const unquoteAttributes = (text: string) => text.replace(/(\s[\w:-]+)="([\w.:-]+)"(?=[\s>]|$)/g, '$1=$2');

/**
 * Comments and indentation out, the quotes around an identifier in an attribute selector, then the
 * white space around CSS punctuation (`{ } ; , >` and after `:`). Other quoted strings are left
 * exactly as written; a space before `:` is kept, since there it is a descendant combinator.
 */
const minifyCss = (text: string) =>
  stripIndentation(text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')))
    // `[part~='title']` → `[part~=title]`: an attribute selector's value needs no quotes when it is an identifier.
    .replace(/(\[[\w-]+[~|^$*]?=)(["'])(-?[A-Za-z_][\w-]*)\2\]/g, '$1$3]')
    .split(/("[^"]*"|'[^']*')/)
    .map((part, index) => (index % 2 ? part : part.replace(/\s*([{};,>])\s*/g, '$1').replace(/:\s+/g, ':').replace(/;}/g, '}').replace(/ \/ /g, '/').replace(/([^\w.])0\.(\d)/g, '$1.$2')))
    .join('');

function visit(node: unknown, enter: (node: { type: string } & Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, enter);
  } else if (node && typeof node === 'object') {
    if (typeof (node as { type?: unknown }).type === 'string') enter(node as { type: string } & Record<string, unknown>);
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value, enter);
  }
}
