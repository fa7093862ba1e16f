/**
 * Where a URL from configuration (`base-url`, `checkout-url`, …) points: resolved as the page's own
 * links are, against the document's base URL — `<base href>` when the page has one, else its
 * address (architecture §3, "The page is the merchant's"; issue 31). Against `location.href` a
 * relative `checkout-url` took a guest to another page than the merchant's own `<a href>` would.
 * Outside a document (a worker, Node) the address, if there is one. Throws on what is not a URL.
 */
export function pageUrl(url: string): URL {
  return new URL(url, globalThis.document?.baseURI ?? globalThis.location?.href);
}
