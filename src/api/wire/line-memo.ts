/**
 * A cart reader that does not read a line again when the shop sends it as it did in the last
 * answer (issue 32: every quantity change answers the whole cart, and reading a 1000-line cart's
 * lines took 7–11 ms of it). A line is known by a fingerprint of its JSON, its key included, and of
 * what else its reading depends on (the amounts mode, the answer's currency): the same fingerprint
 * gives the line read last time, the same object, so the drawer also leaves it as it is drawn.
 * Loaded with the store's actions: the page's first cart is read without it.
 */
import type { AmountsMode, Cart, CartItem } from '../model.js';
import { cartReader, type LineReader } from './cart.js';
import type * as z from 'zod/mini';

/**
 * Two 32-bit hashes of `text` (FNV-1a and a multiply-xorshift, two characters a step), going on
 * from the two given: lines told apart by a single character differ in both, unless 64 bits collide.
 * (Past the end, `charCodeAt` gives NaN, which `<<` makes 0: JSON writes no raw U+0000.)
 */
function hash(text: string, [a, b]: number[]): number[] {
  for (let i = 0; i < text.length; i += 2) {
    const c = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
    a = Math.imul(a! ^ c, 16777619);
    b = Math.imul(b! ^ c, 0x9e3779b1);
    b ^= b >>> 15;
  }
  return [a!, b!];
}

/**
 * A line reader that gives the line read before for a line sent as it was in the last answer read
 * through it, and reads the others. It keeps the last answer's lines only, each by its
 * fingerprint: the cart on screen holds them anyway.
 */
export function lineMemo(): LineReader {
  let last = new Map<string, CartItem>();
  return (lines, context, read) => {
    // A page's `toJSON` on Object's or Array's prototype, or its own `JSON.stringify`, could write
    // two different lines alike (Prototype.js adds one): then every line is read.
    if (JSON.stringify([{ a: 1 }]) != '[{"a":1}]') return lines.map(read);
    const seed = hash(JSON.stringify(context), [0x811c9dc5, 0]);
    const kept = new Map<string, CartItem>();
    const items = lines.map((x) => {
      // JSON tells every type and value apart: `"1"` from `1`, `[]` from `{}`, `true` from `"true"`.
      const print = hash(JSON.stringify(x), seed).join();
      const line = last.get(print) ?? read(x);
      kept.set(print, line);
      return line;
    });
    last = kept;
    return items;
  };
}

/** A reader of cart answers (as `cartSchema`) whose lines are read through one `lineMemo`. */
export const rememberingCartReader = (amounts: AmountsMode): z.ZodMiniType<Cart> => cartReader(amounts, lineMemo());
