import { expect, oneEvent } from '../../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { getByRole } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';

const shop = useShop();

const BEANS = 'Ethiopia Yirgacheffe Beans';
const MUG = 'Enamel Mug';
const DRIPPER = 'Ceramic Pour-Over Dripper';

const lineOf = (el: CartDrawer, name: string) => getByRole(el, 'spinbutton', `Quantity for ${name}`).closest('[part~=line]')!;

describe('<cart-drawer> rendering', () => {
  it('re-renders only the changed line when the shop answers a quantity change with a whole new cart', async () => {
    for (const id of [ID.ethiopiaBeans, ID.mug, ID.dripper]) await shop().store().addItem({ id, quantity: 1 });
    const el = await openDrawer(shop());
    // A page's own strings: the drawer asks for a line's labels each time it renders that line.
    const asked: string[] = [];
    el.messages = { quantityFor: (name) => (asked.push(name), `Quantity for ${name}`) };
    await el.updateComplete;
    const [beans, mug, dripper] = [lineOf(el, BEANS), lineOf(el, MUG), lineOf(el, DRIPPER)];
    asked.length = 0;

    const updated = oneEvent(el, 'cart-updated');
    getByRole(el, 'button', `Increase quantity of ${MUG}`).click();
    await updated;
    await el.updateComplete;

    expect(getByRole<HTMLInputElement>(el, 'spinbutton', `Quantity for ${MUG}`).value).to.equal('2');
    expect([...new Set(asked)]).to.deep.equal([MUG]);
    expect([lineOf(el, BEANS), lineOf(el, MUG), lineOf(el, DRIPPER)]).to.deep.equal([beans, mug, dripper]);
    await expect(el).to.be.accessible();
  });
});
