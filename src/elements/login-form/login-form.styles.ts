import { css, unsafeCSS } from 'lit';
import { theme } from '../theme.styles.js';

/**
 * The form lives in the light DOM, so the shared theme's `:host` rules are applied to the tag, and
 * every rule is scoped to `login-form` (the page's own rules for the same parts win when they are
 * more specific, which is how a theme restyles it).
 */
export const loginFormStyles = css`
  ${unsafeCSS(theme.cssText.replaceAll(':host', 'login-form'))}
  login-form {
    display: block;
    color: var(--_fg);
  }
  login-form [part~='base'],
  login-form [part~='form'] {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    margin: 0;
  }
  login-form [part~='field'] {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
  }
  login-form [part~='label'] {
    font-weight: 600;
  }
  login-form [part~='title'] {
    margin: 0;
    font-weight: 700;
    font-size: 1.125em;
  }
  login-form [part~='input'],
  login-form [part~='select'] {
    font: inherit;
    padding-block: calc(var(--_space) * 0.75);
    padding-inline: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
  }
  login-form [part~='input'][aria-invalid='true'],
  login-form [part~='select'][aria-invalid='true'] {
    border-color: var(--_danger);
  }
  login-form [part~='note'],
  login-form [part~='status'],
  login-form [part~='user'] {
    margin: 0;
  }
  login-form [part~='note'] {
    color: var(--_muted);
  }
  login-form [part~='error'] {
    color: var(--_danger);
  }
  /* The alert region stays in the tree (so what appears in it is announced) but takes no room. */
  login-form [part~='error']:empty,
  login-form [part~='status']:empty {
    margin-block-end: calc(var(--_space) * -1);
  }
  login-form [part~='error'] p {
    margin: 0;
  }
  login-form [part~='actions'] {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  login-form [part~='button'] {
    font: inherit;
    font-weight: 600;
    padding-block: var(--_space);
    padding-inline: calc(var(--_space) * 2);
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_accent);
    cursor: pointer;
  }
  login-form [part~='primary'] {
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  login-form [part~='button'][aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  login-form :is([part~='button'], [part~='input'], [part~='select']):focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;

/** Adds the stylesheet to the document or shadow root the form is in (once per root). */
export function adoptLoginFormStyles(root: Node): void {
  const sheet = loginFormStyles.styleSheet;
  if (!sheet || !(root instanceof Document || root instanceof ShadowRoot)) return;
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
