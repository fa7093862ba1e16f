import { expect, waitUntil } from '../../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { getByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { lineNames, openDrawer } from './drawer-page.js';

const settled = (el: CartDrawer, check: () => unknown, message: string) =>
  waitUntil(() => el.updateComplete.then(check), message);

for (const shape of ['document', 'real'] as const) {
  describe(`<cart-drawer> on a shop answering in the ${shape} shape`, () => {
    const shop = useShop({ shape, namespace: shape === 'real' ? 'cocart' : 'svc' });

    it('goes through a whole visit: lines, a box, quantity, remove and undo, coupon, shipping', async () => {
      const store = shop().store();
      await store.addItem({ id: ID.ethiopiaBeans, quantity: 2 });
      await store.addItem({ id: ID.shirtWhiteM, quantity: 1 });
      await store.addItem({
        id: ID.tastingBox,
        quantity: 1,
        itemData: { mnm_config: [{ product_id: ID.rwandaSample, quantity: 3 }] },
      });
      const el = await openDrawer(shop());
      expect(lineNames(el)).to.deep.equal(['Ethiopia Yirgacheffe Beans', 'Barista T-Shirt - White, M', 'Tasting Box']);
      expect(visibleText(getByRole(el, 'list', 'In this box'))).to.equal('Rwanda Sample × 3');
      expect(el.shadowRoot!.querySelector('[part~=count]')!.textContent).to.equal('4');

      getByRole(el, 'button', 'Increase quantity of Ethiopia Yirgacheffe Beans').click();
      await settled(el, () => !store.state.pending.length, 'the quantity never settled');
      expect(getByRole<HTMLInputElement>(el, 'spinbutton', 'Quantity for Ethiopia Yirgacheffe Beans').value).to.equal('3');

      getByRole(el, 'button', 'Remove Barista T-Shirt - White, M').click();
      await settled(el, () => queryByRole(el, 'button', 'Undo removal of Barista T-Shirt - White, M'), 'no Undo');
      getByRole(el, 'button', 'Undo removal of Barista T-Shirt - White, M').click();
      await settled(el, () => lineNames(el).length === 3, 'Undo did not restore the line');

      const field = getByRole<HTMLInputElement>(el, 'textbox', 'Coupon code');
      field.value = 'fiveoff';
      getByRole(el, 'button', 'Apply').click();
      await settled(el, () => queryByRole(el, 'button', 'Remove coupon fiveoff'), 'the coupon was not applied');

      getByRole(el, 'radio', /Local pickup/).click();
      await settled(el, () => store.state.cart?.shipping.packages[0]?.chosenRate === 'local_pickup:3', 'the rate was not chosen');
      const totals = [...el.shadowRoot!.querySelectorAll('[part~=totals-row]')].map((row) => visibleText(row));
      expect(totals).to.include.members(['Discount -$5.00', 'Shipping Free']);
      await expect(el).to.be.accessible();
    });
  });
}
