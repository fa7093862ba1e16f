import type { Currency } from '../api/model.js';

/**
 * Formats an amount in minor units in the cart's currency, as the shop itself would:
 * its symbol placement, separators and number of decimals (`1234567` → `$12,345.67`, `12.345,67 €`).
 */
export function formatMoney(minor: number, currency: Currency): string {
  const decimals = currency.minorUnit;
  const negative = minor < 0;
  const digits = String(Math.abs(Math.round(minor))).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals) || '0';
  const fraction = decimals ? digits.slice(-decimals) : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, currency.thousandSeparator);
  const number = fraction ? `${grouped}${currency.decimalSeparator}${fraction}` : grouped;
  return `${negative ? '-' : ''}${currency.prefix}${number}${currency.suffix}`;
}

/** The decimal value of an amount in minor units, as analytics (GA4) expects it. */
export function toMajor(minor: number, currency: Currency): number {
  return minor / 10 ** currency.minorUnit;
}
