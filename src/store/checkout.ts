import { toApiError } from '../api/errors.js';
import { readHandOver } from '../api/routes.js';
import { pageUrl } from '../api/page-url.js';
import { checkoutLink } from './config.js';
import type { StoreCore } from './store-core.js';

/**
 * A signed-in customer's Checkout on a shop that offers the hand-over (architecture §3, "Checkout
 * hands the cart over"; CoCart 4.4: `?cocart-load-cart=<customer id>&c_hash=<cart_hash>`). The
 * shop destroys the saved cart when the hash is not the one of the cart as it is, so the cart is
 * read in the same click (never while a change of this tab is still under way), and only that hash goes
 * into the link. A click can come before the shop's route index has answered (it is read when the
 * drawer first opens): the click waits for it (`discovered`), so a shop that offers the hand-over is
 * never taken for one that does not. `url` itself (the plain link) where the shop has no hand-over, the
 * parameter is off or the index cannot be read; `null` for a guest or when the read failed: the
 * caller shows today's link and its hint. The link is returned to be followed, nothing else: it is
 * never logged or kept.
 */
export async function customerCheckout(
  { session, view, pipeline }: StoreCore,
  discovered: Promise<void>,
  url: string,
  param: string,
): Promise<string | null> {
  const guest = () => session.state.kind === 'guest';
  if (guest()) return null;
  await discovered;
  if (!param || !view.state.features.handOver) return url;
  try {
    // A change of this tab still under way would leave the hash out of date: the plain link, this time.
    if (view.state.pending.length) return null;
    const { answer: found } = await pipeline.send((api, ctx) => readHandOver(api, ctx));
    // Signed out meanwhile (another tab): nobody to hand over.
    if (guest()) return null;
    const link = pageUrl(checkoutLink(url, param, found.id));
    link.searchParams.set('c_hash', found.hash);
    return link.href;
  } catch (error) {
    console.warn('cart-widget: no checkout hand-over;', toApiError(error).message);
    return null;
  }
}
