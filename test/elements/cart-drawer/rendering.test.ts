import { expect, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
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

  /** Counts the open drawer's renders: each asks the store for the checkout link once. */
  function countRenders(el: CartDrawer): () => number {
    const store = el.store!;
    const checkoutHref = store.checkoutHref;
    let renders = 0;
    store.checkoutHref = (...args) => (renders++, checkoutHref.apply(store, args));
    return () => renders;
  }

  it('does not render its content again when it is only closed and opened again, and shows what changed meanwhile', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await openDrawer(shop());
    const renders = countRenders(el);
    const beans = lineOf(el, BEANS);
    for (let cycle = 0; cycle < 3; cycle++) {
      await el.hide();
      await el.show();
    }
    expect(renders()).to.equal(0);
    expect(lineOf(el, BEANS)).to.equal(beans);
    await expect(el).to.be.accessible();

    // Closed, the cart changes (another tab, an add-to-cart button): reopened, the drawer shows it.
    await el.hide();
    await shop().store().addItem({ id: ID.mug, quantity: 1 });
    await el.show();
    expect(renders()).to.be.greaterThan(0);
    expect(getByRole<HTMLInputElement>(el, 'spinbutton', `Quantity for ${MUG}`).value).to.equal('1');
    await expect(el).to.be.accessible();
  });

  it('closed with Escape while a quantity is typed, it reopens showing the quantity the cart has', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await openDrawer(shop());
    const field = getByRole<HTMLInputElement>(el, 'spinbutton', `Quantity for ${BEANS}`);
    field.focus();
    field.select();
    await sendKeys({ type: '4' });
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !el.open, 'Escape did not close the drawer');
    await waitUntil(() => shop().store().state.pending.length === 0);
    await el.show();
    const quantity = shop().store().state.cart!.items[0]!.quantity.value;
    expect(getByRole<HTMLInputElement>(el, 'spinbutton', `Quantity for ${BEANS}`).value).to.equal(String(quantity));
    await expect(el).to.be.accessible();
  });
});
