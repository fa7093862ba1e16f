import { css, unsafeCSS } from 'lit';
import { controls, theme } from '../theme.styles.js';

/**
 * The form lives in the light DOM, so the shared theme's `:host` rules are applied to the tag, and
 * every rule is nested in `login-form` (the page's own rules for the same parts win when they are
 * more specific, which is how a theme restyles it).
 */
export const loginFormStyles = css`
  ${unsafeCSS(theme.cssText.replaceAll(':host', 'login-form'))}
  login-form {
    display: block;
    color: var(--_fg);
    ${controls}
    [part~='base'],
    [part~='form'],
    [part~='field'] {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
      margin: 0;
    }
    [part~='field'] {
      gap: calc(var(--_space) / 2);
    }
    [part~='label'] {
      font-weight: 600;
    }
    [part~='title'] {
      font-weight: 700;
      font-size: 1.125em;
    }
    & p {
      margin: 0;
    }
    [part~='note'] {
      color: var(--_muted);
    }
    /* The alert region stays in the tree (so what appears in it is announced) but takes no room. */
    [part~='error']:empty,
    [part~='status']:empty {
      margin-block-end: calc(var(--_space) * -1);
    }
    [part~='actions'] {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
    }
  }
`;

/** Adds the stylesheet to the document or shadow root the form is in (once per root). */
export function adoptLoginFormStyles(root: Node): void {
  const sheet = loginFormStyles.styleSheet;
  if (!sheet || !(root instanceof Document || root instanceof ShadowRoot)) return;
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
