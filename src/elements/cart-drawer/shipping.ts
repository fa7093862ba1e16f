import { css, html, nothing } from 'lit';
import type { Currency, Shipping, ShippingPackage } from '../../api/model.js';
import { formatMoney } from '../../format/money.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';

export interface ShippingView {
  m: Messages;
  currency: Currency;
  /** `false` once the store found the shop cannot change the method: rates are shown, not choosable. */
  editable: boolean;
  /** Whether packages name their destination (`false` while the shipping estimate names it). */
  destinations?: boolean;
}

/**
 * Each package: its destination and one radio group of rates, the chosen one checked. Without
 * packages the totals say "Calculated at checkout".
 */
export function renderShipping(shipping: Shipping, view: ShippingView) {
  if (!shipping.packages.length) return nothing;
  const packages = view.destinations === false ? shipping.packages.map((pkg) => ({ ...pkg, destination: '' })) : shipping.packages;
  return html`<div class="shipping" part="shipping">${packages.map((pkg, index) => shippingPackage(pkg, index, view))}</div>`;
}

function shippingPackage(pkg: ShippingPackage, index: number, view: ShippingView) {
  const { m, currency } = view;
  const id = `package-${index}`;
  if (!pkg.rates.length) {
    return html`<div class="shipping-package" part="shipping-package">
      <p class="shipping-package-name" part="shipping-package-name">${pkg.name || m.shipping}</p>
      ${pkg.destination ? html`<p class="shipping-destination" part="shipping-destination">${m.shippingTo(pkg.destination)}</p>` : nothing}
      <p class="shipping-pending" part="shipping-pending">${m.calculatedAtCheckout}</p>
    </div>`;
  }
  if (!view.editable) return fixedRates(pkg, id, view);
  return html`<fieldset
    class="shipping-package"
    part="shipping-package"
    role="radiogroup"
    aria-labelledby="${id}-name"
    aria-describedby=${pkg.destination ? `${id}-destination` : nothing}
  >
    <legend class="shipping-package-name" part="shipping-package-name" id="${id}-name">${pkg.name || m.shipping}</legend>
    ${pkg.destination
      ? html`<p class="shipping-destination" part="shipping-destination" id="${id}-destination">${m.shippingTo(pkg.destination)}</p>`
      : nothing}
    ${pkg.rates.map(
      (rate) => html`<label class="shipping-rate" part="shipping-rate">
        <input
          class="shipping-radio"
          part="shipping-radio"
          type="radio"
          name=${id}
          value=${rate.key}
          data-package=${pkg.id}
          data-value=${pkg.chosenRate ?? ''}
        />
        <span class="shipping-rate-label" part="shipping-rate-label">${rate.label}</span>
        <span class="shipping-rate-cost" part="shipping-rate-cost">${rate.cost ? formatMoney(rate.cost, currency) : m.free}</span>
      </label>`,
    )}
  </fieldset>`;
}

/**
 * A shop that cannot switch rates from here (no shipping-method route): the rates as a list, the
 * chosen one marked, and where the choice is made. No disabled radios without a reason.
 */
function fixedRates(pkg: ShippingPackage, id: string, { m, currency }: ShippingView) {
  return html`<div class="shipping-package" part="shipping-package" role="group" aria-labelledby="${id}-name">
    <p class="shipping-package-name" part="shipping-package-name" id="${id}-name">${pkg.name || m.shipping}</p>
    ${pkg.destination ? html`<p class="shipping-destination" part="shipping-destination">${m.shippingTo(pkg.destination)}</p>` : nothing}
    <ul class="shipping-rates" part="shipping-rates" role="list">
      ${pkg.rates.map((rate) => {
        const chosen = rate.key === pkg.chosenRate;
        const parts = chosen ? 'shipping-rate shipping-rate-chosen' : 'shipping-rate';
        return html`<li class=${parts} part=${parts}>
          <span class="shipping-rate-label" part="shipping-rate-label">${rate.label}</span>
          <span class="shipping-rate-cost" part="shipping-rate-cost">${rate.cost ? formatMoney(rate.cost, currency) : m.free}</span>
          ${chosen ? html`<span class="shipping-rate-selected" part="shipping-rate-selected">${m.rateSelected}</span>` : nothing}
        </li>`;
      })}
    </ul>
    <p class="shipping-note" part="shipping-note">${m.shippingChosenAtCheckout}</p>
  </div>`;
}

/** Packages and their rates (radios, or a fixed list). */
export const shippingStyles = css`
    .shipping {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
    }
    .shipping-package-name,
    .shipping-rate-label {
      unicode-bidi: plaintext;
    }
    .shipping-package {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      padding: var(--_space);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-surface);
    }
    .shipping-package-name {
      padding-inline: calc(var(--_space) / 2);
      font-weight: 600;
    }
    .shipping-destination,
    .shipping-pending,
    .shipping-note {
      font-size: 0.875em;
      color: var(--_muted);
    }
    .shipping-rates {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .shipping-rate-chosen {
      font-weight: 600;
    }
    .shipping-rate-selected {
      font-weight: 400;
      color: var(--_muted);
    }
    .shipping-rate {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }
    /* A 24px touch target (WCAG 2.5.8); the browser's default radio is 13px. */
    .shipping-radio {
      flex: none;
      inline-size: 24px;
      block-size: 24px;
      margin: 0;
      accent-color: var(--_accent);
    }
    .shipping-rate-cost {
      margin-inline-start: auto;
    }

`;
