import { css, html, nothing } from 'lit';
import type { Coupon, Currency } from '../../api/model.js';
import { formatMoney } from '../../format/money.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';

export interface CouponView {
  m: Messages;
  currency: Currency;
  /** `false` once the store found the shop has no coupon routes: codes are shown, not editable. */
  editable: boolean;
  /** Why the last code was refused. */
  error: string;
  applying: boolean;
}

/** Applied coupons with their saving, and the "Coupon code" form. */
export function renderCoupons(coupons: readonly Coupon[], view: CouponView) {
  const { m, currency, editable, error } = view;
  return html`<div class="coupons" part="coupons">
    ${coupons.length
      ? html`<ul part="coupon-list" aria-label=${m.appliedCoupons}>
          ${coupons.map(
            (coupon) => html`<li class="coupon" part="coupon">
              <span class="coupon-code" part="coupon-code">${coupon.label || coupon.code}</span>
              <span class="coupon-saving" part="coupon-saving">${formatMoney(-coupon.saving, currency)}</span>
              ${editable
                ? html`<button
                    class="coupon-remove"
                    part="coupon-remove"
                    type="button"
                    data-action="remove-coupon"
                    data-code=${coupon.code}
                    aria-label=${m.removeCoupon(coupon.code)}
                  >
                    ${m.removeShort}
                  </button>`
                : nothing}
            </li>`,
          )}
        </ul>`
      : nothing}
    ${editable
      ? html`<form class="coupon-form" part="coupon-form" data-form="coupon" novalidate>
          <label part="coupon-label" for="coupon-code">${m.couponCode}</label>
          <div class="coupon-row" part="coupon-row">
            <input
              class="coupon-input"
              part="coupon-input input"
              id="coupon-code"
              name="code"
              autocomplete="off"
              autocapitalize="off"
              spellcheck="false"
              aria-invalid=${error ? 'true' : nothing}
              aria-describedby="coupon-error"
            />
            <button part="coupon-apply button" type="submit" aria-disabled=${view.applying ? 'true' : nothing}>${m.applyCoupon}</button>
          </div>
          <p class="coupon-error" part="coupon-error" id="coupon-error" role="alert">${error}</p>
        </form>`
      : nothing}
  </div>`;
}

/** Applied coupons and the code field. */
export const couponStyles = css`
    .coupons,
    .coupon-form {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
    }
    .coupon {
      display: flex;
      justify-content: space-between;
      gap: var(--_space);
    }
    .coupon-code {
      unicode-bidi: plaintext;
    }
    .coupon-remove {
      padding: 0;
      color: var(--_accent);
      text-decoration: underline;
    }
    .coupon-saving {
      margin-inline-start: auto;
    }
    .coupon-row {
      display: flex;
      gap: var(--_space);
    }
    .coupon-input {
      flex: 1;
      min-inline-size: 0;
    }
    .coupon-error {
      font-size: 0.875em;
      color: var(--_danger);
    }

`;
