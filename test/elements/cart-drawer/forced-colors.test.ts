import { expect } from '../../helpers/testing.js';
import { canEmulate, emulateMedia, itIn } from '../../helpers/browser.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import { getByRole } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';

const shop = useShop();

/** The colour a bar of a stepper mark is painted in: its border when it has one, else its background. */
function markColour(mark: Element, pseudo: null | '::after'): string {
  const style = getComputedStyle(mark, pseudo);
  const border = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0;
  return border ? style.borderTopColor : style.backgroundColor;
}

describe('<cart-drawer> in forced colours (Windows High Contrast)', () => {
  afterEach(() => emulateMedia({ forcedColors: null }));

  itIn(canEmulate.forcedColors, 'the engine has no forced colours mode', 'still draws the − and + marks of the quantity buttons, in the buttons\' text colour', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await openDrawer(shop());
    expect(await emulateMedia({ forcedColors: 'active' })).to.equal(true);
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    // The bars: − is the mark itself, + the mark and its ::after.
    for (const [name, pseudos] of [
      ['Decrease quantity of Ethiopia Yirgacheffe Beans', [null]],
      ['Increase quantity of Ethiopia Yirgacheffe Beans', [null, '::after']],
    ] as const) {
      const button = getByRole(el, 'button', name);
      const mark = button.querySelector('.mark')!;
      const text = getComputedStyle(button).color;
      for (const pseudo of pseudos) expect(markColour(mark, pseudo), `${name} ${pseudo ?? 'mark'}`).to.equal(text);
    }
    await expect(el).to.be.accessible();
  });
});
