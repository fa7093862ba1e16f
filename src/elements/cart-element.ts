import { consume } from '@lit/context';
import { LitElement } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { AmountsMode } from '../api/model.js';
import { getCartStore, type CartStore } from '../store/cart-store.js';
import { storeContext } from '../store/context.js';
import type { AuthKind } from '../store/types.js';

/**
 * What every cart element shares: the standalone configuration attributes and how the store is
 * found. Under a `<cart-provider>` the provider's store wins; outside one, the element's own
 * `base-url` + `namespace` pick the shared store (the same one every element with those gets).
 */
export class CartElement extends LitElement {
  /** The service's base URL, e.g. `https://shop.example/wp-json` (outside a provider). */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** Route namespace: `svc` (default) or `cocart`. */
  @property() namespace?: string;
  /** `bearer` (default) or `basic`. */
  @property() auth?: AuthKind;
  /** How amounts are read: `auto` (default), `decimal` or `minor-units`. */
  @property() amounts?: AmountsMode;
  /** Spec rule 5 fallback: also send Basic credentials as query parameters. Off by default. */
  @property({ type: Boolean, attribute: 'credentials-in-query' }) credentialsInQuery = false;

  @consume({ context: storeContext, subscribe: true })
  @state()
  protected providedStore?: CartStore;

  /** The store this element works with, or `undefined` when it is not configured yet. */
  get store(): CartStore | undefined {
    if (this.providedStore) return this.providedStore;
    if (!this.baseUrl) return undefined;
    const config: Parameters<typeof getCartStore>[0] = { baseUrl: this.baseUrl };
    if (this.namespace) config.namespace = this.namespace;
    if (this.auth) config.auth = this.auth;
    if (this.amounts) config.amounts = this.amounts;
    if (this.credentialsInQuery) config.credentialsInQuery = true;
    return getCartStore(config);
  }
}
