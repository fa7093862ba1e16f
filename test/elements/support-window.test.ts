/**
 * The README's browser support (Safari 16.4+, Firefox ESR 115+, Chromium 111+): where an element's
 * stylesheet uses something newer, the older engines get a fallback, not an unstyled element.
 * Read from the stylesheets themselves, as no engine that old runs here.
 */
import { expect } from '../helpers/testing.js';
import type { CSSResult } from 'lit';
import { styles as addToCart } from '../../src/elements/add-to-cart/add-to-cart.styles.js';
import { styles as cartCount } from '../../src/elements/cart-count/cart-count.styles.js';
import { styles as drawer } from '../../src/elements/cart-drawer/cart-drawer.styles.js';
import { styles as panel } from '../../src/elements/cart-drawer/panel.js';
import { styles as provider } from '../../src/elements/cart-provider/cart-provider.styles.js';
import { loginFormStyles } from '../../src/elements/login-form/login-form.styles.js';
import { styles as picker } from '../../src/elements/mnm-container-picker/mnm-container-picker.styles.js';

const sheets: Record<string, CSSResult[]> = {
  '<add-to-cart>': [addToCart].flat(),
  '<cart-count>': [cartCount].flat(),
  '<cart-drawer>': [drawer, panel].flat(),
  '<cart-provider>': [provider].flat(),
  '<login-form>': [loginFormStyles],
  '<mnm-container-picker>': [picker].flat(),
};

/** The sheet's text without comments, and the same with every `@supports (…) { … }` block taken out. */
function texts(results: CSSResult[]): { all: string; unguarded: string } {
  const all = results.map((result) => result.cssText.replace(/\/\*[\s\S]*?\*\//g, '')).join('\n');
  let unguarded = all;
  for (let at = unguarded.indexOf('@supports'); at >= 0; at = unguarded.indexOf('@supports')) {
    let depth = 0;
    let end = unguarded.indexOf('{', at);
    for (; end < unguarded.length; end++) {
      if (unguarded[end] === '{') depth++;
      else if (unguarded[end] === '}' && --depth === 0) break;
    }
    unguarded = unguarded.slice(0, at) + unguarded.slice(end + 1);
  }
  return { all, unguarded };
}

describe('the elements\' styles within the supported browsers', () => {
  for (const [element, results] of Object.entries(sheets)) {
    it(`${element}: no :has() (Firefox < 121), no color-mix() outside @supports (Safari < 16.2), every dvh after a vh fallback (Safari < 15.4)`, () => {
      const { all, unguarded } = texts(results);
      expect(all, ':has()').not.to.contain(':has(');
      expect(unguarded, 'color-mix() with no @supports around it').not.to.contain('color-mix(');
      for (const [declaration, property] of all.matchAll(/([\w-]+)\s*:\s*[^;{}]*\bdvh\b[^;{}]*;/g)) {
        const before = all.slice(0, all.indexOf(declaration));
        expect(before, `${declaration} has no vh fallback just before it`).to.match(new RegExp(`${property}\\s*:\\s*[^;{}]*\\bvh\\b[^;{}]*;\\s*$`));
      }
    });
  }
});
