/**
 * The last cart at once (issue 32): on the shop's next page the count and the drawer show the cart
 * this browser last confirmed, before the network answers, then the answer replaces it. A "page" here
 * is a store: the page is left (`pagehide`), its stores are thrown away (`resetCartStores()`), and the
 * next page's elements make a new one, while the shop holds its answer to the cart read.
 */
import { expect, fixture, html, waitUntil } from '../helpers/testing.js';
import { PRODUCT_IDS as ID } from '../../src/mock/index.js';
import '../../src/elements/cart-count/define.js';
import '../../src/elements/cart-drawer/define.js';
import type { CartCount } from '../../src/elements/cart-count/cart-count.js';
import { resetCartStores, type CartStore } from '../../src/store/cart-store.js';
import { LAST_CART_MS } from '../../src/store/last-cart.js';
import { getByRole, queryByRole } from '../helpers/queries.js';
import { holdRequests, requestsTo, useShop, type TestShop } from '../helpers/shop.js';

const shop = useShop();

/** The shopper leaves the page: what the browser does as it goes. */
function leavePage(): void {
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  resetCartStores();
}

const lastCartName = (test: TestShop) => `cart-widget:${test.baseUrl}/${test.namespace}:last-cart`;
const kept = (test: TestShop) => ({ browser: localStorage.getItem(lastCartName(test)), tab: sessionStorage.getItem(lastCartName(test)) });
const quantities = (store: CartStore) => store.state.cart?.items.map((item) => `${item.name} ×${item.quantity.value}`) ?? null;

/** A page that read its cart (and added to it), then the shopper left it. */
async function pageWith(...adds: Array<[number, number]>): Promise<void> {
  const store = shop().store();
  await store.load();
  for (const [id, quantity] of adds) await store.addItem({ id, quantity });
  leavePage();
}

const shownCount = (el: CartCount) => el.shadowRoot!.querySelector<HTMLElement>('[part~=count]')!;

