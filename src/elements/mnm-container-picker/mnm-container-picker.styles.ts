import { css } from 'lit';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  css`
    :host {
      display: block;
      color: var(--_fg);
      background: var(--_bg);
    }

    fieldset {
      margin: 0;
      padding: var(--_space);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
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

    [part~='product'] {
      display: grid;
      grid-template-columns: var(--cart-image-size, 3rem) 1fr auto;
      grid-template-areas: 'image name quantity' 'image details quantity';
      align-items: center;
      column-gap: var(--_space);
    }

    [part='image'] {
      grid-area: image;
      inline-size: var(--cart-image-size, 3rem);
      block-size: var(--cart-image-size, 3rem);
      object-fit: cover;
      border-radius: calc(var(--_radius) / 2);
    }

    [part='name'] {
      grid-area: name;
    }

    [part='details'] {
      grid-area: details;
      display: flex;
      flex-wrap: wrap;
      gap: 1ch;
      color: var(--_muted);
      font-size: 0.875em;
    }

    [part~='product']:not(:has([part='image'])) {
      grid-template-columns: 1fr auto;
      grid-template-areas: 'name quantity' 'details quantity';
    }

    [part='quantity'] {
      grid-area: quantity;
      display: inline-flex;
      align-items: center;
      gap: 0.25rem;
    }

    [part='input'] {
      inline-size: 3.5em;
      font: inherit;
      padding-block: 0.25rem;
      padding-inline: 0.375rem;
      text-align: center;
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) / 2);
      background: var(--_bg);
      color: inherit;
    }

    [part='input'][aria-invalid='true'] {
      border-color: var(--_danger);
    }

    [part='boxes'] {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }

    [part='status'] {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5ch;
    }

    [part='guidance'] {
      color: var(--_muted);
    }

    [part='total'] {
      margin: 0;
      display: flex;
      justify-content: space-between;
    }

    [part~='error'] {
      color: var(--_danger);
    }

    [part~='error']:empty,
    [part='notice']:empty {
      display: none;
    }

    [part='notice'] {
      margin: 0;
    }

    button {
      font: inherit;
      cursor: pointer;
      border-radius: calc(var(--_radius) / 2);
      border: 1px solid var(--_border);
      background: var(--_bg);
      color: inherit;
      padding-block: 0.25rem;
      padding-inline: 0.75rem;
    }

    [part~='step'] {
      inline-size: 2rem;
      block-size: 2rem;
      padding: 0;
    }

    [part~='add'] {
      background: var(--_accent);
      border-color: var(--_accent);
      color: var(--_accent-fg);
      padding-block: 0.5rem;
    }

    button:disabled,
    button[aria-disabled='true'] {
      cursor: not-allowed;
      opacity: 0.55;
    }

    button:focus-visible,
    input:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }

    [part~='out-of-stock'] [part='name'] {
      color: var(--_muted);
    }
  `,
];
