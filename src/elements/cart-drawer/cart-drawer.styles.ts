import { css } from 'lit';
import { controls, theme, visuallyHidden } from '../theme.styles.js';

/**
 * The trigger's styles: all a closed drawer needs, and so all a page loads before the shopper acts
 * (the open drawer's, its resets included, are `panel.styles.ts`).
 */
export const styles = [
  theme,
  controls,
  visuallyHidden,
  css`
    :host {
      display: inline-block;
      color: var(--_fg);
    }
    [part~='trigger'] {
      font: inherit;
      color: inherit;
      cursor: pointer;
      display: inline-flex;
      align-items: center;
      gap: calc(var(--_space) / 2);
      padding-block: var(--_space);
      padding-inline: calc(var(--_space) * 1.5);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-control);
      background: var(--_bg);
    }
    [part~='count'] {
      display: block;
      min-inline-size: 1.5em;
      padding-inline: 0.4em;
      border-radius: 999px;
      background: var(--_accent);
      color: var(--_accent-fg);
      font-size: 0.8em;
      font-weight: 700;
      text-align: center;
    }
    /* Before the cart is known the badge keeps its place, unseen: nothing beside the trigger moves when the count arrives. */
    [hidden] {
      visibility: hidden;
    }
  `,
];
