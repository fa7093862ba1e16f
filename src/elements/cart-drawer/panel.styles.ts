import { css } from 'lit';
import { couponStyles } from './coupons.js';
import { crossSellStyles } from './cross-sells.js';
import { lineStyles } from './line-items.js';
import { pictureStyles } from './product-image.js';
import { removedStyles } from './removed-items.js';
import { shippingStyles } from './shipping.js';
import { totalsStyles } from './totals.js';

/**
 * The open drawer's frame: dialog, header, body, footer, notices, alerts, the loading and empty
 * states, and what the sections share. Each section's own rules sit beside its template
 * (`product-image.ts`, `line-items.ts`, `removed-items.ts`, `coupons.ts`, `shipping.ts`, `cross-sells.ts`,
 * `totals.ts`): moving a section moves its look with it.
 *
 * Rules select by class, each class named after the part it styles (the parts stay the theming
 * contract): the browser tries a `[part~=…]` rule on every element that has parts — a thousand-line
 * cart has fourteen thousand — and a class rule only on the elements with that class.
 */
export const frameStyles = css`
    [hidden] {
      display: none !important;
    }
    button {
      font: inherit;
      color: inherit;
      cursor: pointer;
      border: 0;
      background: none;
    }
    input {
      font: inherit;
      color: inherit;
    }
    ul {
      list-style: none;
      padding: 0;
    }
    ul,
    p,
    h2,
    h3,
    dl,
    dd,
    fieldset {
      margin: 0;
    }
    /* The open drawer is a surface of its own over the page, sized from \`medium\`: the shopper's
       preferred text size, which their browser's font-size setting scales and no theme rule
       changes. Not \`rem\`: a theme's \`html { font-size: 62.5% }\` made the drawer 280px wide and
       its quantity buttons 20px (under WCAG 2.5.8's 24px). Inside, sizes are \`em\` of this. */
    .dialog {
      --_image: var(--cart-image-size, 64px);
      box-sizing: border-box;
      font-size: medium;
      inline-size: var(--cart-drawer-width, min(28em, 100vw));
      max-inline-size: 100vw;
      /* vh where dvh is unknown (Safari < 15.4, Firefox < 101): the same height but for a phone's toolbars. */
      block-size: 100vh;
      block-size: 100dvh;
      max-block-size: 100vh;
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
    .dialog::backdrop {
      background: rgb(0 0 0 / 0.45);
      transition: opacity 0.25s ease-out;
    }
    @starting-style {
      .dialog[open] {
        translate: 100% 0;
      }
      .dialog[open]::backdrop {
        opacity: 0;
      }
      :host(:dir(rtl)) .dialog[open] {
        translate: -100% 0;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .dialog,
      .dialog::backdrop,
      .skeleton-line {
        transition: none;
        animation: none;
      }
    }

    .panel {
      display: flex;
      flex-direction: column;
      block-size: 100%;
    }
    .header,
    .footer {
      padding: calc(var(--_space) * 2);
    }
    .header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      border-block-end: 1px solid var(--_border);
    }
    .title {
      font-size: 1.25em;
    }
    /* Focused on opening, so screen readers start at the top: no ring when the mouse opened it. */
    .title.pointer-opened:focus {
      outline: none;
    }
    .close {
      display: inline-grid;
      place-items: center;
      padding: calc(var(--_space) / 2);
      border-radius: var(--_radius-control);
    }
    .body {
      flex: 1;
      overflow-y: auto;
      overscroll-behavior: contain;
      /* A layer of its own (as the hand-written page's scrolling dialog has): without it, WebKit's
         first frame after one field's new value in a 1000-line drawer came about 105 ms after the
         edit, against 50 on the hand-written page; with it, about 55 (issue 32's bench). It also
         becomes the containing block of the absolute boxes inside it, none of which sets an offset
         (visually hidden text, an empty live region): they stay where they were. */
      will-change: transform;
      padding: calc(var(--_space) * 2);
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) * 2);
    }
    .footer {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
      border-block-start: 1px solid var(--_border);
    }

    /* Empty live regions stay in the page (so they still announce) but out of the flex flow, or the
       body's gap would open a blank band above the first line. */
    .alert:empty,
    .notices-none {
      position: absolute;
    }
    .notices {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
    }
    .notice,
    .alert:not(:empty),
    .load-error {
      padding: var(--_space);
      border-radius: var(--_radius-surface);
      border-inline-start: 4px solid var(--_muted);
      background: var(--_bg);
    }
    /* A tint where the engine mixes colours (a var() inside color-mix() would leave no colour at all elsewhere). */
    @supports (color: color-mix(in srgb, red, blue)) {
      .notice,
      .alert:not(:empty),
      .load-error {
        background: color-mix(in srgb, var(--_muted) 8%, var(--_bg));
      }
      .skeleton-line {
        background: linear-gradient(90deg, var(--_border), color-mix(in srgb, var(--_border) 40%, var(--_bg)), var(--_border));
        background-size: 200% 100%;
      }
    }
    /* The shop's text takes its direction from its own words (an English notice in a right-to-left
       drawer), so its quotes and full stops stay with them (each section does the same for its names). */
    .notice {
      unicode-bidi: plaintext;
    }
    /* The shop's words (a name with no spaces, a long code) wrap anywhere rather than widen the drawer. */
    .body {
      overflow-wrap: anywhere;
    }
    .notice-success {
      border-inline-start-color: var(--_success);
    }
    .notice-error,
    .alert,
    .load-error {
      border-inline-start-color: var(--_danger);
    }
    .alert {
      color: var(--_danger);
    }
    .load-error {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: var(--_space);
    }

    .skeleton {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) * 2);
    }
    .skeleton-line {
      block-size: 4em;
      border-radius: var(--_radius-surface);
      background: var(--_border);
      animation: shimmer 1.2s linear infinite;
    }
    @keyframes shimmer {
      to {
        background-position: -200% 0;
      }
    }

    .empty {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--_space);
      padding-block: calc(var(--_space) * 4);
      text-align: center;
      color: var(--_muted);
    }

    /* The checkout link under the totals, and the note beside it for a signed-in customer. */
    .checkout {
      display: block;
      text-align: center;
      text-decoration: none;
    }
    .checkout-note {
      margin-block: calc(var(--_space) / 2) 0;
      font-size: 0.875em;
      color: var(--_muted);
    }
`;

/** The open drawer's styles, adopted with the panel's code (after the trigger's), in cascade order. */
export const panelStyles = [frameStyles, pictureStyles, lineStyles, removedStyles, couponStyles, crossSellStyles, shippingStyles, totalsStyles];
