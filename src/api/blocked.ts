// Loaded only when a request got no answer at all (`core.ts`): a page whose requests work never
// downloads this explanation for developers.

const explained = new Set<string>();

/**
 * A request that failed with no answer at all: when the shop is on another origin and still answers
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
    `cart-widget: ${init.method} ${url} was probably blocked by CORS: ${target.origin} does not allow ${origin}. ` +
      `On CoCart: add_filter( 'cocart_disable_all_cors', '__return_false' ); in a must-use plugin or functions.php (README, "Cross-origin shops").`,
  );
}
