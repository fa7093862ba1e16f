import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import { loadPack, loadedPack, matchLanguage, type Language } from '../format/locales/languages.js';
import type { LanguagePack, Messages } from '../format/messages.js';
import type { SharedMessages } from '../format/messages/shared.js';
import { messagesContext, type ProvidedMessages } from '../store/messages-context.js';

/**
 * Which language an element speaks, which way it writes, and its strings.
 *
 * The language is the nearest `lang` attribute's (the element's own, its provider's, `<html>`'s),
 * followed when it changes. The strings are, last wins: English, the language's pack, the
 * provider's `data-messages` JSON, the element's `messages` property. The direction follows the
 * language (`ar`: right to left) unless a `dir` on the element or above it says otherwise.
 *
 * The host asks for an update whenever what it shows may change: a new language's pack is here, the
 * provider's strings changed, or the same language was asked for by another `lang` (`zh` → `ko`).
 * Its first render should wait for `pending` (`CartElement.scheduleUpdate`), so no other words
 * flash first.
 */
export class LanguageController implements ReactiveController {
  readonly #host: ReactiveElement;
  /**
   * The language shown and its strings (the previous language's until a new one has loaded), and
   * the `lang` asked for (a language that does not ship is spoken in English, but a merchant's
   * strings tagged with it still apply).
   */
  #spoken?: { language: Language; pack: LanguagePack; asked: string };
  /** The merchant's strings from the provider's `data-messages` scripts. */
  #provided?: ProvidedMessages;
  /** The language the nearest `lang` asks for. */
  #language?: Language;
  /** The `lang` value asked for (`en` when none). */
  #asked = 'en';
  /** The `dir` this controller set on its host (its language's direction, where no `dir` said otherwise). */
  #ownDir?: string;
  /** The first language's pack while it loads, before the host's first render. */
  #firstPack?: Promise<void>;
  /** Per English set asked for (the drawer asks for two: its button's, then its panel's), the last strings made from it. */
  readonly #resolved = new Map<object, { from: readonly unknown[]; messages: object }>();

  constructor(host: ReactiveElement) {
    this.#host = host;
    host.addController(this);
    new ContextConsumer(host, {
      context: messagesContext,
      subscribe: true,
      callback: (provided) => {
        if (provided === this.#provided) return;
        this.#provided = provided;
        host.requestUpdate();
      },
    });
  }

  hostConnected(): void {
    this.#follow();
    watchLanguage(this.#host, () => this.#follow());
  }

  hostDisconnected(): void {
    unwatchLanguage(this.#host);
  }

  /** What the host's first render waits for: the first language's pack and the merchant's strings, while they load. */
  get pending(): Promise<unknown>[] {
    return [this.#firstPack, this.#provided?.ready].filter(Boolean) as Promise<unknown>[];
  }

  /** The language spoken: one that ships, else `en` (while a new one loads, the one still shown). */
  get language(): Language {
    return this.#spoken?.language ?? 'en';
  }

  /**
   * The strings of `english` (the set the host shows), then its language's, then the provider's
   * `data-messages` (those for every language, then those for this one), then `overrides` (the
   * host's `messages`). The same object until one of those changes.
   */
  resolve<T extends SharedMessages>(english: T, overrides: Partial<Messages> | undefined): T {
    const spoken = this.#spoken;
    const from = [spoken, this.#provided, overrides];
    const resolved = this.#resolved.get(english);
    if (resolved?.from.every((value, index) => value === from[index])) return resolved.messages as T;
    const language = this.language;
    const asked = spoken?.asked ?? 'en';
    let messages = withStrings(english, spoken?.pack);
    const { sources = [], apply } = this.#provided ?? {};
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

  #speak(spoken: { language: Language; pack: LanguagePack; asked: string }): void {
    this.#spoken = spoken;
    this.#host.requestUpdate();
  }

  #follow(): void {
    const lang = nearest(this.#host, 'lang');
    const language = matchLanguage(lang);
    const asked = lang?.trim() || 'en';
    this.#followDirection(language);
    if (language === this.#language) {
      // `zh` → `ko`: still English, but other merchant's strings.
      if (asked !== this.#asked && this.#spoken) this.#speak({ ...this.#spoken, asked });
      this.#asked = asked;
      return;
    }
    this.#language = language;
    this.#asked = asked;
    const pack = loadedPack(language);
    if (pack) {
      this.#speak({ language, pack, asked });
      return;
    }
    const pending = loadPack(language).then((loaded) => {
      if (this.#language === language) this.#speak({ language, pack: loaded, asked: this.#asked });
    });
    if (!this.#host.hasUpdated) this.#firstPack = pending;
  }

  /**
   * Right to left for a right-to-left language (`ar`), unless a `dir` on the host or above it says
   * otherwise: then the host gets `dir` on itself, taken away again when its language changes or
   * someone else's `dir` appears above it. A `dir` the page sets on the host is the page's, never
   * touched.
   */
  #followDirection(language: Language): void {
    const host = this.#host;
    const current = host.getAttribute('dir');
    if (this.#ownDir !== undefined && current !== this.#ownDir) this.#ownDir = undefined;
    if (this.#ownDir === undefined && current !== null) return;
    const parent = parentOf(host);
    const dir = RIGHT_TO_LEFT.has(language) && (parent && nearest(parent, 'dir')) === null ? 'rtl' : undefined;
    if (dir === this.#ownDir) return;
    this.#ownDir = dir;
    if (dir) host.setAttribute('dir', dir);
    else host.removeAttribute('dir');
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

/** The value of the nearest `attribute` (`lang`, `dir`), from `element` up through shadow hosts; `null` when none. */
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
