import { css } from 'lit';
import { controls, theme, visuallyHidden } from '../theme.styles.js';

export const styles = [
  theme,
  controls,
  visuallyHidden,
  css`
    :host {
      display: inline-block;
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
