// A helper from the package root: must not define any element.
import { formatMoney } from 'cart-widget';

const usd = { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' };
globalThis.formatted = formatMoney(123450, usd);
