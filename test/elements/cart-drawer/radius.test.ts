import { expect, fixture, html, waitUntil } from '../../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import '../../../src/elements/cart-drawer/define.js';
import '../../../src/elements/add-to-cart/define.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { getByRole, queryAllByRole, queryByRole } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';

const shop = useShop();

/** A drawer, opened on a cart with two shipping packages, inside a wrapper with the page's `style`. */
async function drawerStyled(style: string): Promise<CartDrawer> {
  await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
  await shop().store().addItem({ id: ID.espressoMachine, quantity: 1 });
  const host = await fixture<HTMLElement>(
    html`<div style=${style}><cart-drawer base-url=${shop().baseUrl} namespace=${shop().namespace}></cart-drawer></div>`,
  );
  const el = host.querySelector('cart-drawer')!;
  await waitUntil(() => shop().store().state.cart);
  await el.show();
  await waitUntil(() => queryAllByRole(el, 'radiogroup').length === 2, 'no shipping packages');
  return el;
}

const part = (el: CartDrawer, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
const radius = (node: Element) => getComputedStyle(node).borderStartStartRadius;

describe('<cart-drawer> radii', () => {
  it('rounds controls and surfaces apart: pill buttons, a shipping box that stays a box', async () => {
    const el = await drawerStyled('--cart-radius: 6px; --cart-control-radius: 999px; --cart-surface-radius: 4px');
    expect(radius(part(el, 'trigger'))).to.equal('999px');
    expect(radius(part(el, 'checkout'))).to.equal('999px');
    expect(radius(part(el, 'quantity'))).to.equal('999px');
    expect(radius(part(el, 'shipping-package'))).to.equal('4px');
    expect(radius(part(el, 'image'))).to.equal('4px');
    await expect(el).to.be.accessible();
  });

  it('takes --cart-radius for both when neither is set', async () => {
    const el = await drawerStyled('--cart-radius: 3px');
    expect(radius(part(el, 'trigger'))).to.equal('3px');
    expect(radius(part(el, 'checkout'))).to.equal('3px');
    expect(radius(part(el, 'shipping-package'))).to.equal('3px');
  });

  it('gives each shipping rate a radio of at least 24 by 24 pixels', async () => {
    const el = await drawerStyled('');
    const radios = queryAllByRole<HTMLInputElement>(el, 'radio');
    expect(radios.length).to.be.greaterThan(2);
    for (const radio of radios) {
      const box = radio.getBoundingClientRect();
      expect(box.width, 'width').to.be.at.least(24);
      expect(box.height, 'height').to.be.at.least(24);
    }
    expect(getByRole<HTMLInputElement>(el, 'radio', /Free shipping/).checked).to.equal(true);
    expect(queryByRole(el, 'list', 'Items in your cart')).to.exist;
  });
});
