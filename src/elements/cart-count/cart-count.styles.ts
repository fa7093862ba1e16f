import { css } from 'lit';
import { visuallyHidden } from '../theme.styles.js';

export const styles = [
  visuallyHidden,
  css`
    :host {
      display: inline;
      color: var(--cart-count-color, inherit);
      font-family: var(--cart-font, inherit);
    }
    :host([hidden]) {
      display: none;
    }
    [part~='count'],
    [part~='total'] {
      /* Digits of one width: the text does not jitter as the count changes. */
      font-variant-numeric: tabular-nums;
      /* The number keeps its own order inside a right-to-left sentence, and leaves the page's alone. */
      unicode-bidi: isolate;
      white-space: nowrap;
      /* The place of a count up to 99 (an amount up to 999.99), held from the start: what follows
         on the page stays where it is as the number arrives and changes (cart-widget.css holds the
         same before the element is defined). */
      display: inline-block;
      min-inline-size: 2ch;
    }
    [part~='total'] {
      min-inline-size: 7ch;
    }
    /* Before the cart is known: the placeholder holds the place, unseen. */
    .unknown [part~='count'],
    .unknown [part~='total'] {
      visibility: hidden;
    }
  `,
];
