import { css } from 'lit';

/** The open drawer's styles, adopted with the panel's code (after the trigger's, as one sheet before). */
export const panelStyles = css`
    [part~='dialog'] {
      box-sizing: border-box;
      inline-size: var(--cart-drawer-width, min(28rem, 100vw));
      max-inline-size: 100vw;
      block-size: 100dvh;
      max-block-size: 100dvh;
      margin-block: 0;
      margin-inline: auto 0;
      padding: 0;
      border: 0;
      background: var(--_bg);
      color: var(--_fg);
      box-shadow: 0 0 24px rgb(0 0 0 / 0.2);
      translate: 0 0;
      transition: translate 0.25s ease-out;
    }
    [part~='dialog']::backdrop {
      background: rgb(0 0 0 / 0.45);
      transition: opacity 0.25s ease-out;
    }
    @starting-style {
      [part~='dialog'][open] {
        translate: 100% 0;
      }
      [part~='dialog'][open]::backdrop {
        opacity: 0;
      }
      :host(:dir(rtl)) [part~='dialog'][open] {
        translate: -100% 0;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      [part~='dialog'],
      [part~='dialog']::backdrop,
      [part~='skeleton-line'] {
        transition: none;
        animation: none;
      }
    }

    [part~='panel'] {
      display: flex;
      flex-direction: column;
      block-size: 100%;
    }
    [part~='header'],
    [part~='footer'] {
      padding: calc(var(--_space) * 2);
    }
    [part~='header'] {
      display: flex;
      align-items: center;
      justify-content: space-between;
      border-block-end: 1px solid var(--_border);
    }
    [part~='title'] {
      font-size: 1.25rem;
    }
    [part~='close'] {
      display: inline-grid;
      place-items: center;
      padding: calc(var(--_space) / 2);
      border-radius: var(--_radius-control);
    }
    [part~='body'] {
      flex: 1;
      overflow-y: auto;
      overscroll-behavior: contain;
      padding: calc(var(--_space) * 2);
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) * 2);
    }
    [part~='footer'] {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
      border-block-start: 1px solid var(--_border);
    }

    /* Empty live regions stay in the page (so they still announce) but out of the flex flow, or the
       body's gap would open a blank band above the first line. */
    [part~='alert']:empty,
    [part~='notices']:not(:has(*)) {
      position: absolute;
    }
    [part~='notices'] {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
    }
    [part~='notice'],
    [part~='alert']:not(:empty),
    [part~='load-error'] {
      padding: var(--_space);
      border-radius: var(--_radius-surface);
      border-inline-start: 4px solid var(--_muted);
      background: color-mix(in srgb, var(--_muted) 8%, var(--_bg));
    }
    /* The shop's text takes its direction from its own words (an English notice in a right-to-left
       drawer), so its quotes and full stops stay with them. */
    [part~='notice'],
    [part~='line-name'],
    [part~='box-item-name'],
    [part~='cross-sell-name'],
    [part~='variation'] :is(dt, dd),
    [part~='coupon-code'],
    [part~='shipping-package-name'],
    [part~='shipping-rate-label'] {
      unicode-bidi: plaintext;
    }
    /* The shop's words (a name with no spaces, a long code) wrap anywhere rather than widen the drawer. */
    [part~='body'] {
      overflow-wrap: anywhere;
    }
    [part~='notice-success'] {
      border-inline-start-color: var(--_success);
    }
    [part~='notice-error'],
    [part~='alert'],
    [part~='load-error'] {
      border-inline-start-color: var(--_danger);
    }
    [part~='alert'],
    [part~='line-error'],
    [part~='coupon-error'] {
      color: var(--_danger);
    }
    [part~='load-error'] {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: var(--_space);
    }

    [part~='skeleton'] {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) * 2);
    }
    [part~='skeleton-line'] {
      block-size: 4rem;
      border-radius: var(--_radius-surface);
      background: linear-gradient(90deg, var(--_border), color-mix(in srgb, var(--_border) 40%, var(--_bg)), var(--_border));
      background-size: 200% 100%;
      animation: shimmer 1.2s linear infinite;
    }
    @keyframes shimmer {
      to {
        background-position: -200% 0;
      }
    }

    [part~='empty'] {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--_space);
      padding-block: calc(var(--_space) * 4);
      text-align: center;
      color: var(--_muted);
    }

    [part~='line'] {
      display: grid;
      grid-template-columns: var(--_image) 1fr auto;
      grid-template-areas:
        'image details total'
        'image quantity remove'
        'image error error'
        'box box box';
      gap: var(--_space) calc(var(--_space) * 1.5);
      padding-block: calc(var(--_space) * 1.5);
      border-block-end: 1px solid var(--_border);
      /* The list is in block flow (not flex) and each line contains its layout, so a changed line is
         laid out alone: in a flex column every line was laid out again. No content-visibility: auto:
         Chromium leaves skipped lines out of the accessibility tree, and every script that measures a
         control in one (Chrome's autofill does, for each field) lays out the whole list again. */
      contain: layout style;
    }
    [part~='line-pending'] {
      opacity: 0.7;
    }
    [part~='image'],
    [part~='cross-sell-image'],
    [part~='box-item-image'] {
      grid-area: image;
      inline-size: var(--_image);
      block-size: var(--_image);
      object-fit: cover;
      border-radius: var(--_radius-surface);
      background: var(--_border);
    }
    [part~='box-item-image'] {
      inline-size: 32px;
      block-size: 32px;
    }
    [part~='line-details'] {
      grid-area: details;
      display: flex;
      flex-direction: column;
      gap: 2px;
      min-inline-size: 0;
    }
    [part~='line-name'],
    [part~='cross-sell-name'] {
      font-weight: 600;
      overflow-wrap: anywhere;
      /* Lined up with the drawer's own direction, whatever the name's. */
      text-align: match-parent;
      text-align: -webkit-match-parent;
    }
    [part~='variation'] {
      display: flex;
      flex-wrap: wrap;
      gap: 0 var(--_space);
      font-size: 0.875em;
      color: var(--_muted);
    }
    [part~='variation-attribute'] {
      display: flex;
      gap: 0.25em;
    }
    [part~='variation'] dt::after {
      content: ':';
    }
    [part~='line-price'] {
      font-size: 0.875em;
      color: var(--_muted);
    }
    [part~='line-total'] {
      grid-area: total;
      font-weight: 600;
      text-align: end;
    }
    [part~='quantity'] {
      grid-area: quantity;
      display: inline-flex;
      align-items: center;
      justify-self: start;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-control);
    }
    [part~='quantity-button'] {
      display: inline-grid;
      place-items: center;
      inline-size: 2rem;
      block-size: 2rem;
    }
    .mark {
      position: relative;
      inline-size: 12px;
      block-size: 12px;
    }
    .mark::before,
    .plus::after {
      content: '';
      position: absolute;
      inset-inline: 0;
      inset-block-start: 5px;
      /* A border, not a background: forced colours (Windows High Contrast) drop backgrounds. */
      border-block-start: 2px solid;
    }
    .plus::after {
      rotate: 90deg;
    }
    [part~='quantity-input'] {
      inline-size: 3.5rem;
      block-size: 2rem;
      border: 0;
      border-inline: 1px solid var(--_border);
      background: var(--_bg);
      text-align: center;
      -moz-appearance: textfield;
    }
    [part~='quantity-input'][aria-invalid='true'] {
      outline: 2px solid var(--_danger);
      outline-offset: -2px;
    }
    [part~='remove'],
    [part~='undo'],
    [part~='coupon-remove'] {
      padding: 0;
      color: var(--_accent);
      text-decoration: underline;
    }
    [part~='remove'] {
      grid-area: remove;
      justify-self: end;
    }
    [part~='line-error'] {
      grid-area: error;
      font-size: 0.875em;
    }
    [part~='box-contents'] {
      grid-area: box;
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      padding-inline-start: calc(var(--_image) + var(--_space) * 1.5);
      font-size: 0.875em;
    }
    [part~='box-item'] {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }

    [part~='removed'] {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      font-size: 0.875em;
    }
    [part~='removed-line'],
    [part~='coupon'] {
      display: flex;
      justify-content: space-between;
      gap: var(--_space);
    }

    [part~='coupons'],
    [part~='coupon-form'],
    [part~='shipping'],
    [part~='cross-sells'] {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
    }
    [part~='coupon-saving'] {
      margin-inline-start: auto;
    }
    [part~='coupon-row'] {
      display: flex;
      gap: var(--_space);
    }
    [part~='coupon-input'] {
      flex: 1;
      min-inline-size: 0;
    }
    [part~='coupon-error'] {
      font-size: 0.875em;
    }

    [part~='section-title'] {
      font-size: 1rem;
    }
    [part~='shipping-package'] {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      padding: var(--_space);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-surface);
    }
    [part~='shipping-package-name'] {
      padding-inline: calc(var(--_space) / 2);
      font-weight: 600;
    }
    [part~='shipping-destination'],
    [part~='shipping-pending'],
    [part~='shipping-note'],
    [part~='checkout-note'] {
      font-size: 0.875em;
      color: var(--_muted);
    }
    [part~='shipping-rates'] {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      margin: 0;
      padding: 0;
      list-style: none;
    }
    [part~='shipping-rate-chosen'] {
      font-weight: 600;
    }
    [part~='shipping-rate-selected'] {
      font-weight: 400;
      color: var(--_muted);
    }
    [part~='checkout-note'] {
      margin-block: calc(var(--_space) / 2) 0;
    }
    [part~='shipping-rate'] {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }
    /* A 24px touch target (WCAG 2.5.8); the browser's default radio is 13px. */
    [part~='shipping-radio'] {
      flex: none;
      inline-size: 24px;
      block-size: 24px;
      margin: 0;
      accent-color: var(--_accent);
    }
    [part~='shipping-rate-cost'] {
      margin-inline-start: auto;
    }

    [part~='cross-sell-list'] {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr));
      gap: var(--_space);
    }
    [part~='cross-sell'] {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: calc(var(--_space) / 2);
    }
    [part~='regular-price'] {
      color: var(--_muted);
    }
    [part~='sale-price'] {
      text-decoration: none;
      font-weight: 600;
    }

    [part~='totals'] {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
    }
    [part~='totals-row'] {
      display: flex;
      justify-content: space-between;
      gap: var(--_space);
    }
    [part~='total'] {
      font-size: 1.125em;
      font-weight: 700;
    }
    [part~='checkout'] {
      display: block;
      text-align: center;
      text-decoration: none;
    }
`;
