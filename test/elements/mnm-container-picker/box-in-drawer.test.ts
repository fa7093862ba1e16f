import { expect, fixture, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import type { MnmContainerPicker } from '../../../src/elements/mnm-container-picker/mnm-container-picker.js';
import { getByRole, normalise, queryAllByRole, queryByRole, textOf } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { BOX_ID, button, press, waitForBox } from './picker-page.js';
import '../../../src/elements/cart-drawer/define.js';

describe('a box added with <mnm-container-picker>, in <cart-drawer>', () => {
  const shop = useShop();

  async function pageWithBoth() {
    const page = await fixture<HTMLElement>(html`<div>
      <cart-drawer base-url=${shop().baseUrl}></cart-drawer>
      <mnm-container-picker base-url=${shop().baseUrl} product-id=${BOX_ID}></mnm-container-picker>
    </div>`);
    const picker = page.querySelector<MnmContainerPicker>('mnm-container-picker')!;
    const drawer = page.querySelector<CartDrawer>('cart-drawer')!;
    await waitForBox(picker);
    return { picker, drawer };
  }

  it('appears as one line with its contents grouped under it, without their own controls', async () => {
    const { picker, drawer } = await pageWithBoth();
    await press(picker, 'One more Kenya Sample', 2);
    await press(picker, 'One more Decaf Sample', 2);
    const added = oneEvent(picker, 'cart-item-added');
    button(picker, 'Add to cart').click();
    await added;

    const trigger = getByRole(drawer, 'button', 'Cart');
    const count = drawer.shadowRoot!.getElementById(trigger.getAttribute('aria-describedby')!)!;
    await waitUntil(() => count.textContent === '1 item', 'the box counts once');

    trigger.click();
    await waitUntil(() => queryByRole(drawer, 'list', 'In this box'), 'the box is listed');
    const dialog = getByRole(drawer, 'dialog', 'Cart');
    const contents = getByRole(dialog, 'list', 'In this box');
    expect(queryAllByRole(contents, 'listitem').map((item) => normalise(textOf(item)))).to.deep.equal([
      'Kenya Sample × 2',
      'Decaf Sample × 2',
    ]);
    const boxLine = contents.closest('li')!;
    expect(normalise(textOf(boxLine.querySelector('[part="line-name"]')!))).to.equal('Tasting Box');
    expect(queryAllByRole(dialog, 'spinbutton').map((input) => input.getAttribute('aria-label'))).to.deep.equal([
      'Quantity for Tasting Box',
    ]);
    expect(queryByRole(dialog, 'button', 'Remove Kenya Sample')).to.equal(null);
    expect(queryByRole(dialog, 'button', 'Remove Tasting Box')).to.not.equal(null);
    await expect(drawer).to.be.accessible();
  });
});
