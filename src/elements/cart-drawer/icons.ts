import { html, svg, type SVGTemplateResult } from 'lit';

// Decorative: every button that shows one is named through `messages`.
const icon = (shape: SVGTemplateResult) =>
  html`<svg part="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shape}</svg>`;

// The stepper's − and + are drawn in CSS, in the line's own template (line-items.ts). The panel's
// close icon is written out in its own template: imported from here, it made this element's chunk
// export it, and the chunk then carried the bundler's module-namespace helper as well.
export const cartIcon = icon(
  svg`<circle cx="9" cy="20" r="1.5" /><circle cx="18" cy="20" r="1.5" /><path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.1a2 2 0 0 0 2-1.5L22 8H6" />`,
);