describe('the last cart, at once on the next page', () => {
  it("shows the count before the shop answers, then the shop's answer, in the same place", async () => {
    await pageWith([ID.ethiopiaBeans, 2]);
    // Meanwhile another page (one that the shopper did not leave yet) added a line: the shop has 3.
    await shop().store().addItem({ id: ID.colombiaBeans, quantity: 1 });
    resetCartStores();

    const held = holdRequests(shop(), 'get', 'v2/cart');
    const count = await fixture<CartCount>(html`<cart-count base-url=${shop().baseUrl} namespace=${shop().namespace}></cart-count>`);
    await waitUntil(() => shownCount(count)?.textContent === '2' && getComputedStyle(shownCount(count)).visibility === 'visible', 'the last cart was not shown at once');
    await waitUntil(() => held.held() === 1, 'the cart is read again all the same');
    expect(shownCount(count).textContent, 'still the last cart while the read is held').to.equal('2');
    const before = count.getBoundingClientRect();
    await expect(count).to.be.accessible();

    held.release();
    await waitUntil(() => shownCount(count).textContent === '3', "the shop's answer did not replace the last cart");
    const after = count.getBoundingClientRect();
    expect([after.width, after.height, after.x, after.y]).to.deep.equal([before.width, before.height, before.x, before.y]);
  });

  it('lists the lines in a drawer opened before the answer; a change then waits for the read and is judged by the shop', async () => {
    await pageWith([ID.ethiopiaBeans, 1]);
    const held = holdRequests(shop(), 'get', 'v2/cart');
    const host = await fixture<HTMLElement>(html`<cart-drawer base-url=${shop().baseUrl} namespace=${shop().namespace}></cart-drawer>`);
    const drawer = host.shadowRoot!;
    await waitUntil(() => queryByRole(drawer, 'button', /cart/i), 'no cart button');
    getByRole<HTMLButtonElement>(drawer, 'button', /cart/i).click();
    await waitUntil(() => queryByRole(drawer, 'spinbutton', /Ethiopia/), 'the last cart is not listed in the open drawer');
    await waitUntil(() => held.held() === 1, 'the cart is read again all the same');
    await expect(host).to.be.accessible();

    const store = shop().store();
    const writes = () => shop().requests.filter((request) => request.method !== 'GET').length;
    const before = writes();
    const change = store.updateQuantity(store.state.cart!.items[0]!.key, 3);
    expect(quantities(store), 'the change shows at once').to.deep.equal(['Ethiopia Yirgacheffe Beans ×3']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(writes() - before, 'no write before the read is answered (one cart request at a time)').to.equal(0);
    held.release();
    await change;
    expect(writes() - before).to.equal(1);
    expect(requestsTo(shop(), 'GET', 'v2/cart').length, 'read on each page').to.equal(2);
    expect(quantities(store)).to.deep.equal(['Ethiopia Yirgacheffe Beans ×3']);
  });

  it('keeps only what the drawer shows: no token, no hash, no notices', async () => {
    await pageWith([ID.ethiopiaBeans, 1]);
    const stored = kept(shop()).browser!;
    expect(stored).to.be.a('string');
    expect(stored).not.to.match(/cart_hash|hash-|token|"notices":\[[^\]]/);
    expect(JSON.parse(stored)).to.include.keys('owner', 'at', 'cart');
  });

  it("shows nothing of another cart key's, of an hour ago, or from a clock set back since", async () => {
    await pageWith([ID.ethiopiaBeans, 1]);
    const stored = JSON.parse(kept(shop()).browser!) as { at: number; cart: { key: string } };
    const name = lastCartName(shop());
    const variants = {
      'another cart key': { ...stored, cart: { ...stored.cart, key: 'someone-else' } },
      'an hour ago': { ...stored, at: Date.now() - LAST_CART_MS - 1000 },
      'the clock set back': { ...stored, at: Date.now() + 60_000 },
      'not a cart': { ...stored, cart: { items: 'none' } },
    };
    const seen: Record<string, unknown> = {};
    for (const [what, value] of Object.entries(variants)) {
      localStorage.setItem(name, JSON.stringify(value));
      seen[what] = shop().store().state.cart;
      resetCartStores();
    }
    localStorage.setItem(name, JSON.stringify(stored));
    seen['as kept'] = shop().store().state.cart?.itemCount;
    expect(seen).to.deep.equal({ 'another cart key': null, 'an hour ago': null, 'the clock set back': null, 'not a cart': null, 'as kept': 1 });
  });

  it("keeps a customer's cart in this tab only, shows it to that customer only, and leaves nothing after sign-out", async () => {
    await pageWith([ID.ethiopiaBeans, 1]);
    expect(kept(shop()).browser, "the guest's").to.be.a('string');

    let store = shop().store();
    await store.signIn({ username: 'ada', password: 'analytical-engine' });
    expect(kept(shop()), 'a sign-in leaves no guest cart behind').to.deep.equal({ browser: null, tab: null });
    await store.addItem({ id: ID.mug, quantity: 1 });
    leavePage();
    expect(kept(shop()).browser, 'nothing of the customer in localStorage').to.equal(null);
    expect(JSON.parse(kept(shop()).tab!).owner).to.equal('bearer:2');

    const held = holdRequests(shop(), 'get', 'v2/cart');
    store = shop().store();
    expect(store.state.session.user?.id).to.equal('2');
    expect(quantities(store), "the customer's cart at once").to.include('Enamel Mug ×1');
    held.release();
    await store.load();

    await store.signOut();
    await waitUntil(() => store.state.session.kind === 'guest');
    leavePage();
    const after = kept(shop());
    expect(after.tab, "nothing of the customer's in this tab").to.equal(null);
    expect(after.browser === null || !after.browser.includes('Enamel Mug'), "nothing of the customer's in the browser").to.equal(true);
  });
});
