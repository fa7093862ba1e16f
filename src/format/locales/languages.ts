import type { LanguagePack } from '../messages.js';

/**
 * The languages the widget speaks. English is built in (the defaults in `messages.ts`); every other
 * language is its own module, loaded with `import()` the first time an element needs it, so the
 * bundler makes one chunk per language and a page pays only for the one it speaks.
 */
const packs = {
  de: () => import('./de.js'),
  fr: () => import('./fr.js'),
  es: () => import('./es.js'),
  it: () => import('./it.js'),
  nl: () => import('./nl.js'),
  'pt-BR': () => import('./pt-br.js'),
  pl: () => import('./pl.js'),
  sv: () => import('./sv.js'),
  ja: () => import('./ja.js'),
  ar: () => import('./ar.js'),
} satisfies Record<string, () => Promise<{ default: LanguagePack }>>;

export type Language = 'en' | keyof typeof packs;

/** Every language that ships, English first. */
export const languages: readonly Language[] = ['en', ...(Object.keys(packs) as Array<keyof typeof packs>)];

/**
 * The shipped language for a `lang` value (BCP 47, any case): the exact tag, else its primary
 * language (`de-AT` → `de`, `pt` and `pt-PT` → `pt-BR`, the one Portuguese that ships), else English.
 */
export function matchLanguage(tag: string | null | undefined): Language {
  const lower = (tag ?? '').trim().toLowerCase().replace(/_/g, '-');
  const primary = lower.split('-')[0];
  return languages.find((language) => language.toLowerCase() === lower)
    ?? languages.find((language) => language.split('-')[0] === primary)
    ?? 'en';
}

const loaded = new Map<Language, LanguagePack>([['en', {}]]);
const loading = new Map<Language, Promise<LanguagePack>>();

/** A language's strings when they are already here (English always is), else `undefined`. */
export function loadedPack(language: Language): LanguagePack | undefined {
  return loaded.get(language);
}

/**
 * Loads a language's strings once. A chunk that fails to load (offline) resolves to nothing, so the
 * page stays in English, and is tried again the next time an element asks.
 */
export function loadPack(language: Language): Promise<LanguagePack> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    pending = packs[language as keyof typeof packs]().then(
      (module) => {
        loaded.set(language, module.default);
        return module.default;
      },
      (error: unknown) => {
        console.warn(`cart-widget: the "${language}" strings could not be loaded; showing English.`, error);
        return {};
      },
    ).finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}
