import { expect, fixture, html } from '../helpers/testing.js';
import '../../src/elements/add-to-cart/define.js';
import type { AddToCart } from '../../src/elements/add-to-cart/add-to-cart.js';
import { CheckoutEvent, type CartItemAddedEvent } from '../../src/events/cart-events.js';
import { AuthTwoFactorRequiredEvent } from '../../src/events/auth-events.js';
import { getByRole } from '../helpers/queries.js';
import { useShop } from '../helpers/shop.js';

const shop = useShop();

// These listeners are the README's own examples; `tsc --noEmit` (part of `npm test`) checks that
// `detail` is typed wherever a host page listens.
describe('event types for the host page', () => {
  it('types and delivers cart events on the document and the window, not only on the element', async () => {
    const onDocument: string[] = [];
    const onWindow: number[] = [];
    const document_ = (event: CartItemAddedEvent) => onDocument.push(...event.detail.items.map((item) => item.item_name));
    const window_ = (event: DocumentEventMap['cart-item-added']) => onWindow.push(event.detail.value);
    document.addEventListener('cart-item-added', (e) => document_(e));
    window.addEventListener('cart-item-added', (e) => window_(e));
    const el = await fixture<AddToCart>(html`<add-to-cart base-url=${shop().baseUrl} product-id="11"></add-to-cart>`);
    const seen = new Promise<string>((resolve) => el.addEventListener('cart-item-added', (e) => resolve(e.detail.cart.currency.code), { once: true }));
    getByRole(el, 'button', 'Add to cart').click();
    expect(await seen).to.equal('USD');
    expect(onDocument).to.deep.equal(['Ethiopia Yirgacheffe Beans']);
    expect(onWindow).to.deep.equal([18]);
  });

  it('types the detail of each event by its name on window and document', () => {
    const stop = new AbortController();
    const urls: string[] = [];
    document.addEventListener(
      'checkout',
      (e) => {
        urls.push(e.detail.url);
        // @ts-expect-error: a checkout's detail has no `change`
        void e.detail.change;
      },
      { signal: stop.signal },
    );
    window.addEventListener('auth-two-factor-required', (e) => urls.push(e.detail.providers.join()), { signal: stop.signal });
    window.addEventListener('cart-updated', (e) => urls.push(e.detail.change), { signal: stop.signal });
    document.body.dispatchEvent(new CheckoutEvent({ url: '/checkout/' } as CheckoutEvent['detail']));
    document.body.dispatchEvent(new AuthTwoFactorRequiredEvent({ providers: ['totp', 'email'] } as AuthTwoFactorRequiredEvent['detail']));
    stop.abort();
    expect(urls).to.deep.equal(['/checkout/', 'totp,email']);
  });
});
