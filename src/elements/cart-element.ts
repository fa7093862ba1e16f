import { ContextConsumer } from '@lit/context';
import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { AmountsMode } from '../api/model.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { CartErrorEvent } from '../events/cart-events.js';
import { loadPack, loadedPack, matchLanguage, type Language } from '../format/locales/languages.js';
import type { LanguagePack, Messages } from '../format/messages.js';
import { describeError, sentences, type SharedMessages } from '../format/messages/shared.js';
import { getCartStore, type CartStore } from '../store/cart-store.js';
import { storeContext } from '../store/context.js';
import type { AuthKind } from '../store/config.js';
import { messagesContext, type ProvidedMessages } from '../store/messages-context.js';

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
 * above it says otherwise.
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
    providedMessages: { state: true },
    spoken: { state: true },
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
  /** The merchant's strings from the provider's `data-messages` scripts. */
  protected declare providedMessages?: ProvidedMessages;
  /**
   * The language shown and its strings (the previous language's until a new one has loaded), and
   * the `lang` asked for (a language that does not ship is spoken in English, but a merchant's
   * strings tagged with it still apply).
   */
  private declare spoken?: { language: Language; pack: LanguagePack; asked: string };
  /** The language the nearest `lang` asks for. */
  #language?: Language;
  /** The `lang` value asked for (`en` when none). */
  #asked = 'en';
  /** The `dir` this element set on itself (its language's direction, where no `dir` said otherwise). */
  #ownDir?: string;
  /** The first render waits for the language's strings (and the merchant's), so no other words flash first. */
  #firstPack?: Promise<void>;
  /** Per English set asked for (the drawer asks for two: its button's, then its panel's), the last strings made from it. */
  readonly #resolved = new Map<object, { from: readonly unknown[]; messages: object }>();

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
    new ContextConsumer(this, { context: messagesContext, subscribe: true, callback: (provided) => (this.providedMessages = provided) });
  }

  override connectedCallback(): void {
    this.#followLanguage();
    watchLanguage(this, () => this.#followLanguage());
    super.connectedCallback();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    unwatchLanguage(this);
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    const pending = this.hasUpdated ? [] : [this.#firstPack, this.providedMessages?.ready].filter(Boolean);
    return pending.length ? Promise.all(pending).then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }

  protected override firstUpdated(): void {
    this.#states?.delete('--loading');
  }

  /**
   * After every render, each field that names the value in effect in `data-value` shows it, also
   * when that value did not change (an entry the element refused, clamped or left): a number field
   * its count, a radio button whether it is the chosen one. What lit's `live` directive does, without
   * the chunk it cost every page with a drawer or a picker.
   */
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const field of this.renderRoot.querySelectorAll<HTMLInputElement>('input[data-value]')) {
      const value = field.dataset.value!;
      if (field.type == 'radio') field.checked = field.value == value;
      else if (field.value != value) field.value = value;
    }
  }

  /** The language this element speaks: one that ships, else `en` (while a new one loads, the one still shown). */
  get language(): Language {
    return this.spoken?.language ?? 'en';
  }

  /**
   * This element's strings: `english` (the set it shows), then its language's, then the provider's
   * `data-messages` (those for every language, then those for this one), then `overrides` (its
   * `messages`). The same object until one of those changes.
   */
  protected resolveMessages<T extends SharedMessages>(english: T, overrides: Partial<Messages> | undefined): T {
    const from = [this.spoken, this.providedMessages, overrides];
    const resolved = this.#resolved.get(english);
    if (resolved?.from.every((value, n) => value === from[n])) return resolved.messages as T;
    const language = this.language;
    const asked = this.spoken?.asked ?? 'en';
    let messages = withStrings(english, this.spoken?.pack);
    const { sources = [], apply } = this.providedMessages ?? {};
    if (apply) {
      for (const source of sources) if (!source.lang) messages = apply(messages, source.messages, language);
      for (const source of sources) {
        if (source.lang && speaks(asked, source.lang)) messages = apply(messages, source.messages, language);
      }
    }
    messages = withStrings(messages, overrides);
    this.#resolved.set(english, { from, messages });
    return messages;
  }

  #followLanguage(): void {
    const lang = nearestLang(this);
    const language = matchLanguage(lang);
    const asked = lang?.trim() || 'en';
    this.#followDirection(language);
    if (language === this.#language) {
      // `zh` → `ko`: still English, but other merchant's strings.
      if (asked !== this.#asked && this.spoken) this.spoken = { ...this.spoken, asked };
      this.#asked = asked;
      return;
    }
    this.#language = language;
    this.#asked = asked;
    const pack = loadedPack(language);
    if (pack) {
      this.spoken = { language, pack, asked };
      return;
    }
    const pending = loadPack(language).then((loaded) => {
      if (this.#language === language) this.spoken = { language, pack: loaded, asked: this.#asked };
    });
    if (!this.hasUpdated) this.#firstPack = pending;
  }

  /**
   * Right to left for a right-to-left language (`ar`), unless a `dir` on the element or above it
   * says otherwise: then the element sets `dir` on itself, and takes it away again when its
   * language changes or someone else's `dir` appears above it. A `dir` the page sets on the
   * element is the page's, never touched.
   */
  #followDirection(language: Language): void {
    const current = this.getAttribute('dir');
    if (this.#ownDir !== undefined && current !== this.#ownDir) this.#ownDir = undefined;
    if (this.#ownDir === undefined && current !== null) return;
    const dir = RIGHT_TO_LEFT.has(language) && nearestDir(parentOf(this)) === null ? 'rtl' : undefined;
    if (dir === this.#ownDir) return;
    this.#ownDir = dir;
    if (dir) this.setAttribute('dir', dir);
    else this.removeAttribute('dir');
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
}

/** `base` with the strings of `layer` it has (a language pack or a `messages` property has others' too). */
function withStrings<T extends object>(base: T, layer: Partial<Messages> | undefined): T {
  if (!layer) return base;
  const result = { ...base } as Record<string, unknown>;
  for (const key of Object.keys(layer)) if (Object.hasOwn(base, key)) result[key] = layer[key as keyof Messages];
  return result as T;
}

/** The shipped languages written right to left. */
const RIGHT_TO_LEFT = new Set<Language>(['ar']);

/**
 * Whether a merchant's strings tagged `lang` are for an element whose nearest `lang` asked for
 * `asked`: the same language (`de` for `de-AT`, `pt-BR` for `pt`, `zh` for `zh-Hant`). A language
 * that does not ship is spoken in English, but English pages never get its strings.
 */
function speaks(asked: string, lang: string): boolean {
  return primary(asked) === primary(lang);
}

const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0];

/** The value of the nearest `lang` attribute, from the element up through shadow hosts; `null` when none. */
function nearestLang(element: Element): string | null {
  return nearest(element, 'lang');
}

/** The nearest `dir` attribute's value, from `element` up; `null` when none. */
function nearestDir(element: Element | null): string | null {
  return element && nearest(element, 'dir');
}

function nearest(element: Element, attribute: string): string | null {
  for (let node: Element | null = element; node; node = parentOf(node)) {
    const value = node.getAttribute(attribute);
    if (value !== null) return value;
  }
  return null;
}

/** The parent element, or the shadow host of a shadow root's child. */
function parentOf(node: Element): Element | null {
  return node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
}

/**
 * One observer for the whole page: a `lang` or `dir` attribute changing anywhere (`<html>`, a provider, an
 * element) makes every connected element look up its language again. Lang changes are rare and the
 * look-up is a walk up the tree, so this costs nothing while nobody changes a language.
 */
const languageWatchers = new Map<Element, () => void>();
let languageObserver: MutationObserver | undefined;

function watchLanguage(element: Element, follow: () => void): void {
  if (!languageObserver) languageObserver = new MutationObserver(() => languageWatchers.forEach((again) => again()));
  if (languageWatchers.size === 0) {
    languageObserver.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['lang', 'dir'] });
  }
  languageWatchers.set(element, follow);
}

function unwatchLanguage(element: Element): void {
  languageWatchers.delete(element);
  if (languageWatchers.size === 0) languageObserver?.disconnect();
}

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
