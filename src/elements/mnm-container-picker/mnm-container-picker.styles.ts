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
      /* Sized from the shopper's preferred text size, not the root's, which a theme may shrink. */
      font-size: medium;
      inline-size: var(--cart-image-size, 3em);
      block-size: var(--cart-image-size, 3em);
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
      gap: 0.25em;
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
    /* As the picture: the shopper's text size (32px by default), never a theme's root (20px at 62.5%). */
    [part~='step'] {
      font-size: medium;
      inline-size: 2em;
      block-size: 2em;
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
