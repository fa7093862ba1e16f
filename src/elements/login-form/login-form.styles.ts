import { css, unsafeCSS } from 'lit';
import { controls, theme } from '../theme.styles.js';

/**
 * Prefixes every rule of `rules` (plain rules, no at-rules) with `scope`: the selector lists are
 * written out, not nested, as CSS nesting is newer than the engines the widget supports (Safari
 * < 16.5, Firefox < 117 drop a nested sheet whole).
 */
function scoped(scope: string, rules: string): string {
  return rules
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/([^{}]+)\{/g, (_, selectors: string) => `${selectors.split(',').map((selector) => `${scope} ${selector.trim()}`).join(', ')} {`);
}

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
  ${unsafeCSS(
    scoped(
      'login-form',
      // A `css` template read back as text, so the build minifies these rules as it does every sheet.
      css`${controls}
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
    [part~='remember'] {
      flex-direction: row;
      align-items: center;
    }
    /* At least 24 px (WCAG 2.5.8), whatever the theme's root font size. */
    [part~='checkbox'] {
      inline-size: 24px;
      block-size: 24px;
      margin: 0;
    }
    [part~='title'] {
      font-weight: 700;
      font-size: 1.125em;
    }
    p {
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
    }`.cssText,
    ),
  )}
`;

/**
 * Adds the stylesheet to the document or shadow root the form is in (once per root). Every engine
 * of the support window (README, "Supported browsers": Safari 16.4+) adopts constructable sheets.
 */
export function adoptLoginFormStyles(root: Node): void {
  if (!(root instanceof Document || root instanceof ShadowRoot)) return;
  const sheet = loginFormStyles.styleSheet!;
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
