// Explanations for developers, loaded only when a request got no answer at all
// (`shop-connection.ts`), the page-load cart read failed (`cart-store.ts`) or a cart's total did not
// add up (`shop-connection.ts`): a page whose requests work never downloads them.
import type { ApiError } from './errors.js';

const explained = new Set<string>();

/** Shops already named in the console for a total that did not add up. */
const unsoundShops = new Set<string>();

/**
 * A shop whose cart total is not what its parts add up to (CoCart 4.4 cuts totals at a thousands
 * separator): the cart shows their sum. Told once per shop, naming it, with the total as sent.
 */
export function explainUnsoundTotal(shop: string, sent: number, shown: number): void {
  if (unsoundShops.has(shop)) return;
  unsoundShops.add(shop);
  console.warn(`cart-widget: ${shop} sent a cart total (${sent}) its parts do not add up to; showing their sum, ${shown} (CoCart 4.4 cuts totals at a thousands separator).`);
}

/**
 * A request that failed with no answer at all (named without its query, which may hold a secret): when the shop is on another origin and still answers
 * a request the browser sends without asking (`no-cors`), it was CORS that blocked it. Tells the
 * developer once per shop what to change on the server.
 */
export async function explainBlockedRequest(url: string, init: RequestInit, shop: string): Promise<void> {
  const target = new URL(url);
  const origin = globalThis.location?.origin;
  if (!origin || target.origin === origin || explained.has(shop) || globalThis.navigator?.onLine === false) return;
  explained.add(shop);
  try {
    await fetch(target.origin + target.pathname, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
  } catch {
    // Not reachable at all: offline or down, not CORS.
    explained.delete(shop);
    return;
  }
  console.error(
    `cart-widget: ${init.method} ${url.split(/[?#]/)[0]} was probably blocked by CORS: ${target.origin} does not allow ${origin}. ` +
      `${await whatToSwitchOn(url, shop, origin)} (README, "Cross-origin shops").`,
  );
}

const SWITCH = "add_filter( 'cocart_disable_all_cors', '__return_false' );";

/**
 * What the shop needs, by its CoCart version, told apart by its route index: 4.4 lists
 * `POST {ns}/v2/cart` and needs the page's origin in `cocart_allowed_http_origins`; 4.3 needs the
 * switch. An index the browser blocks too means CORS is on but this origin is not allowed (4.4).
 */
async function whatToSwitchOn(url: string, shop: string, origin: string): Promise<string> {
  const namespace = url.slice(shop.length + 1).split(/[/?]/)[0];
  const list = `add ${origin} with the cocart_allowed_http_origins filter`;
  try {
    const index = (await (await fetch(`${shop}/${namespace}/v2`, { credentials: 'omit', cache: 'no-store' })).json()) as {
      routes?: Record<string, { methods?: string[] }>;
    };
    if (index.routes?.[`/${namespace}/v2/cart`]?.methods?.includes('POST')) return `CoCart 4.4+: ${SWITCH} and ${list}.`;
  } catch {
    return `Even reads are blocked: on CoCart 4.4+, ${list}; on 4.3, let cocart_allow_origin return it.`;
  }
  return `CoCart 4.3: ${SWITCH} in a must-use plugin or functions.php.`;
}

/**
 * Whether the page-load cart read found no cart because the widget points at the wrong place: no
 * such route (404 `rest_no_route`, or a 404 page without a code), or an answer that is not a cart
 * (HTML, other JSON). Then the console names the URL tried and what to check.
 */
export function explainWrongAddress(shop: string, { kind, status, code, missingRoute }: ApiError): boolean {
  const wrong = kind == 'invalid-response' || (status == 404 && (!code || missingRoute));
  if (wrong) {
    console.error(
      `cart-widget: no cart at ${shop}/v2/cart (${code ?? status ?? 'not a cart'}): check base-url (the REST root, .../wp-json) and namespace="cocart" (CoCart).`,
    );
  }
  return wrong;
}
