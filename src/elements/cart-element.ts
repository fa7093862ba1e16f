import { ContextConsumer } from '@lit/context';
import { LitElement, type PropertyDeclarations } from 'lit';
import { ApiError, isApiError } from '../api/errors.js';
import type { AmountsMode } from '../api/model.js';
import { CartErrorEvent } from '../events/cart-events.js';
import { describeError, type Messages } from '../format/messages.js';
import { getCartStore, type CartStore } from '../store/cart-store.js';
import { storeContext } from '../store/context.js';
import type { AuthKind } from '../store/types.js';

/**
 * What every cart element shares: the standalone configuration attributes and how the store is
 * found. Under a `<cart-provider>` the provider's store wins; outside one, the element's own
 * `base-url` + `namespace` pick the shared store (the same one every element with those gets).
 */
export class CartElement extends LitElement {
  static override properties: PropertyDeclarations = {
    baseUrl: { attribute: 'base-url' },
    namespace: {},
    auth: {},
    amounts: {},
    credentialsInQuery: { type: Boolean, attribute: 'credentials-in-query' },
    loadCartParam: { attribute: 'load-cart-param' },
    providedStore: { state: true },
  };

  /** The service's base URL, e.g. `https://shop.example/wp-json` (outside a provider). */
  declare baseUrl?: string;
  /** Route namespace: `svc` (default) or `cocart`. */
  declare namespace?: string;
  /** `bearer` (default) or `basic`. */
  declare auth?: AuthKind;
  /** How amounts are read: `auto` (default), `decimal` or `minor-units`. */
  declare amounts?: AmountsMode;
  /** Spec rule 5 fallback: also send Basic credentials as query parameters. Off by default. */
  credentialsInQuery = false;
  /** The query parameter that hands a guest's cart to the shop's checkout (`cocart-load-cart`); empty: none. */
  declare loadCartParam?: string;

  /** The store a `<cart-provider>` around this element gives it. */
  protected declare providedStore?: CartStore;

  constructor() {
    super();
    new ContextConsumer(this, { context: storeContext, subscribe: true, callback: (store) => (this.providedStore = store) });
  }

  /** The store this element works with, or `undefined` when it is not configured yet. */
  get store(): CartStore | undefined {
    if (this.providedStore || !this.baseUrl) return this.providedStore;
    // An empty attribute means the default, as a missing one does.
    return getCartStore({
      baseUrl: this.baseUrl,
      namespace: this.namespace,
      auth: this.auth || undefined,
      amounts: this.amounts || undefined,
      credentialsInQuery: this.credentialsInQuery,
      loadCartParam: this.loadCartParam ?? undefined,
    });
  }

  /**
   * A shopper's request failed: tells the host page (`cart-error`, unless it was cancelled) and
   * returns the sentence to show ('' when cancelled). Anything thrown that is not an `ApiError`
   * is reported as an invalid response.
   */
  protected reportFailure(cause: unknown, action: string, messages: Messages): string {
    const error = isApiError(cause) ? cause : new ApiError({ kind: 'invalid-response', message: messages.genericError, cause });
    if (error.kind === 'aborted') return '';
    // The detail is for developers: the console has it, the shopper reads our sentence.
    console.warn(`cart-widget: ${action} failed:`, error.message);
    this.dispatchEvent(new CartErrorEvent({ error, action }));
    return describeError(error, messages);
  }
}
