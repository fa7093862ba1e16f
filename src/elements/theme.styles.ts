import { css } from 'lit';

/**
 * The theme every cart element reads: set `--cart-*` on the element or any ancestor to restyle it.
 * Inside, `--_*` holds each value with its default, so a page's value is inherited, not masked.
 * Defaults pass WCAG AA contrast on a white page. The dark defaults are in `cart-widget.css` (the
 * page's stylesheet, which sets the `--cart-*` colours for either scheme): no bytes of script.
 */
export const theme = css`
  :host {
    --_accent: var(--cart-accent, #1d4ed8);
    --_accent-fg: var(--cart-accent-fg, #fff);
    --_bg: var(--cart-bg, #fff);
    --_fg: var(--cart-fg, #1f2328);
    --_muted: var(--cart-muted, #57606a);
    --_border: var(--cart-border, #d0d7de);
    --_danger: var(--cart-danger, #b42318);
    --_success: var(--cart-success, #1a7f37);
    --_focus: var(--cart-focus, var(--_accent));
    /* Two radii, both \`--cart-radius\` unless set: controls (buttons, fields, the trigger) may be
       pills (999px); surfaces (boxes, notices, pictures) hold text and need a modest curve. */
    --_radius-control: var(--cart-control-radius, var(--cart-radius, 8px));
    --_radius-surface: var(--cart-surface-radius, var(--cart-radius, 8px));
    --_space: var(--cart-space, 8px);
    font-family: var(--cart-font, inherit);
  }
`;

/**
 * Buttons, fields, focus ring and error text, by part name, for the elements that share them:
 * `button` (outlined in the accent; `primary` filled), `input` and `select`. Plain selectors, so
 * the light-DOM login form can nest the same rules under its tag.
 */
export const controls = css`
  [part~='button'],
  [part~='input'],
  [part~='select'] {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    padding-block: calc(var(--_space) * 0.75);
    padding-inline: var(--_space);
  }
  /* One line of text tall in every engine (Firefox and WebKit would not go below the font's
     'normal' line height), so the place cart-widget.css holds is right in each. */
  [part~='input'] {
    box-sizing: content-box;
    block-size: 1lh;
  }
  [part~='button'] {
    color: var(--_accent);
    border-color: var(--_accent);
    font-weight: 600;
    cursor: pointer;
    padding-block: var(--_space);
    padding-inline: calc(var(--_space) * 2);
  }
  [part~='primary'] {
    color: var(--_accent-fg);
    background: var(--_accent);
  }
  /* aria-disabled: busy or at a limit, yet focusable. */
  :disabled,
  [aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  /* Number fields have their own − and + buttons: no native spinner (Safari, Firefox, Chromium on hover). */
  input[type='number'] {
    appearance: textfield;
    -moz-appearance: textfield;
  }
  input[type='number']::-webkit-inner-spin-button,
  input[type='number']::-webkit-outer-spin-button {
    -webkit-appearance: none;
    appearance: none;
    margin: 0;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  [part~='error'] {
    color: var(--_danger);
  }
`;

/** Text for screen readers only. */
export const visuallyHidden = css`
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
