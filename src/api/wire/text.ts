/**
 * Text as the service sends it: HTML-escaped names (`Caf&eacute;`) and markup in notices,
 * messages and addresses. Everything here gives plain text, which is never parsed as markup.
 *
 * HTML has over two thousand named references, and only an HTML parser knows them all. The api
 * layer never touches the DOM, so it owns none: the store hands the page's in with
 * `readNamedReferencesWith` before any answer is read (`store/shop-text.ts`), as it hands in
 * storage. Without one (outside a browser) the five names XML predefines are known; numeric
 * references (`&#8217;`, `&#x2019;`) are always decoded here.
 */
const XML: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

let named: (name: string) => string | undefined = (name) => XML[name];

/**
 * How a named reference (`eacute`, without `&` and `;`) reads as text, from now on: `undefined`
 * when it is not a reference, so it stays as written (as a browser leaves `&nosuch;`).
 */
export function readNamedReferencesWith(resolve: (name: string) => string | undefined): void {
  named = resolve;
}

/** Decodes character references. The result is text: it is never parsed as markup. */
export const decode = (s: string): string =>
  s.replace(/&(#x[\da-f]+|#\d+|[a-z][a-z\d]*);/gi, (match, ref: string) => {
    if (ref[0] !== '#') return named(ref) ?? match;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : match;
  });

/** A string or a number as a string; anything else is the empty string. */
export const str = (v: unknown): string => (typeof v == 'string' ? v : typeof v == 'number' ? String(v) : '');

/** Markup reduced to its text (notices, messages, addresses), without a DOM parser. */
export const plain = (v: unknown): string =>
  decode(
    str(v)
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi, '')
      .replace(/<\/?(br|p|div|li|h\d)\b[^>]*>/gi, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();

/**
 * WooCommerce's "View cart" button (`<a … class="button wc-forward">`, in the shop's language)
 * taken out of a sentence: the shopper is in the cart already.
 */
export const withoutCartLink = (v: unknown): string =>
  str(v).replace(/<a\b[^>]*\bclass\s*=\s*(["'])[^"']*\bwc-forward\b[^"']*\1[^>]*>[\s\S]*?<\/a\s*>/gi, ' ');
