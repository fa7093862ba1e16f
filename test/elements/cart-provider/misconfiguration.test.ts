import { HttpResponse, http } from 'msw';
import { expect, fixture, html, waitUntil } from '../../helpers/testing.js';
import '../../../src/elements/cart-provider/define.js';
import '../../../src/elements/cart-drawer/define.js';
import '../../../src/elements/cart-count/define.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import type { CartErrorEvent } from '../../../src/events/cart-events.js';
import { getByRole, visibleText } from '../../helpers/queries.js';
import { useShop, worker } from '../../helpers/shop.js';

const shop = useShop();

/** What the console's errors and the page's `cart-error` events said during a test. */
function listen() {
  const errors: string[] = [];
  const events: CartErrorEvent[] = [];
  const original = console.error;
  // The widget's own lines ("cart-widget: …"); not msw's about a request a test left unanswered,
  // which may come late, from the test before (a busy machine showed one in the next test's count).
  console.error = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    if (line.includes('cart-widget')) errors.push(line);
  };
  const onError = (event: CartErrorEvent) => void events.push(event);
  document.addEventListener('cart-error', onError);
  return {
    errors,
    events,
    stop() {
      console.error = original;
      document.removeEventListener('cart-error', onError);
    },
  };
}

/** The cart route of the test's shop answers `response` (a wrong base-url or namespace would). */
const answerCartWith = (response: () => Response) => worker.use(http.get(shop().url('v2/cart'), response));

/** A page with a provider holding a drawer and a count, as the README shows it. */
async function page(): Promise<CartDrawer> {
  const root = await fixture<HTMLElement>(html`<cart-provider base-url=${shop().baseUrl}>
    <cart-drawer></cart-drawer> <cart-count></cart-count>
  </cart-provider>`);
  return root.querySelector('cart-drawer')!;
}

describe('a misconfigured provider says so', () => {
  let heard: ReturnType<typeof listen>;
  beforeEach(() => (heard = listen()));
  afterEach(() => heard.stop());

  it('names the URL tried and what to check once, and tells the page with one cart-error, when the cart route is not there (404 rest_no_route)', async () => {
    answerCartWith(() => HttpResponse.json({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }, { status: 404 }));
    const drawer = await page();
    await waitUntil(() => heard.events.length, 'no cart-error at page load');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.events.map((event) => [event.detail.action, event.detail.error.status, event.detail.error.code])).to.deep.equal([['load-cart', 404, 'rest_no_route']]);
    expect(heard.errors).to.have.length(1);
    const [line] = heard.errors;
    expect(line).to.contain(`${shop().baseUrl}/svc/v2/cart`);
    expect(line).to.contain('rest_no_route');
    expect(line).to.contain('base-url');
    expect(line).to.contain('namespace="cocart"');
    // The shopper reads the drawer's words, never the service's developer text.
    await drawer.show();
    await waitUntil(() => getByRole(drawer, 'dialog') && visibleText(getByRole(drawer, 'dialog')).includes('Try again'), 'no load error in the drawer');
    const text = visibleText(drawer);
    expect(text).to.not.match(/rest_no_route|No route was found|base-url|namespace/);
    await expect(drawer).to.be.accessible();
  });

  it('says so for an answer that is not a cart: an HTML page', async () => {
    answerCartWith(() => new HttpResponse('<!doctype html><title>Shop</title><p>Welcome', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await page();
    await waitUntil(() => heard.events.length, 'no cart-error at page load');
    expect(heard.events[0]!.detail.action).to.equal('load-cart');
    expect(heard.errors, heard.errors.join(' | ')).to.have.length(1);
    expect(heard.errors[0]).to.contain(`${shop().baseUrl}/svc/v2/cart`).and.to.contain('not a cart');
  });

  it('says so for a standalone drawer too (no provider), once for all elements of that shop', async () => {
    answerCartWith(() => HttpResponse.json({ message: 'hello' }));
    await fixture(html`<div>
      <cart-drawer base-url=${shop().baseUrl}></cart-drawer><cart-count base-url=${shop().baseUrl}></cart-count>
    </div>`);
    await waitUntil(() => heard.events.length, 'no cart-error at page load');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.events).to.have.length(1);
    expect(heard.errors).to.have.length(1);
  });

  it('stays quiet once a cart came from the address, even when a later read fails the same way', async () => {
    await page();
    await waitUntil(() => shop().store().state.cart, 'the cart never loaded');
    answerCartWith(() => HttpResponse.json({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }, { status: 404 }));
    await shop().store().load().catch(() => undefined);
    expect([heard.errors, heard.events]).to.deep.equal([[], []]);
  });
});

describe('a shop that is down at page load', () => {
  it('is not called a misconfiguration (503)', async () => {
    const heard = listen();
    try {
      worker.use(http.get(shop().url('v2/cart'), () => HttpResponse.json({ code: 'unavailable', message: 'Down' }, { status: 503 })));
      await fixture(html`<cart-provider base-url=${shop().baseUrl}><cart-count></cart-count></cart-provider>`);
      await waitUntil(() => shop().store().state.status === 'error', 'the load never failed', { timeout: 8000 });
      expect([heard.errors, heard.events]).to.deep.equal([[], []]);
    } finally {
      heard.stop();
    }
  });
});
