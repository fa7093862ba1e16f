// Loaded with import() by a provider that has `data-messages` scripts, so pages without them never
// pay for it. No runtime imports: the English defaults come in as an argument.
import type { Messages } from '../messages.js';

/**
 * A merchant's strings from `<script type="application/json" data-messages>` inside
 * `<cart-provider>`: keys as in `Messages`, every value a string or, for a function, a template
 * (`"{name} is gone"`) or a choice of templates:
 * - by plural category of the first number (`{"cartCount": {"one": "{count} item", "other": "{count} items"}}`,
 *   categories as `Intl.PluralRules` names them for the element's language, plus exact `"=0"`);
 * - else by the first argument (`{"providerName": {"email": "E-mail", "other": "{provider}"}}`).
 * A form that is missing falls back to the language's own string.
 */
export type MessageJson = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

type FunctionKey = { [K in keyof Messages]: Messages[K] extends (...args: never[]) => string ? K : never }[keyof Messages];

/**
 * The names a merchant's JSON uses for each function's arguments, in order: `{"removed": "{name}
 * is gone"}`. A message not listed here takes `{0}`, `{1}`…, and any other `{word}` stands for its
 * first argument. Documented in the README ("Language"): add a new message's names here.
 */
export const placeholderNames: Partial<Record<FunctionKey, readonly string[]>> = {
  added: ['name'],
  cartCount: ['count'],
  quantityFor: ['name'],
  decrease: ['name'],
  increase: ['name'],
  remove: ['name'],
  removed: ['name'],
  undoLabel: ['name'],
  restored: ['name'],
  inBox: ['quantity'],
  removeCoupon: ['code'],
  couponRemoved: ['code'],
  couponApplied: ['code'],
  shippingTo: ['destination'],
  shippingUpdated: ['rate'],
  addNamed: ['name'],
  quantityUpdated: ['name', 'quantity'],
  quantityRolledBack: ['name'],
  quantityLimit: ['max'],
  removeFailed: ['name'],
  restoreFailed: ['name'],
  addFailed: ['name'],
  couponFailed: ['code'],
  couponRemoveFailed: ['code'],
  postcodeNotValid: ['country'],
  countryNotShipped: ['country'],
  signedInAs: ['name'],
  invalidProvider: ['provider'],
  providerName: ['provider'],
  quantityOf: ['name'],
  fewer: ['name'],
  more: ['name'],
  selected: ['count', 'min', 'max'],
  chooseMore: ['count'],
  removeSome: ['count'],
  notMerged: ['names'],
  itemsInCart: ['count'],
  cartTotalIs: ['total'],
  cartSubtotalIs: ['subtotal'],
};

/** One `data-messages` script: its strings, and the language they are for (all when absent). */
export interface MessageSource {
  lang?: string;
  messages: MessageJson;
}

/** Reads the provider's scripts, in order (their text and `lang`), against the English defaults. */
export function readMessageScripts(
  scripts: ReadonlyArray<{ lang: string; text: string }>,
  defaults: Messages,
): MessageSource[] {
  return scripts.map(({ lang, text }) => ({ ...(lang ? { lang } : {}), messages: parseMessageJson(text, defaults) }));
}

/**
 * Reads a script's text. Keys it does not know and values of the wrong kind are left out with a
 * console warning (the merchant is the reader); text that is not a JSON object gives `{}`.
 */
export function parseMessageJson(text: string, defaults: Messages): MessageJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    console.warn('cart-widget: <script data-messages> is not valid JSON; its strings are ignored.');
    return {};
  }
  if (!isRecord(value)) {
    console.warn('cart-widget: <script data-messages> must hold a JSON object; its strings are ignored.');
    return {};
  }
  const messages: Record<string, string | Record<string, string>> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (!Object.hasOwn(defaults, key)) {
      console.warn(`cart-widget: <script data-messages> has an unknown key "${key}".`);
    } else if (typeof entry === 'string' || (typeof defaults[key as keyof Messages] === 'function' && isForms(entry))) {
      messages[key] = entry;
    } else {
      console.warn(`cart-widget: <script data-messages> "${key}" must be ${
        typeof defaults[key as keyof Messages] === 'function' ? 'a string or an object of strings' : 'a string'
      }.`);
    }
  }
  return messages;
}

/** `base` with a merchant's strings applied, for an element speaking `language`. */
export function applyMessageJson(base: Messages, json: MessageJson, language: string): Messages {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(json)) {
    const fallback = base[key as keyof Messages] as unknown;
    if (typeof fallback !== 'function') {
      if (typeof value === 'string') result[key] = value;
      continue;
    }
    const names = placeholderNames[key as keyof typeof placeholderNames];
    result[key] = (...args: unknown[]) => {
      const template = typeof value === 'string' ? value : chooseForm(value, args, language);
      return template === undefined ? (fallback as (...a: unknown[]) => string)(...args) : fill(template, args, names);
    };
  }
  return result as Messages;
}

function chooseForm(forms: Readonly<Record<string, string>>, args: readonly unknown[], language: string): string | undefined {
  const count = args.find((arg): arg is number => typeof arg === 'number');
  if (count !== undefined) return forms[`=${count}`] ?? forms[pluralRules(language).select(count)] ?? forms.other;
  return forms[String(args[0])] ?? forms.other;
}

function fill(template: string, args: readonly unknown[], names: readonly string[] | undefined): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const index = /^\d+$/.test(name) ? Number(name) : names ? names.indexOf(name) : 0;
    if (index < 0 || index >= args.length) return whole;
    const arg = args[index];
    return arg === null || arg === undefined ? '' : String(arg);
  });
}

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(language: string): Intl.PluralRules {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
  return rule;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isForms(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((form) => typeof form === 'string');
}
