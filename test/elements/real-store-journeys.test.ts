// What a shopper of a real CoCart store meets, element by element: the unknown-user answer, the
// signed-in checkout note, lines that could not join at sign-in, and two shops on one page.
import { expect, fixture, html, waitUntil } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import '../../src/elements/add-to-cart/define.js';
import '../../src/elements/cart-drawer/define.js';
import '../../src/elements/cart-provider/define.js';
import type { CartDrawer } from '../../src/elements/cart-drawer/cart-drawer.js';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import { alertTexts, getByRole, queryByRole, visibleText } from '../helpers/queries.js';
import { useShop, worker } from '../helpers/shop.js';
import { openDrawer } from './cart-drawer/drawer-page.js';
import { formFor, regionText, submitCredentials, waitForSignedIn } from './login-form/login-page.js';

describe('a real store: signing in', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });

  it('tells an unknown user what a wrong password is told (the real server answers 500 with an empty body)', async () => {
    // The credentials cause the PHP error; asked without them, the shop refuses a guest as usual (401).
    worker.use(http.post(shop().url('v2/login'), ({ request }) => (request.headers.has('Authorization') ? new HttpResponse(null, { status: 500 }) : undefined)));
    const el = await formFor(shop());
    await submitCredentials(el, 'nosuchuser', 'whatever');
    await waitUntil(() => regionText(el, 'alert'), 'no error shown');
    expect(regionText(el, 'alert')).to.equal('The username, email, phone or password is not correct.');
    await expect(el).to.be.accessible();
  });

  it("says beside Checkout how a signed-in customer finds the cart at the shop's checkout, and hands no key over", async () => {
    const form = await formFor(shop());
    await submitCredentials(form, 'ada', 'analytical-engine');
    await waitForSignedIn(form, shop());
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await openDrawer(shop());
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
    expect(new URL(link.href).search).to.equal('');
    const note = el.shadowRoot!.querySelector('[part~=checkout-note]')!;
    expect(visibleText(note)).to.equal('At checkout, sign in to the shop with the same account: your cart is kept there.');
    expect(link.getAttribute('aria-describedby')).to.equal(note.id);
    await expect(el).to.be.accessible();
  });

  it('names a guest line that could not join the saved cart, in the drawer', async () => {
    const store = shop().store();
    // Ada saved the guide (sold individually) on an earlier visit; as a guest she adds it again.
    await store.signIn({ username: 'ada', password: 'analytical-engine' });
    await store.addItem({ id: ID.guide, quantity: 1 });
    await store.signOut();
    await store.addItem({ id: ID.guide, quantity: 1 });
    await store.addItem({ id: ID.mug, quantity: 1 });

    await store.signIn({ username: 'ada', password: 'analytical-engine' });

    expect(store.state.cart?.items.map((item) => item.id).sort()).to.deep.equal([ID.guide, ID.mug].sort());
    const el = await openDrawer(shop());
    const notice = el.shadowRoot!.querySelector('[part~=notices] [part~=notice-error]')!;
    expect(visibleText(notice)).to.equal("We could not move Brewing Guide (PDF) from your guest cart into your account's cart.");
    await expect(el).to.be.accessible();
  });
});

describe('two shops on one page', () => {
  const shopA = useShop();
  const shopB = useShop();

  it("opens the drawer of the add-to-cart's own shop with open-on-add, never another shop's", async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <cart-provider base-url=${shopA().baseUrl}><cart-drawer id="a"></cart-drawer></cart-provider>
      <cart-provider base-url=${shopB().baseUrl}
        ><cart-drawer id="b"></cart-drawer><add-to-cart product-id=${String(ID.ethiopiaBeans)} open-on-add></add-to-cart
      ></cart-provider>
    </div>`);
    const a = page.querySelector<CartDrawer>('#a')!;
    const b = page.querySelector<CartDrawer>('#b')!;
    await waitUntil(() => shopA().store().state.cart && shopB().store().state.cart, 'the carts never loaded');
    getByRole(page.querySelector('add-to-cart')!, 'button', 'Add to cart').click();
    await waitUntil(() => b.open, "shop B's drawer did not open");
    expect(a.open).to.equal(false);
    await b.hide();
  });
});

describe('a line removed on another device', () => {
  const shop = useShop();

  it('shows the cart as the shop has it and says the line is gone', async () => {
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    const el = await openDrawer(shop());
    // Another device empties the cart behind this page's back.
    const key = shop().store().state.cart!.key!;
    shop().shop.carts.get(key)!.lines.length = 0;
    shop().shop.carts.touch();
    getByRole(el, 'button', /^Increase quantity of/).click();
    await waitUntil(() => alertTexts(el).length, 'nothing was said');
    expect(alertTexts(el)[0]).to.match(/That item is no longer in your cart\.$/);
    await waitUntil(() => !queryByRole(el, 'list', 'Items in your cart'), 'the line stayed');
    await expect(el).to.be.accessible();
  });
});

