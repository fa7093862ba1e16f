/** Currencies the fake shop can trade in. */
export type MockCurrencyCode = 'USD' | 'EUR' | 'JPY';

/** A currency as WooCommerce describes it; amounts everywhere else are integers in minor units. */
export interface MockCurrency {
  code: MockCurrencyCode;
  symbol: string;
  /** WooCommerce's `currency_pos`: `left`, `left_space`, `right` or `right_space`. */
  position: 'left' | 'right_space';
  minorUnit: number;
  decimalSeparator: string;
  thousandSeparator: string;
  prefix: string;
  suffix: string;
  /** Country of the customer's default addresses, and how a destination names it. */
  country: string;
  countryName: string;
}

export const CURRENCIES: Record<MockCurrencyCode, MockCurrency> = {
  USD: {
    code: 'USD',
    symbol: '$',
    position: 'left',
    minorUnit: 2,
    decimalSeparator: '.',
    thousandSeparator: ',',
    prefix: '$',
    suffix: '',
    country: 'US',
    countryName: 'United States (US)',
  },
  EUR: {
    code: 'EUR',
    symbol: '€',
    position: 'right_space',
    minorUnit: 2,
    decimalSeparator: ',',
    thousandSeparator: '.',
    prefix: '',
    suffix: ' €',
    country: 'DE',
    countryName: 'Germany',
  },
  JPY: {
    code: 'JPY',
    symbol: '¥',
    position: 'left',
    minorUnit: 0,
    decimalSeparator: '.',
    thousandSeparator: ',',
    prefix: '¥',
    suffix: '',
    country: 'JP',
    countryName: 'Japan',
  },
};

/** Minor units → a machine decimal string, always with `.` (`3800` → `"38.00"`), as the document sends. */
export function toDecimal(minor: number, currency: MockCurrency): string {
  return toMajor(minor, currency).toFixed(currency.minorUnit);
}

/** Minor units → a plain number in major units (`3800` → `38`), as item `totals.*` are sent. */
export function toMajor(minor: number, currency: MockCurrency): number {
  return minor / 10 ** currency.minorUnit;
}

/** Minor units → the text a shopper reads, e.g. `$1,234.50`, `1.234,50 €`, `¥3,800`. */
export function formatPrice(minor: number, currency: MockCurrency): string {
  const [whole = '0', fraction] = toDecimal(Math.abs(minor), currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, currency.thousandSeparator);
  const number = fraction === undefined ? grouped : `${grouped}${currency.decimalSeparator}${fraction}`;
  return `${minor < 0 ? '-' : ''}${currency.prefix}${number}${currency.suffix}`;
}
