// A signed-in customer's Checkout on a shop that hands the saved cart over (CoCart 4.4:
// `?cocart-load-cart=<customer id>&c_hash=<cart_hash>`, architecture §3 "Checkout hands the cart
// over"), and on one that does not (4.3.6). The shop's route index says which: 4.4 lists
// `POST {ns}/v2/cart`. The hand-over read and the index are answered here; the rest by the fake shop.
import { expect, pause, waitUntil } from '../../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { leave } from '../../../src/elements/cart-drawer/leave.js';
import { CheckoutEvent } from '../../../src/events/cart-events.js';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import { getByRole, visibleText } from '../../helpers/queries.js';
import { useShop, worker, type TestShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';
import { resolveConfig } from '../../../src/store/config.js';
import { clickCheckout } from './checkout-click.js';

const NOTE = 'At checkout, sign in to the shop with the same account: your cart is kept there.';

/**
 * WordPress's namespace index as 4.4 (`POST` on `v2/cart`) or 4.3.6 (`GET` only) sends it; with
 * `answered`, only once that promise settles (an index still on its way when the shopper clicks).
 */
function routeIndex(shop: TestShop, handOver: boolean, answered?: Promise<unknown>) {
  const ns = `/${shop.namespace}/v2`;
  const routes = {
    [ns]: { namespace: `${shop.namespace}/v2`, methods: ['GET'] },
    [`${ns}/cart`]: { namespace: `${shop.namespace}/v2`, methods: handOver ? ['GET', 'POST'] : ['GET'] },
    [`${ns}/cart/add-item`]: { namespace: `${shop.namespace}/v2`, methods: ['POST'] },
    [`${ns}/cart/update`]: { namespace: `${shop.namespace}/v2`, methods: ['POST'] },
  };
  const index = { served: 0 };
  worker.use(
    http.get(shop.url('v2'), async () => {
      index.served++;
      await answered;
      return HttpResponse.json({ namespace: `${shop.namespace}/v2`, routes });
    }),
  );
  return index;
}

/** The hand-over reads (`GET cart?fields=…`): each answers a new hash, as a cart that changed would. */
function handOverReads(shop: TestShop, answer?: () => Response) {
  const reads: { authorization: string | null; query: string; hash: string }[] = [];
  worker.use(
    http.get(shop.url('v2/cart'), ({ request }) => {
      const url = new URL(request.url);
      if (!url.searchParams.has('fields')) return undefined;
      const hash = (reads.length + 1).toString(16).padStart(32, 'c');
      reads.push({ authorization: request.headers.get('Authorization'), query: url.search, hash });
      return answer ? answer() : HttpResponse.json({ cart_key: '7', cart_hash: hash });
    }),
  );
  return reads;
}

/** Where the drawer sent the shopper (`leave.to`), instead of leaving the test page. */
function watchLeaving() {
  const left: string[] = [];
  const original = leave.to;
  leave.to = (url) => void left.push(url);
  return { left, restore: () => (leave.to = original) };
}

async function signedInWithLines(shop: TestShop) {
  const store = shop.store();
  await store.signIn({ username: 'ada', password: 'analytical-engine' });
  await store.addItem({ id: ID.ethiopiaBeans, quantity: 2 });
}

describe('Checkout for a signed-in customer', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });
  let watch: ReturnType<typeof watchLeaving>;
  beforeEach(() => (watch = watchLeaving()));
  afterEach(() => watch.restore());

  it("on a shop that offers it, reads the cart in the same click and leaves for checkout with the customer's id and that fresh hash", async () => {
    routeIndex(shop(), true);
    const reads = handOverReads(shop());
    await signedInWithLines(shop());
    const logged: string[] = [];
    const originals = { log: console.log, warn: console.warn, error: console.error, info: console.info, debug: console.debug };
    for (const name of Object.keys(originals) as (keyof typeof originals)[]) console[name] = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    const events: CheckoutEvent[] = [];
    document.addEventListener('checkout', (e) => events.push(e as CheckoutEvent));
    try {
      const el = await openDrawer(shop());
      await waitUntil(() => shop().store().state.features.handOver, 'the route index was not read');
      await el.updateComplete;
      // Nothing to sign in to at checkout: no hint beside the link.
      expect(el.shadowRoot!.querySelector('[part~=checkout-note]')).to.equal(null);
      const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
      expect(new URL(link.href).search, 'the link on screen carries no key and no hash').to.equal('');
      expect(reads, 'no hand-over read before the click').to.have.length(0);
      await expect(el).to.be.accessible();

      expect(clickCheckout(link), 'the drawer follows the hand-over link itself').to.equal(false);
      await waitUntil(() => watch.left.length, 'the drawer never left for checkout');
      expect(reads).to.have.length(1);
      const [read] = reads;
      expect(read!.authorization).to.match(/^Bearer /);
      expect(new URLSearchParams(read!.query).get('cart_key'), 'the read carries no guest key').to.equal(null);
      const target = new URL(watch.left[0]!);
      expect(target.origin + target.pathname).to.equal(new URL(shop().baseUrl.replace(/\/wp-json$/, '/checkout/')).href);
      expect(Object.fromEntries(target.searchParams)).to.deep.equal({ 'cocart-load-cart': '7', c_hash: read!.hash });

      // The hash went nowhere else: not in the event, the console, storage or the state.
      expect(events).to.have.length(1);
      expect(events[0]!.detail.url).to.equal(link.href);
      expect(JSON.stringify(events[0]!.detail)).not.to.include(read!.hash);
      expect(logged.join('\n')).not.to.include(read!.hash);
      expect(JSON.stringify({ ...localStorage })).not.to.include(read!.hash);
      expect(JSON.stringify(shop().store().state)).not.to.include(read!.hash);
    } finally {
      Object.assign(console, originals);
    }
  });

  it('reads the cart again on every click: a hash is never reused', async () => {
    routeIndex(shop(), true);
    const reads = handOverReads(shop());
    await signedInWithLines(shop());
    const el = await openDrawer(shop());
    await waitUntil(() => shop().store().state.features.handOver, 'the route index was not read');
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
    clickCheckout(link);
    await waitUntil(() => watch.left.length === 1, 'no first hand-over');
    // The shopper came back (the page kept) and changed the cart meanwhile.
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    clickCheckout(link);
    await waitUntil(() => watch.left.length === 2, 'no second hand-over');
    expect(reads.map((r) => r.hash)).to.have.length(2);
    expect(watch.left.map((url) => new URL(url).searchParams.get('c_hash'))).to.deep.equal(reads.map((r) => r.hash));
  });

  it('falls back to the plain link and the hint when the cart cannot be read, and touches nothing on the shop', async () => {
    routeIndex(shop(), true);
    const reads = handOverReads(shop(), () => HttpResponse.json({ code: 'cocart_oops', message: 'Down.', data: { status: 500 } }, { status: 500 }));
    await signedInWithLines(shop());
    const saved = shop().store().state.cart!.items.map((i) => [i.id, i.quantity.value]);
    const el = await openDrawer(shop());
    await waitUntil(() => shop().store().state.features.handOver, 'the route index was not read');
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
    const writesBefore = shop().requests.filter((r) => r.method !== 'GET').length;

    expect(clickCheckout(link)).to.equal(false);
    await waitUntil(() => el.shadowRoot!.querySelector('[part~=checkout-note]'), 'no hint after the failed read');
    expect(reads).to.have.length(1);
    expect(watch.left).to.deep.equal([]);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=checkout-note]')!)).to.equal(NOTE);
    expect(new URL(link.href).search).to.equal('');
    expect(shop().requests.filter((r) => r.method !== 'GET').length, 'nothing was written').to.equal(writesBefore);
    expect(shop().store().state.cart!.items.map((i) => [i.id, i.quantity.value])).to.deep.equal(saved);
    await expect(el).to.be.accessible();
    // The next click follows the plain link, as on a shop without the hand-over.
    expect(clickCheckout(link)).to.equal(true);
    expect(reads).to.have.length(1);
  });

  it('keeps today\'s Checkout on a shop without the hand-over (CoCart 4.3.6): the plain link, the hint, no extra read', async () => {
    const index = routeIndex(shop(), false);
    const reads = handOverReads(shop());
    await signedInWithLines(shop());
    const el = await openDrawer(shop());
    await waitUntil(() => index.served, 'the route index was not read');
    await shop().store().discoverFeatures();
    await el.updateComplete;
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
    expect(visibleText(el.shadowRoot!.querySelector('[part~=checkout-note]')!)).to.equal(NOTE);
    // The drawer takes the click (the index might still have been on its way) and leaves for the plain link.
    expect(clickCheckout(link)).to.equal(false);
    await waitUntil(() => watch.left.length, 'the drawer never left for checkout');
    expect(watch.left).to.deep.equal([link.href]);
    await pause(300);
    expect(reads).to.deep.equal([]);
    expect(new URL(link.href).search).to.equal('');
  });

  // Found on a real store (docs/findings-handover-wc10.md): a Checkout pressed while the route index
  // was still on its way followed the plain link, and WooCommerce sent the customer, not signed in,
  // from its checkout on to an empty /cart/.
  it('waits for a route index still on its way when Checkout is pressed, then hands the cart over', async () => {
    let answer!: () => void;
    const index = routeIndex(shop(), true, new Promise<void>((resolve) => (answer = resolve)));
    const reads = handOverReads(shop());
    await signedInWithLines(shop());
    const el = await openDrawer(shop());
    await waitUntil(() => index.served, 'the route index was not asked for');
    expect(shop().store().state.features.handOver, 'the index has not answered yet').to.equal(false);
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');

    expect(clickCheckout(link), 'the browser must not follow the plain link').to.equal(false);
    await pause(300);
    expect(watch.left, 'nothing before the index answers').to.deep.equal([]);
    expect(reads).to.deep.equal([]);
    // A second press meanwhile changes nothing.
    expect(clickCheckout(link)).to.equal(false);

    answer();
    await waitUntil(() => watch.left.length, 'the drawer never left for checkout');
    expect(reads).to.have.length(1);
    expect(watch.left).to.have.length(1);
    expect(Object.fromEntries(new URL(watch.left[0]!).searchParams)).to.deep.equal({ 'cocart-load-cart': '7', c_hash: reads[0]!.hash });
  });

  it('follows the plain link, after the hint was on screen, when the route index cannot be read', async () => {
    worker.use(http.get(shop().url('v2'), () => HttpResponse.json({ code: 'oops', message: 'Down.', data: { status: 500 } }, { status: 500 })));
    const reads = handOverReads(shop());
    await signedInWithLines(shop());
    const el = await openDrawer(shop());
    await shop().store().discoverFeatures();
    await el.updateComplete;
    expect(visibleText(el.shadowRoot!.querySelector('[part~=checkout-note]')!)).to.equal(NOTE);
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
    clickCheckout(link);
    await waitUntil(() => watch.left.length, 'the drawer never left for checkout');
    expect(watch.left).to.deep.equal([link.href]);
    expect(reads).to.deep.equal([]);
  });

  it("leaves a guest's link as it was on a shop that offers the hand-over: their cart key, no hash, no read", async () => {
    routeIndex(shop(), true);
    const reads = handOverReads(shop());
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const el = await openDrawer(shop());
    await waitUntil(() => shop().store().state.features.handOver, 'the route index was not read');
    const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
    expect(Object.fromEntries(new URL(link.href).searchParams)).to.deep.equal({ 'cocart-load-cart': shop().store().state.cart!.key });
    expect(clickCheckout(link)).to.equal(true);
    expect(reads).to.deep.equal([]);
  });
});

