import { expect, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse, http } from 'msw';
import { DEFAULT_USERS, PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { alertTexts, getByRole, visibleText } from '../../helpers/queries.js';
import { useShop, worker } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';

const shop = useShop();
const BEANS = 'Ethiopia Yirgacheffe Beans';
const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;

/** Types `code` into "Coupon code", applies it and waits for the shop's refusal on screen. */
async function refusedCoupon(el: CartDrawer, code = 'NOPE'): Promise<HTMLInputElement> {
  const field = getByRole<HTMLInputElement>(el, 'textbox', 'Coupon code');
  field.focus();
  await sendKeys({ type: code });
  const failed = oneEvent(el, 'cart-error');
  await sendKeys({ press: 'Enter' });
  await failed;
  await el.updateComplete;
  expect(alertTexts(el).join(' ')).to.match(new RegExp(`^We could not apply coupon ${code}\\.`));
  expect(field.getAttribute('aria-invalid')).to.equal('true');
  return field;
}

/** A refused quantity change on the beans line: "Only 2 left in stock." next to the field. */
async function refusedQuantity(el: CartDrawer): Promise<void> {
  worker.use(
    http.post(shop().url('v2/cart/item/:key'), () =>
      HttpResponse.json({ code: 'svc_not_enough_in_stock', message: 'Only 2 left in stock.', data: { status: 400 } }, { status: 400 }), { once: true }),
  );
  const failed = oneEvent(el, 'cart-error');
  getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
  await failed;
  await el.updateComplete;
  expect(alertTexts(el)).to.include(`We could not change the quantity of ${BEANS}. Only 2 left in stock.`);
}

describe('<cart-drawer> errors belong to the moment', () => {
  beforeEach(() => shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 }));

  it('forgets a refused coupon as soon as the shopper changes the code', async () => {
    const el = await openDrawer(shop());
    const field = await refusedCoupon(el);
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(alertTexts(el)).to.deep.equal([]);
    expect(field.hasAttribute('aria-invalid')).to.equal(false);
    expect(field.value).to.equal('NOP');
    await expect(el).to.be.accessible();
  });

  it('forgets a refused coupon and a refused quantity once the drawer is closed: reopened, it says nothing old', async () => {
    const el = await openDrawer(shop());
    await refusedCoupon(el);
    await refusedQuantity(el);
    await el.hide();
    await el.show();
    await el.updateComplete;
    expect(alertTexts(el)).to.deep.equal([]);
    expect(getByRole(el, 'spinbutton', `Quantity for ${BEANS}`).getAttribute('aria-invalid')).to.not.equal('true');
    await expect(el).to.be.accessible();
  });

  it('forgets what it said about a quantity typed over the limit once the drawer is closed, in the status region too (found on both real stores)', async () => {
    await shop().store().addItem({ id: ID.dripper, quantity: 2 }); // 3 in stock
    const el = await openDrawer(shop());
    const dripper = getByRole<HTMLInputElement>(el, 'spinbutton', 'Quantity for Ceramic Pour-Over Dripper');
    const said = () => visibleText(el.shadowRoot!.querySelector('dialog')!).includes('Only 3 available.');
    dripper.focus();
    dripper.select();
    await sendKeys({ type: '5' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shop().store().state.pending.length === 0 && said(), 'the limit was never said');
    await el.hide();
    await el.show();
    await el.updateComplete;
    expect(visibleText(el.shadowRoot!.querySelector('dialog')!)).to.not.contain('Only 3 available.');
    await expect(el).to.be.accessible();
  });

  it('forgets a refused coupon after signing in and after signing out, with the drawer open', async () => {
    const el = await openDrawer(shop());
    await refusedCoupon(el);
    await shop().store().signIn({ username: ada.username, password: ada.password });
    await waitUntil(() => !alertTexts(el).length, `still shown after signing in: ${alertTexts(el).join(' ')}`);
    await refusedCoupon(el, 'AGAIN');
    await shop().store().signOut();
    await waitUntil(() => !alertTexts(el).length, `still shown after signing out: ${alertTexts(el).join(' ')}`);
    await expect(el).to.be.accessible();
  });

  it('keeps a refused coupon while nothing it was about changed (another line changes)', async () => {
    const el = await openDrawer(shop());
    await refusedCoupon(el);
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    await el.updateComplete;
    expect(alertTexts(el).join(' ')).to.match(/^We could not apply coupon NOPE\./);
  });
});
