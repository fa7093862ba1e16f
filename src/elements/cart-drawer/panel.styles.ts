import { css } from 'lit';
import { couponStyles } from './coupons.js';
import { crossSellStyles } from './cross-sells.js';
import { lineStyles } from './line-items.js';
import { removedStyles } from './removed-items.js';
import { shippingStyles } from './shipping.js';
import { totalsStyles } from './totals.js';

/**
 * The open drawer's frame: dialog, header, body, footer, notices, alerts, the loading and empty
 * states, and what the sections share. Each section's own rules sit beside its template
 * (`line-items.ts`, `removed-items.ts`, `coupons.ts`, `shipping.ts`, `cross-sells.ts`, `totals.ts`).
 */
export const frameStyles = css`
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


    /* What the sections share: rows of a name and an amount, and a column of parts. */
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
`;

/** The open drawer's styles, adopted with the panel's code (after the trigger's), in cascade order. */
export const panelStyles = [frameStyles, lineStyles, removedStyles, couponStyles, crossSellStyles, shippingStyles, totalsStyles];
