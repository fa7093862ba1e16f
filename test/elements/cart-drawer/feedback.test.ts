import { expect, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { setViewport } from '../../helpers/browser.js';
import { HttpResponse, http } from 'msw';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { alertTexts, deepQueryAll, getByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { holdRequests, useShop, worker } from '../../helpers/shop.js';
import { lineNames, openDrawer } from './drawer-page.js';
import { serveCart, wireCart } from './wire-carts.js';

const shop = useShop();
const BEANS = 'Ethiopia Yirgacheffe Beans';
const itemRoute = 'v2/cart/item/:key';

const noticeTexts = (el: CartDrawer) => [...el.shadowRoot!.querySelectorAll('[part~=notice]')].map((notice) => visibleText(notice));

/** What every live region of the drawer says: what a screen reader announces. */
const spoken = (el: CartDrawer) =>
  deepQueryAll(el, '[role=status], [role=alert], [aria-live]:not([aria-live=off])')
    .map((region) => visibleText(region))
    .filter(Boolean);

async function typeCoupon(el: CartDrawer, code: string) {
  getByRole(el, 'textbox', 'Coupon code').focus();
  await sendKeys({ type: code });
  await sendKeys({ press: 'Enter' });
}

describe('<cart-drawer> feedback', () => {
  beforeEach(() => shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 }));

  it('drops the shop\'s success notice once a later coupon fails, and shows the next reply\'s notices', async () => {
    const el = await openDrawer(shop());
    await typeCoupon(el, 'SAVE10');
    await waitUntil(() => noticeTexts(el).includes('Coupon code applied successfully.'), 'no success notice');
    await typeCoupon(el, 'SAVE10');
    await waitUntil(() => alertTexts(el).length, 'no error shown');
    expect(alertTexts(el)[0]).to.match(/^We could not apply coupon SAVE10\./);
    expect(noticeTexts(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
    await waitUntil(() => noticeTexts(el).length, 'the next reply\'s notice did not show');
    expect(noticeTexts(el)[0]).to.match(/has been updated to 2/);
  });

  it('drops the shop\'s earlier notice when a shipping change fails', async () => {
    const el = await openDrawer(shop());
    expect(noticeTexts(el)).to.have.length(1);
    worker.use(
      http.post(shop().url('v2/cart/set-shipping-method'), () => HttpResponse.json({ code: 'svc_x', message: 'Not today.', data: { status: 400 } }, { status: 400 }), { once: true }),
    );
    getByRole(el, 'radio', /Local pickup/).click();
    await waitUntil(() => alertTexts(el).length, 'no error shown');
    expect(noticeTexts(el)).to.deep.equal([]);
  });

  it('shows no earlier "has been added" notice after an add elsewhere on the page was refused', async () => {
    const store = shop().store();
    await store.addItem({ id: ID.guide, quantity: 1 });
    expect(store.state.cart!.notices.map((notice) => notice.message).join()).to.match(/has been added/);
    // Sold once per cart: the second add is refused, e.g. by an <add-to-cart> button.
    await store.addItem({ id: ID.guide, quantity: 1 }).catch(() => undefined);
    const el = await openDrawer(shop());
    expect(noticeTexts(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('announces each action once, though the shop\'s notice about it shows too', async () => {
    const el = await openDrawer(shop());
    getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
    await waitUntil(() => noticeTexts(el).some((text) => /updated to 2/.test(text)), 'no notice');
    await waitUntil(() => spoken(el).length, 'nothing announced');
    expect(spoken(el)).to.deep.equal([`${BEANS}: quantity 2.`]);
    await expect(el).to.be.accessible();
  });

  it('ignores a second "Undo" while the first is on its way', async () => {
    const el = await openDrawer(shop());
    getByRole(el, 'button', `Remove ${BEANS}`).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => queryByRole(el, 'button', `Undo removal of ${BEANS}`), 'no Undo');
    const held = holdRequests(shop(), 'put', itemRoute);
    getByRole(el, 'button', `Undo removal of ${BEANS}`).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const undo = getByRole(el, 'button', `Undo removal of ${BEANS}`);
    expect(undo.getAttribute('aria-disabled')).to.equal('true');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Enter' });
    held.release();
    await waitUntil(() => lineNames(el).length === 1, 'the line did not come back');
    await el.updateComplete;
    expect(alertTexts(el)).to.deep.equal([]);
  });

  it('explains a failed removal on the line without marking its quantity invalid', async () => {
    const el = await openDrawer(shop());
    worker.use(http.delete(shop().url(itemRoute), () => new HttpResponse(null, { status: 500 }), { once: true }));
    getByRole(el, 'button', `Remove ${BEANS}`).click();
    await waitUntil(() => alertTexts(el).length, 'no error shown');
    const [message] = alertTexts(el);
    expect(message).to.match(new RegExp(`^We could not remove ${BEANS}\\.`));
    const quantity = getByRole(el, 'spinbutton', `Quantity for ${BEANS}`);
    expect(quantity.hasAttribute('aria-invalid')).to.equal(false);
    expect(quantity.hasAttribute('aria-describedby')).to.equal(false);
    const remove = getByRole(el, 'button', `Remove ${BEANS}`);
    expect(el.shadowRoot!.getElementById(remove.getAttribute('aria-describedby')!)!.textContent).to.equal(message);
    await expect(el).to.be.accessible();
  });
});

describe('<cart-drawer> on a 320px wide screen', () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('wraps a notice\'s long unbroken word instead of widening the drawer', async () => {
    await setViewport({ width: 320, height: 640 });
    const cart = wireCart();
    cart.notices = { success: [`“${'Superlongproductname'.repeat(4)}” has been added to your cart.`] } as never;
    serveCart(shop(), cart);
    const el = await openDrawer(shop());
    const body = el.shadowRoot!.querySelector<HTMLElement>('[part~=body]')!;
    expect(noticeTexts(el)).to.have.length(1);
    expect(body.scrollWidth).to.be.at.most(body.clientWidth);
    await expect(el).to.be.accessible();
  });
});