// Architecture §3 "The page is the merchant's": URLs from configuration resolve as the page's own
// links do (issue 31, point 4). A page with `<base href>` and `checkout-url="checkout/"`: the
// merchant's own `<a href="checkout/">` leads under the base, and so does every Checkout.
describe('a relative checkout-url on a page with <base href>', () => {
  const shop = useShop({ namespace: 'cocart', shape: 'real' });
  let watch: ReturnType<typeof watchLeaving>;
  let base: HTMLBaseElement;
  /** Where the page's own link with the same URL leads. */
  let ownLink: string;
  beforeEach(() => {
    watch = watchLeaving();
    base = Object.assign(document.createElement('base'), { href: `${location.origin}/merchant/shop/` });
    document.head.prepend(base);
    ownLink = Object.assign(document.createElement('a'), { href: 'checkout/' }).href;
  });
  afterEach(() => {
    base.remove();
    watch.restore();
  });

  async function drawerWithCheckout(): Promise<{ el: Awaited<ReturnType<typeof openDrawer>>; link: HTMLAnchorElement; events: CheckoutEvent[] }> {
    const el = await openDrawer(shop());
    el.checkoutUrl = 'checkout/';
    await el.updateComplete;
    const events: CheckoutEvent[] = [];
    el.addEventListener('checkout', (e) => events.push(e as CheckoutEvent));
    return { el, link: getByRole<HTMLAnchorElement>(el, 'link', 'Checkout'), events };
  }

  it("takes a guest where the page's own link goes, with their cart", async () => {
    expect(ownLink).to.equal(`${location.origin}/merchant/shop/checkout/`);
    routeIndex(shop(), true);
    await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 1 });
    const { el, link, events } = await drawerWithCheckout();
    const key = shop().store().state.cart!.key;
    expect(link.href).to.equal(`${ownLink}?cocart-load-cart=${key}`);
    expect(clickCheckout(link)).to.equal(true);
    expect(events).to.have.length(1);
    expect(new URL(events[0]!.detail.url, location.href).href, "the event's URL, read by the page").to.equal(link.href);
    await expect(el).to.be.accessible();
  });

  it("takes a signed-in customer where the page's own link goes: the hand-over and the plain link", async () => {
    routeIndex(shop(), true);
    handOverReads(shop());
    await signedInWithLines(shop());
    const { link, events } = await drawerWithCheckout();
    await waitUntil(() => shop().store().state.features.handOver, 'the route index was not read');
    expect(link.href, 'the link on screen').to.equal(ownLink);

    expect(clickCheckout(link)).to.equal(false);
    await waitUntil(() => watch.left.length, 'the drawer never left for checkout');
    const target = new URL(watch.left[0]!);
    expect(target.origin + target.pathname, 'the hand-over').to.equal(ownLink);
    expect(new URL(events[0]!.detail.url, location.href).href, "the event's URL, read by the page").to.equal(ownLink);
  });

  it('resolves a relative base-url the same way, and still refuses an unsafe checkout-url', async () => {
    const config = resolveConfig({ baseUrl: 'wp-json/', checkoutUrl: 'javascript:alert(1)' });
    expect(config.baseUrl).to.equal(`${location.origin}/merchant/shop/wp-json`);
    expect(config.checkoutUrl).to.equal(`${location.origin}/merchant/shop/checkout/`);
  });
});
