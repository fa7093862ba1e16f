import { css } from 'lit';
import { controls, theme, visuallyHidden } from '../theme.styles.js';

export const styles = [
  theme,
  controls,
  visuallyHidden,
  css`
    /* A flex box, not a line: its height is its button's and the error line's, whatever the page's line height. */
    :host {
      display: inline-flex;
    }
    [part='base'] {
      display: inline-flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
    }
    [part='error'] {
      margin: 0;
      font-size: 0.875em;
    }
  `,
];
