import type { PropertyDeclarations } from 'lit';
import type { StoreConfig } from '../store/config.js';

/**
 * The shop's configuration as attributes, declared once: what every cart element accepts outside a
 * `<cart-provider>` (architecture §3, Configuration). Each entry is a Lit property declaration, and
 * its name is the `StoreConfig` field it sets; the elements' typed fields and their docs are on
 * `CartElement` and `CartProvider`. custom-elements-manifest.config.mjs reads this table too, so
 * the manifest lists these attributes on every element that spreads it.
 */
export const shopAttributes = {
  baseUrl: { attribute: 'base-url' },
  namespace: {},
  auth: {},
  amounts: {},
  credentialsInQuery: { type: Boolean, attribute: 'credentials-in-query' },
  loadCartParam: { attribute: 'load-cart-param' },
} satisfies PropertyDeclarations;

/** What `<cart-provider>` accepts: the shop's attributes and where the checkout link points. */
export const providerAttributes = {
  ...shopAttributes,
  checkoutUrl: { attribute: 'checkout-url' },
} satisfies PropertyDeclarations;

/** An element with some of the shop's attributes as its properties. */
type ShopConfigured = { [Name in keyof StoreConfig]?: StoreConfig[Name] | null };

/**
 * The store configuration the attributes `attributes` of `host` make, once its `base-url` is set.
 * An attribute missing (`null`) or empty means its default; except `load-cart-param`, where empty
 * says something: no hand-over.
 */
export function storeConfigOf(host: ShopConfigured, attributes: PropertyDeclarations): StoreConfig {
  const config: Record<string, unknown> = {};
  for (const name of Object.keys(attributes) as (keyof StoreConfig)[]) {
    const value = host[name];
    config[name] = value === null || (value === '' && name !== 'loadCartParam') ? undefined : value;
  }
  return config as unknown as StoreConfig;
}
