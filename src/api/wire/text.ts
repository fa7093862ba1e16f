/**
 * Text as the service sends it: HTML-escaped names (`Caf&eacute;`) and markup in notices,
 * messages and addresses. Everything here gives plain text, which is never parsed as markup.
 */

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', euro: '€', pound: '£', yen: '¥',
  cent: '¢', ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', times: '×', minus: '−', copy: '©', reg: '®', trade: '™',
};

/** Decodes character references. The result is text: it is never parsed as markup. */
export const decode = (s: string): string =>
  s.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (match, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? match;
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
