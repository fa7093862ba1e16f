import { ContextProvider } from '@lit/context';
import { LitElement, html } from 'lit';
import type { AmountsMode } from '../../api/model.js';
import { getCartStore, type CartStore } from '../../store/cart-store.js';
import { storeContext } from '../../store/context.js';
import type { AuthKind } from '../../store/config.js';
import { messagesContext } from '../../store/messages-context.js';
import { loadCart } from '../report-failure.js';
import { providerAttributes, storeConfigOf } from '../shop-attributes.js';
import { styles } from './cart-provider.styles.js';

/**
 * Gives every cart element inside it one shared store for a shop and loads the cart.
 * Elements outside a provider take the same attributes themselves; either way, elements with the
 * same `base-url` + `namespace` share one store.
 *
 * A `lang` attribute on the provider sets the language of the elements inside it (else `<html lang>`),
 * and with it their direction (`lang="ar"`: right to left) unless a `dir` attribute says otherwise.
 * A child `<script type="application/json" data-messages>` replaces any of their strings without
 * JavaScript (keys as in the elements' `messages`); with a `lang` attribute of its own it applies to
 * that language only. See the README, "Language".
 *
 * @summary Configures the shop once for the cart elements it contains.
 * @slot - The page content that holds cart elements.
 * @event cart-error - The cart read at page load found no cart at `base-url` + `namespace` (a misconfiguration: 404 `rest_no_route`, HTML, other JSON); `action: 'load-cart'`, once per shop, with the URL and what to check in the console.
 */
export class CartProvider extends LitElement {
  static override styles = styles;
  static override properties = providerAttributes;

  /** The service's base URL, e.g. `https://shop.example/wp-json`. Required. */
  declare baseUrl?: string;
  /** Route namespace: `svc` (default) or `cocart`. */
  namespace = 'svc';
  /** How a shopper signs in: `bearer` (default) or `basic`. */
  auth: AuthKind = 'bearer';
  /** How amounts are read: `auto` (default), `decimal` or `minor-units`. */
  amounts: AmountsMode = 'auto';
  /** Where the drawer's checkout link points: an `http(s)` or relative URL. */
  declare checkoutUrl?: string;
  /** The query parameter that hands a guest's cart to the shop's checkout (`cocart-load-cart`); empty: none. */
  declare loadCartParam?: string;
  /** Also send Basic credentials as query parameters, for servers that drop `Authorization`. */
  credentialsInQuery = false;

  readonly #provider = new ContextProvider(this, { context: storeContext });
  readonly #messages = new ContextProvider(this, { context: messagesContext });
  /** The `data-messages` scripts' text as last read, to skip work when nothing changed. */
  #messagesText = '';
  // The merchant's HTML may still be parsing the scripts when the provider upgrades.
  readonly #messagesObserver = new MutationObserver(() => this.#readMessages());

  /** The shared store for this shop, once `base-url` is set. */
  get store(): CartStore | undefined {
    return this.#provider.value;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Provide before the first render so descendants upgraded right after us find the store.
    this.#provide();
    this.#readMessages();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#messagesObserver.disconnect();
  }

  protected override willUpdate(): void {
    this.#provide();
  }

  #provide(): void {
    if (!this.baseUrl) return;
    const store = getCartStore(storeConfigOf(this, providerAttributes));
    if (store !== this.#provider.value) this.#provider.setValue(store);
    loadCart(this, store);
  }

  #readMessages(): void {
    const scripts = [...this.querySelectorAll<HTMLScriptElement>(':scope > script[type="application/json"][data-messages]')];
    this.#messagesObserver.disconnect();
    this.#messagesObserver.observe(this, { childList: true });
    for (const script of scripts) {
      this.#messagesObserver.observe(script, { childList: true, characterData: true, subtree: true, attributeFilter: ['lang'] });
    }
    const read = scripts.map((script) => ({ lang: script.lang, text: script.text }));
    const text = JSON.stringify(read);
    if (text === this.#messagesText) return;
    this.#messagesText = text;
    if (!read.length) {
      this.#messages.setValue(undefined);
      return;
    }
    const previous = this.#messages.value;
    const ready = import('../../format/message-json.js').then(
      ({ readMessageScripts, applyMessageJson }) => {
        if (text !== this.#messagesText) return;
        this.#messages.setValue({ ready, sources: readMessageScripts(read), apply: applyMessageJson });
      },
      (error: unknown) => console.warn('cart-widget: the data-messages reader could not be loaded.', error),
    );
    // Until the reader is here, the strings read before (if any) stay.
    this.#messages.setValue({ ready, sources: previous?.sources ?? [], apply: previous?.apply });
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}
