import { css } from 'lit';
import { controls, theme } from '../theme.styles.js';

export const styles = [
  theme,
  controls,
  css`
    :host {
      display: block;
      color: var(--_fg);
      background: var(--_bg);
    }
    fieldset {
      /* A fieldset is at least as wide as its content by default: on a phone it would overflow. */
      min-inline-size: 0;
      margin: 0;
      padding: var(--_space);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-surface);
      display: grid;
      gap: var(--_space);
    }
    [part='title'] {
      font-weight: 600;
      padding-inline: calc(var(--_space) / 2);
    }
    [part='products'] {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: calc(var(--_space) / 2);
    }
    /* Image | name over details | quantity; without an image the first column takes no room. */
    [part~='product'] {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto;
      align-items: center;
    }
    [part='name'] {
      overflow-wrap: anywhere;
    }
    [part='image'] {
      grid-row: span 2;
      margin-inline-end: var(--_space);
      inline-size: var(--cart-image-size, 3rem);
      block-size: var(--cart-image-size, 3rem);
      object-fit: cover;
      border-radius: calc(var(--_radius-surface) / 2);
    }
    [part='name'],
    [part='details'] {
      grid-column: 2;
    }
    [part='details'] {
      display: flex;
      flex-wrap: wrap;
      gap: 1ch;
      font-size: 0.875em;
    }
    [part='details'],
    [part='guidance'],
    [part~='out-of-stock'] [part='name'] {
      color: var(--_muted);
    }
    [part='quantity'] {
      grid-area: 1 / 3 / 3;
      margin-inline-start: var(--_space);
      display: flex;
      align-items: center;
      gap: 0.25rem;
    }
    /* On a phone the name keeps the row; the quantity control goes below it. */
    @media (max-width: 22rem) {
      [part='quantity'] {
        grid-area: 3 / 2;
        margin: calc(var(--_space) / 2) 0 0;
      }
    }
    [part='input'] {
      inline-size: 3.5em;
      text-align: center;
    }
    [part~='step'] {
      inline-size: 2rem;
      block-size: 2rem;
      padding: 0;
    }
    [part='boxes'],
    [part='status'],
    [part='total'],
    [part='notice'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space);
      margin: 0;
    }
    [part='total'] {
      justify-content: space-between;
    }
    [part~='error']:empty,
    [part='notice']:empty {
      display: none;
    }
  `,
];
