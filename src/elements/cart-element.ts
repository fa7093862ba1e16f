import { ContextConsumer } from '@lit/context';
import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { AmountsMode } from '../api/model.js';
import type { Language } from '../format/locales/languages.js';
import type { Messages } from '../format/messages.js';
import type { SharedMessages } from '../format/messages/shared.js';
import { getCartStore, type CartStore } from '../store/cart-store.js';
import { storeContext } from '../store/context.js';
import type { AuthKind } from '../store/config.js';
import { LanguageController } from './language-controller.js';
import { shopAttributes, storeConfigOf } from './shop-attributes.js';

// Elements import these from here, as before they had their own module.
export { loadCart, reportFailure, type FailureWords } from './report-failure.js';

/**
 * What every cart element shares: the standalone configuration attributes and how the store is
 * found. Under a `<cart-provider>` the provider's store wins; outside one, the element's own
 * `base-url` + `namespace` pick the shared store (the same one every element with those gets).
 *
 * And which language it speaks: the nearest `lang` attribute (its own, its provider's, `<html>`'s),
 * followed when it changes. Its strings are, last wins: English, the language's pack, the
 * provider's `data-messages` JSON, the element's `messages` property. Each element names the
 * English it shows (`src/format/messages/<element>.ts`), so a page loads only the strings of the
 * elements it has. Its direction follows its language (`ar`: right to left) unless a `dir` on it or
 * above it says otherwise (`LanguageController`).
 */
export class CartElement extends LitElement {
  static override properties: PropertyDeclarations = {
    ...shopAttributes,
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

  /** Its language, direction and strings. */
  readonly #language = new LanguageController(this);

  /**
   * `:state(--loading)` until the first render (which waits for the language's strings):
   * cart-widget.css holds the element's place meanwhile. Dashed, the one name every browser with
   * custom states accepts (Chromium before 125 took nothing else).
   */
  readonly #states = this.attachInternals().states;

  constructor() {
    super();
    this.#states?.add('--loading');
    new ContextConsumer(this, { context: storeContext, subscribe: true, callback: (store) => (this.providedStore = store) });
  }

  /** The first render waits for the language's strings (and the merchant's), so no other words flash first. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const pending = this.hasUpdated ? [] : this.#language.pending;
    return pending.length ? Promise.all(pending).then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }

  protected override firstUpdated(): void {
    this.#states?.delete('--loading');
  }

  /** The language this element speaks: one that ships, else `en` (while a new one loads, the one still shown). */
  get language(): Language {
    return this.#language.language;
  }

  /**
   * This element's strings: `english` (the set it shows), then its language's, then the provider's
   * `data-messages` (those for every language, then those for this one), then `overrides` (its
   * `messages`). The same object until one of those changes.
   */
  protected resolveMessages<T extends SharedMessages>(english: T, overrides: Partial<Messages> | undefined): T {
    return this.#language.resolve(english, overrides);
  }

  /** The store this element works with, or `undefined` when it is not configured yet. */
  get store(): CartStore | undefined {
    if (this.providedStore || !this.baseUrl) return this.providedStore;
    return getCartStore(storeConfigOf(this, shopAttributes));
  }
}
