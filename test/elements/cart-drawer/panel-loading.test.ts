import { expect, fixture, html, waitUntil } from '../../helpers/testing.js';
import '../../../src/elements/cart-drawer/define.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { getByRole } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';

const shop = useShop();

/**
 * The drawer's button is the element; the open drawer (the dialog and every control in it) is code
 * of its own, fetched when the browser is idle after the count shows, or when the shopper reaches
 * for the button. Each test file runs in a page of its own, so the first drawer here starts without it.
 */
describe('<cart-drawer> and the code of the open drawer', () => {
  const drawer = (open = false) =>
    fixture<CartDrawer>(html`<cart-drawer ?open=${open} base-url=${shop().baseUrl} namespace=${shop().namespace}></cart-drawer>`);
  const dialogOf = (el: CartDrawer) => el.shadowRoot!.querySelector('dialog');

  it('shows its button alone at first, and opens as a modal at the first press all the same', async () => {
    const el = await drawer();
    expect(dialogOf(el), 'the open drawer rendered before anyone wanted it').to.equal(null);

    getByRole(el, 'button', 'Cart').click();
    await el.updateComplete;

    const dialog = dialogOf(el)!;
    expect(dialog.open && dialog.matches(':modal')).to.equal(true);
    await waitUntil(() => el.shadowRoot!.querySelector("[part~='lines'], [part~='empty']:not([hidden])"), 'the cart never showed');
    await expect(el).to.be.accessible();
    await el.hide();
    expect(dialog.open).to.equal(false);
  });

  it('once the code is here, a new drawer opens in its first update', async () => {
    const el = await drawer(true);
    const dialog = dialogOf(el);
    expect(dialog?.open && dialog.matches(':modal')).to.equal(true);
    await el.hide();
  });
});
