import { toApiError, type ApiError } from '../api/errors.js';
import { CartErrorEvent } from '../events/cart-events.js';
import { describeError, sentences, type SharedMessages } from '../format/messages/shared.js';
import type { CartStore } from '../store/cart-store.js';

/**
 * Reads the shop's cart at page load (the first element to ask; the others share the answer). When
 * `base-url` + `namespace` lead to no cart, that element tells the page: `cart-error`, `load-cart`.
 */
export function loadCart(host: EventTarget, store: CartStore): void {
  store.loadOnce((error) => host.dispatchEvent(new CartErrorEvent({ error, action: 'load-cart' })));
}

export interface FailureWords {
  /** The element's strings (for `describeError`'s sentences). */
  messages: SharedMessages;
  /** What failed, said first ("We could not apply coupon NOPE."), before why. */
  headline?: string;
  /** The whole sentence for a failure the element words itself (`undefined`: headline and why). */
  explain?: (error: ApiError) => string | undefined;
}

/**
 * The one way an element shows a failed request: the console gets the developer's detail, the
 * host page a `cart-error` event (`action` names what the shopper did), and the element the
 * sentence a shopper reads, which it shows where the failure belongs. A cancelled request
 * (`aborted`) is nobody's failure: nothing is said and '' comes back. Anything thrown that is not
 * an `ApiError` counts as an answer that could not be read.
 */
export function reportFailure(host: EventTarget, cause: unknown, action: string, { messages, headline, explain }: FailureWords): string {
  const error = toApiError(cause);
  if (error.kind === 'aborted') return '';
  // The detail is for developers: the console has it, the shopper reads our sentence.
  console.warn(`cart-widget: ${action} failed:`, error.message);
  host.dispatchEvent(new CartErrorEvent({ error, action }));
  return explain?.(error) ?? sentences(headline, describeError(error, messages));
}
