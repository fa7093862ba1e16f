/** What the drawer tests share: putting a drawer on the page and waiting for what a shopper sees. */
import { fixture, html, waitUntil } from '../../helpers/testing.js';
import '../../../src/elements/cart-drawer/define.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import type { TestShop } from '../../helpers/shop.js';
import { expectFocusOn, focused, queryAllByRole, queryByRole } from '../../helpers/queries.js';

/** A standalone drawer for the test's shop (its store loads the cart on connect). */
export async function drawerFor(shop: TestShop, { open = false } = {}): Promise<CartDrawer> {
  const el = await fixture<CartDrawer>(
    html`<cart-drawer base-url=${shop.baseUrl} namespace=${shop.namespace}>
      <a slot="empty" href="/shop">Continue shopping</a>
    </cart-drawer>`,
  );
  await waitUntil(() => shop.store().state.cart, 'the cart never loaded');
  if (open) await el.show();
  await el.updateComplete;
  return el;
}

/** Opens the drawer and waits until its lines (or the empty state) are on screen. */
export async function openDrawer(shop: TestShop): Promise<CartDrawer> {
  const el = await drawerFor(shop, { open: true });
  await waitUntil(() => queryByRole(el, 'list', 'Items in your cart') || queryByRole(el, 'link', 'Continue shopping'), 'no lines');
  return el;
}

export const lineNames = (el: CartDrawer) =>
  queryAllByRole(el, 'spinbutton').map((input) => input.getAttribute('aria-label')?.replace(/^Quantity for /, ''));

/**
 * Waits until focus lands on what `target` finds (focus may move a moment after the change that
 * caused it shows), then asserts it, reporting where focus is instead.
 */
export async function expectFocusSettlesOn(target: () => Element | null): Promise<void> {
  await waitUntil(() => focused() === target(), '', { timeout: 2000 }).catch(() => undefined);
  const element = target();
  if (!element) throw new Error('expectFocusSettlesOn(): the element to focus is not there');
  expectFocusOn(element);
}
