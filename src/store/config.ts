import type { AmountsMode } from '../api/model.js';
import { pageUrl } from '../api/page-url.js';

export type AuthKind = 'bearer' | 'basic';

/** What a store is made from: the architecture's configuration attributes. */
export interface StoreConfig {
  /** e.g. `https://shop.example/wp-json`. */
  baseUrl: string;
  /** Route namespace; `svc` by default, `cocart` for a CoCart store. */
  namespace?: string;
  /** How a shopper signs in: bearer tokens (default) or Basic credentials. */
  auth?: AuthKind;
  amounts?: AmountsMode;
  /** Where the checkout link points: an `http(s)` or relative URL (anything else is refused). */
  checkoutUrl?: string;
  /**
   * The query parameter that hands a guest's cart to the shop's checkout page (CoCart:
   * `cocart-load-cart`, the default). Empty: no hand-over.
   */
  loadCartParam?: string;
  /** Spec rule 5 fallback: Basic credentials also as query parameters. Off by default. */
  credentialsInQuery?: boolean;
}

/**
 * A store's configuration with every default filled in: `baseUrl` without a trailing slash,
 * `namespace` without slashes, and `checkoutUrl` defaulting to the site's `/checkout/` page.
 */
export type ResolvedStoreConfig = Required<StoreConfig>;

/**
 * A store's configuration with every default filled in. Pure: the same input gives the same
 * configuration, and the api and the store read it from here.
 */
export function resolveConfig(config: StoreConfig): ResolvedStoreConfig {
  const baseUrl = normaliseBaseUrl(config.baseUrl);
  return {
    baseUrl,
    namespace: normaliseNamespace(config.namespace),
    auth: config.auth ?? 'bearer',
    amounts: config.amounts ?? 'auto',
    checkoutUrl: safeCheckoutUrl(config.checkoutUrl) ?? defaultCheckoutUrl(baseUrl),
    loadCartParam: config.loadCartParam ?? 'cocart-load-cart',
    credentialsInQuery: config.credentialsInQuery ?? false,
  };
}

/** The name a shop's store, storage and tab channel share: `{normalised baseUrl}/{namespace}`. */
export function storeScope(config: Pick<StoreConfig, 'baseUrl' | 'namespace'>): string {
  return `${normaliseBaseUrl(config.baseUrl)}/${normaliseNamespace(config.namespace)}`;
}

export function normaliseBaseUrl(baseUrl: string): string {
  const url = pageUrl(baseUrl);
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}

export function normaliseNamespace(namespace: string | undefined): string {
  return namespace?.replace(/^\/+|\/+$/g, '') || 'svc';
}

/**
 * A checkout URL as given, when it is safe to put in a link: `http(s)` or relative. Anything else
 * (`javascript:`, `data:`, …) is refused with a console warning, and `undefined` is returned.
 */
export function safeCheckoutUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let protocol = '';
  try {
    protocol = pageUrl(url).protocol;
  } catch {
    // Not a URL: refused below, like any other scheme.
  }
  if (protocol === 'http:' || protocol === 'https:') return url;
  console.warn(`cart-widget: checkout-url "${url}" refused (not an http(s) or relative URL); using the shop's checkout.`);
  return undefined;
}

/** WooCommerce's checkout page: `/checkout/` beside the REST root (`…/wp-json`), else at the origin. */
function defaultCheckoutUrl(baseUrl: string): string {
  const site = baseUrl.replace(/\/wp-json$/, '');
  return site === baseUrl ? new URL('/checkout/', baseUrl).href : `${site}/checkout/`;
}

/**
 * The checkout link: a guest's carries their cart to the shop's own checkout page
 * (`?cocart-load-cart=<key>`, architecture §3); a signed-in customer's never carries a key. Either
 * is resolved as the page's own links are (`<base href>`), so it leads where an `<a href>` of the
 * merchant's with the same URL would, in the drawer, in the `checkout` event and when followed.
 */
export function checkoutLink(url: string, param: string, guestKey: string | null): string {
  const link = pageUrl(url);
  if (param && guestKey) link.searchParams.set(param, guestKey);
  // A relative URL stays relative to the site, as the merchant wrote it — when it lands on this
  // page's origin (a base on another origin needs the origin said).
  const written = /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');
  return written || link.origin !== globalThis.location?.origin ? link.href : link.href.slice(link.origin.length);
}
