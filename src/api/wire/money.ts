/**
 * Money on the wire: a currency block, and amounts read against it. An amount's meaning depends
 * on the currency of the same answer and on the `amounts` mode, so the route schemas keep amounts
 * as sent (`Any`) and read them with `money(currency, mode)` once the currency is known.
 */
import * as z from 'zod/mini';
import type { AmountsMode, Currency } from '../model.js';
import { Any, block, blank, num, Str, Text, then } from './fields.js';
import { decode, plain } from './text.js';

/** Reads one amount of money into integer minor units of a known currency. */
export type Money = (value: unknown) => number;

/** A separator as sent (an empty one too), else `undefined`. */
const Separator = z.transform((v: unknown) => (typeof v == 'string' ? decode(v) : undefined));

/**
 * A currency block. The document sends `currency_code`, `currency_symbol`,
 * `currency_symbol_pos` (WooCommerce's `left`, `right_space`, …), `currency_minor_unit` and the
 * separators; real CoCart servers send `currency_prefix` / `currency_suffix` with the symbol
 * already placed, and a minor unit that may be a string. Missing fields: two decimals, `.` and `,`.
 */
export const currencySchema = then(
  block({
    currency_code: Str,
    currency_symbol: Text,
    currency_symbol_pos: Str,
    currency_prefix: Text,
    currency_suffix: Text,
    currency_minor_unit: Any,
    currency_decimal_separator: Separator,
    currency_thousand_separator: Separator,
  }),
  (c): Currency => {
    const given = c.currency_symbol;
    const symbol = given || c.currency_code;
    let prefix = c.currency_prefix;
    let suffix = c.currency_suffix;
    // Real servers place the symbol for us; the document only names WooCommerce's position.
    if (!prefix && !suffix && symbol) {
      const position = c.currency_symbol_pos || (given ? 'left' : 'left_space');
      const space = position.endsWith('_space') ? '\u00a0' : '';
      if (position.startsWith('right')) suffix = space + symbol;
      else prefix = symbol + space;
    }
    const minor = c.currency_minor_unit;
    return {
      code: c.currency_code,
      symbol,
      minorUnit: blank(minor) ? 2 : Math.max(0, Math.round(num(minor))),
      decimalSeparator: c.currency_decimal_separator || '.',
      thousandSeparator: c.currency_thousand_separator ?? ',',
      prefix,
      suffix,
    };
  },
);

/** `x × 10^places` rounded, via exponent notation so `1.005` stays exact. */
const shift = (x: number | string, places: number): number => {
  const n = Math.round(Number(`${x}e${places}`));
  return Number.isFinite(n) ? n + 0 : 0;
};

/**
 * Amounts rule (real-world-notes, "Money"): JSON numbers are major units; a bare numeric string
 * is decimal when it has a point, else minor units (`auto`), unless the mode forces a reading.
 * Formatted prices ("$1,234.50", "38,00 €", "-&#36;5.00") are always major units.
 */
export function money({ minorUnit, decimalSeparator, thousandSeparator }: Currency, mode: AmountsMode): Money {
  return (v) => {
    if (typeof v == 'number') return shift(v, minorUnit);
    let s = plain(v);
    if (/^-?\d+(\.\d+)?$/.test(s)) {
      return shift(s, mode == 'decimal' || (mode == 'auto' && s.includes('.')) ? minorUnit : 0);
    }
    const negative = /^\D*[-\u2212]/.test(s);
    if (thousandSeparator && thousandSeparator !== decimalSeparator) s = s.split(thousandSeparator).join('');
    const digits = /\d+(\.\d+)?/.exec(s.replace(/\s/g, '').split(decimalSeparator).join('.'));
    return digits ? shift((negative ? '-' : '') + digits[0], minorUnit) : 0;
  };
}

/** An amount that may be left out: `null` when it is. */
export const maybe = (m: Money, v: unknown): number | null => (blank(v) ? null : m(v));
