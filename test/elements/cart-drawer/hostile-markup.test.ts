import { expect, waitUntil } from '../../helpers/testing.js';
import { queryAllByRole, visibleText } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';
import { HOSTILE, hostileCart, serveCart } from './wire-carts.js';

declare global {
  interface Window {
    __hacked?: boolean;
  }
}

describe('<cart-drawer> and markup from the shop', () => {
  const shop = useShop();

  it('shows markup in every text field as text, never as HTML', async () => {
    serveCart(shop(), hostileCart());
    const el = await openDrawer(shop());
    await waitUntil(() => queryAllByRole(el, 'listitem').length > 4);
    const root = el.shadowRoot!;
    expect(root.querySelector('img[src="x"], b'), 'markup from the shop became elements').to.equal(null);
    const text = visibleText(el);
    const shown = (label: string) => expect(text, label).to.contain(`${label} ${HOSTILE}`);
    for (const label of ['Hoodie', 'Cap', 'Coupon', 'Parcel', 'Rate', 'Fee', 'Tax', 'Beanie']) shown(label);
    // Fields the service fills with markup on purpose (destination, notices) reach the drawer as
    // their text: the api layer reduces them, and the drawer still binds them as text only.
    for (const label of ['Shipping to Street', 'Added', 'Oops', 'Note']) expect(text, label).to.contain(`${label} bold`);
    expect(text).to.contain(`Colour ${HOSTILE}`);
    expect(text).to.contain(`Mug ${HOSTILE} was removed.`);
    expect(window.__hacked).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('shows success, info and error notices in one list', async () => {
    serveCart(shop(), hostileCart());
    const el = await openDrawer(shop());
    const notices = el.shadowRoot!.querySelector('[part~=notices]')!;
    const kinds = [...notices.children].map((notice) => `${notice.getAttribute('part')}: ${visibleText(notice).split(' ')[0]}`);
    expect(kinds).to.have.members(['notice notice-success: Added', 'notice notice-error: Oops', 'notice notice-info: Note']);
  });
});
