// Issue 30, point 4: a signed-in customer's Checkout while guest lines are still on their way into
// their cart (the sign-in's carry-over met a dropped connection, or is still under way) finishes
// them first, or says which lines checkout would miss; it never hands the shopper to a checkout
// without them. On the fake shop in its real mode, without the hand-over (CoCart 4.3.6: the plain
// link); the scene is in helpers/carry-over.ts.
import { expect, pause, waitUntil } from '../../helpers/testing.js';
import { leave } from '../../../src/elements/cart-drawer/leave.js';
import { CartStore } from '../../../src/store/cart-store.js';
import { ada, dropOnAdd, EVERY_LINE, guestWithSavedCap, ITEMS, linesOf } from '../../helpers/carry-over.js';
import { alertTexts, getByRole } from '../../helpers/queries.js';
import { holdRequests, useShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';
import { clickCheckout } from './checkout-click.js';

const WAITS = "We could not move Colombia Huila Beans and Barista T-Shirt - Black, M from your guest cart into your account's cart yet, so checkout has to wait. Please try again in a moment.";

describe('Checkout while guest lines are on their way into the customer’s cart', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });
  const pages: CartStore[] = [];
  const undo: Array<() => void> = [];
  /** Where the drawer sent the shopper (`leave.to`), with what the shop held for Ada at that moment. */
  let left: Array<{ url: string; shopHeld: Promise<unknown> }>;
  beforeEach(() => {
    left = [];
    const original = leave.to;
    leave.to = (url) => void left.push({ url, shopHeld: shopHolds().then(linesOf) });
    undo.push(() => (leave.to = original));
  });
  afterEach(() => {
    for (const step of undo.splice(0).reverse()) step();
    for (const page of pages.splice(0)) page.dispose();
  });

  /** What the shop itself holds for Ada, read by a fresh page of the visit. */
  function shopHolds() {
    const page = new CartStore(shop().config);
    pages.push(page);
    return page.load();
  }

  /** The scene: guest lines carried at Ada's sign-in, the Hoodie's add dropped before the shop acted; the drawer open. */
  async function signedInWithTheHoodieDropped() {
    const store = await guestWithSavedCap(shop());
    const outage = dropOnAdd(ITEMS.hoodie, 'before the shop acted');
    undo.push(outage.restore);
    await store.signIn(ada);
    const el = await openDrawer(shop());
    return { store, outage, el, link: getByRole<HTMLAnchorElement>(el, 'link', 'Checkout') };
  }

  it('finishes the carry-over first once the shop answers again, then leaves for checkout with every line', async () => {
    const { store, outage, el, link } = await signedInWithTheHoodieDropped();

    outage.answerAgain();
    expect(clickCheckout(link), 'the drawer follows the link itself, once the lines are in').to.equal(false);

    await waitUntil(() => left.length, 'the drawer never left for checkout');
    expect(left.map(({ url }) => url)).to.deep.equal([store.checkoutHref()]);
    expect(await left[0]!.shopHeld, 'what the shop held when the shopper left').to.deep.equal(EVERY_LINE);
    expect(linesOf(store.state.cart)).to.deep.equal(EVERY_LINE);
  });

  it('says which lines checkout would miss while the shop cannot be reached, and lets the shopper go once they are in', async function () {
    this.timeout(30_000);
    const { store, outage, el, link } = await signedInWithTheHoodieDropped();

    const tried = outage.tried();

    expect(clickCheckout(link)).to.equal(false);

    await waitUntil(() => outage.tried() > tried, 'the click did not try to finish the carry-over');
    await waitUntil(() => alertTexts(el).includes(WAITS), `no alert naming the lines; alerts: ${JSON.stringify(alertTexts(el))}`, { timeout: 6000 });
    await pause(1500);
    expect(left, 'not handed to a checkout without them').to.deep.equal([]);
    await expect(el).to.be.accessible();

    // The shop answers again: the carry-over resumes on its own, and the alert goes with the lines owed.
    outage.answerAgain();
    await waitUntil(() => JSON.stringify(linesOf(store.state.cart)) === JSON.stringify(EVERY_LINE), 'the carry-over did not resume', { timeout: 10_000 });
    await el.updateComplete;
    expect(alertTexts(el)).to.not.include(WAITS);
    // Nothing owed: the click goes to checkout (through the store, which waits for the shop's route
    // index before it chooses the link), with every line on the shop.
    clickCheckout(link);
    await waitUntil(() => left.length, 'nothing owed, yet the drawer did not leave for checkout');
    expect(left.map(({ url }) => url)).to.deep.equal([store.checkoutHref()]);
    expect(await left[0]!.shopHeld).to.deep.equal(EVERY_LINE);
  });

  it('waits for a carry-over still under way at the click, then leaves with every line', async () => {
    const store = await guestWithSavedCap(shop());
    const el = await openDrawer(shop());
    const beanie = holdRequests(shop(), 'post', 'v2/cart/add-item');
    const signedIn = store.signIn(ada);
    // The Beanie's add is held first; let it through, and hold the Hoodie's.
    await waitUntil(() => beanie.held() === 1, 'the carry-over did not start');
    beanie.release();
    const hoodie = holdRequests(shop(), 'post', 'v2/cart/add-item');
    await waitUntil(() => hoodie.held() === 1, 'the carry-over did not go on');
    await el.updateComplete;
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');

    expect(clickCheckout(link)).to.equal(false);
    expect(left, 'not before the lines are in').to.deep.equal([]);
    hoodie.release();
    await signedIn;

    await waitUntil(() => left.length, 'the drawer never left for checkout');
    expect(await left[0]!.shopHeld).to.deep.equal(EVERY_LINE);
  });
});
