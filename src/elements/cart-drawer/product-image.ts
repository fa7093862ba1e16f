import { css, html } from 'lit';

/**
 * A product's picture in a list (a box item's, a suggestion's; a line draws its own): decorative
 * (the name is next to it), fixed size, loaded when scrolled to.
 */
export function productImage(src: string | null, part: string) {
  return src
    ? html`<img class=${part} part=${part} src=${src} alt="" loading="lazy" decoding="async" width="64" height="64" />`
    : html`<span class=${part} part="${part} image-placeholder" aria-hidden="true"></span>`;
}

/** Every product picture in the drawer (a line's, a box item's, a suggestion's) and its placeholder. */
export const pictureStyles = css`
    .image,
    .cross-sell-image,
    .box-item-image {
      inline-size: var(--_image);
      block-size: var(--_image);
      object-fit: cover;
      border-radius: var(--_radius-surface);
      background: var(--_border);
    }
`;
