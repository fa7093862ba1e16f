// Loaded with import() by a provider that has `data-messages` scripts, so pages without them never
// pay for it. No runtime imports: it knows every message by name and kind (below), not its English,
// which travels with the element that shows it.
import type { Messages } from './messages.js';

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
type TextKey = Exclude<keyof Messages, FunctionKey>;

/**
 * Every message that is a function, with the names a merchant's JSON uses for its arguments, in
 * order: `{"removed": "{name} is gone"}`. `{0}`, `{1}`… always work, and any other `{word}` stands
 * for the first argument. Documented in the README ("Language"): add a new message's names here
 * (the type insists).
 */
export const placeholderNames: Readonly<Record<FunctionKey, readonly string[]>> = {
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
  notMergedYet: ['names'],
  itemsInCart: ['count'],
  cartTotalIs: ['total'],
  cartSubtotalIs: ['subtotal'],
};

/** Every message that is a string (the type insists on each, so a merchant's key is known without the English). */
const textKeys: Readonly<Record<TextKey, 1>> = {
  tryAgain: 1, loading: 1, genericError: 1, networkError: 1, timeoutError: 1, busyError: 1, shopTrouble: 1,
  notAllowed: 1, notFound: 1, requestRefused: 1, notOffered: 1, lineGone: 1, unreadable: 1,
  outcomeUnknown: 1, insecureConnection: 1, sessionEnded: 1, addToCart: 1, adding: 1, addedToCart: 1,
  cart: 1, close: 1, emptyCart: 1, loadError: 1, removeShort: 1, undo: 1, recentlyRemoved: 1, cartItems: 1,
  unitPrice: 1, lineTotal: 1, boxContents: 1, couponCode: 1, applyCoupon: 1, appliedCoupons: 1,
  couponEmpty: 1, shipping: 1, calculatedAtCheckout: 1, rateSelected: 1, shippingChosenAtCheckout: 1,
  signedInCheckoutNote: 1, free: 1, subtotal: 1, discount: 1, fees: 1, tax: 1, total: 1, crossSells: 1,
  addShort: 1, regularPrice: 1, salePrice: 1, checkout: 1, shippingFailed: 1, calculateShipping: 1,
  changeAddress: 1, shippingAddress: 1, country: 1, stateRegion: 1, postcode: 1, updateEstimate: 1,
  cancel: 1, chooseState: 1, stateNotValid: 1, estimateFailed: 1, estimateNeedsItems: 1,
  estimateNotOffered: 1, ratesForShopRegion: 1, identifier: 1, password: 1, keepSignedIn: 1, signIn: 1, signingIn: 1,
  signOut: 1, identifierRequired: 1, passwordRequired: 1, twoFactorTitle: 1, verificationMethod: 1,
  verificationCode: 1, codeRequired: 1, emailSent: 1, verify: 1, sendNewCode: 1, back: 1, invalidCode: 1,
  verifying: 1, codeSent: 1, signInFailed: 1, signedOutElsewhere: 1, containerQuantity: 1,
  selectionComplete: 1, outOfStock: 1, boxPrice: 1, boxAdded: 1, boxError: 1, boxLoadError: 1,
};

/** Whether `key` names a message, and of which kind. */
function kindOf(key: string): 'function' | 'string' | undefined {
  return Object.hasOwn(placeholderNames, key) ? 'function' : Object.hasOwn(textKeys, key) ? 'string' : undefined;
}

/** One `data-messages` script: its strings, and the language they are for (all when absent). */
export interface MessageSource {
  lang?: string;
  messages: MessageJson;
}

/** Reads the provider's scripts, in order (their text and `lang`). */
export function readMessageScripts(scripts: ReadonlyArray<{ lang: string; text: string }>): MessageSource[] {
  return scripts.map(({ lang, text }) => ({ ...(lang ? { lang } : {}), messages: parseMessageJson(text) }));
}

/**
 * Reads a script's text. Keys it does not know and values of the wrong kind are left out with a
 * console warning (the merchant is the reader); text that is not a JSON object gives `{}`.
 */
export function parseMessageJson(text: string): MessageJson {
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
    const kind = kindOf(key);
    if (!kind) {
      console.warn(`cart-widget: <script data-messages> has an unknown key "${key}".`);
    } else if (typeof entry === 'string' || (kind === 'function' && isForms(entry))) {
      messages[key] = entry;
    } else {
      console.warn(`cart-widget: <script data-messages> "${key}" must be ${
        kind === 'function' ? 'a string or an object of strings' : 'a string'
      }.`);
    }
  }
  return messages;
}

/**
 * `base` (the strings an element shows) with a merchant's strings applied, for an element speaking
 * `language`. Strings of other elements are left to them.
 */
export function applyMessageJson<T extends object>(base: T, json: MessageJson, language: string): T {
  const result = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(json)) {
    // Own strings only: `in` would take `toString`, or a method a plugin put on Object.prototype, for one.
    if (!Object.hasOwn(base, key)) continue;
    const fallback = base[key as keyof T] as unknown;
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
  return result as T;
}

function chooseForm(forms: Readonly<Record<string, string>>, args: readonly unknown[], language: string): string | undefined {
  const count = args.find((arg): arg is number => typeof arg === 'number');
  if (count !== undefined) return forms[`=${count}`] ?? forms[pluralRules(language).select(count)] ?? forms.other;
  return forms[String(args[0])] ?? forms.other;
}

function fill(template: string, args: readonly unknown[], names: readonly string[] | undefined): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    // A word the message does not name (`{product}` where it says `{name}`) is its first value.
    const index = /^\d+$/.test(name) ? Number(name) : Math.max(0, names?.indexOf(name) ?? 0);
    if (index >= args.length) return whole;
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
