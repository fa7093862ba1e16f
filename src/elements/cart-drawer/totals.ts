import { css, html, nothing } from 'lit';
import type { Cart } from '../../api/model.js';
import { formatMoney } from '../../format/money.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';

/** Subtotal, discount, shipping, each fee, each tax and the total, in the cart's currency. */
export function renderTotals(cart: Cart, m: Messages) {
  const { totals, currency } = cart;
  const money = (minor: number) => formatMoney(minor, currency);
  const shippingKnown = cart.shipping.packages.some((pkg) => pkg.rates.length > 0);
  const row = (label: string, value: string, part = 'totals-row') =>
    html`<div class=${part} part=${part}><dt>${label}</dt><dd>${value}</dd></div>`;
  return html`<dl class="totals" part="totals">
    ${row(m.subtotal, money(totals.subtotal))}
    ${totals.discount ? row(m.discount, money(-totals.discount)) : nothing}
    ${cart.needsShipping
      ? row(m.shipping, shippingKnown ? (totals.shipping ? money(totals.shipping) : m.free) : m.calculatedAtCheckout)
      : nothing}
    ${cart.fees.map((fee) => row(fee.name, money(fee.total)))}
    ${cart.taxes.length
      ? cart.taxes.map((tax) => row(tax.label, money(tax.total + tax.shippingTotal)))
      : totals.totalTax
        ? row(m.tax, money(totals.totalTax))
        : nothing}
    ${row(m.total, money(totals.total), 'totals-row total')}
  </dl>`;
}

/** The totals. */
export const totalsStyles = css`
    .totals {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
    }
    .totals-row {
      display: flex;
      justify-content: space-between;
      gap: var(--_space);
    }
    .total {
      font-size: 1.125em;
      font-weight: 700;
    }
`;
