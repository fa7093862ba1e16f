/// <reference types="vite/client" />
/**
 * Defines each element the first time the page has it: the tags found when the script runs, then
 * every tag a `MutationObserver` sees added. Each element's code is a chunk in the script's own
 * folder (`chunks/`), imported by a path relative to it, so the folder works from a CDN path and
 * under `script-src 'self'` alike. The list is every `src/elements/<tag>/define.ts` but the
 * provider's, which the entry defines at once (its children need it first).
 *
 * This module imports nothing statically and starts itself: `cart-widget.ts` imports it before everything else,
 * so the page's element chunks are requested the moment the script starts to run, and download while
 * the rest of the entry (lit, the store, `<cart-provider>`) evaluates — not after it. A chunk still
 * runs only after the whole entry has (it imports the entry), so the provider is always defined first.
 */
const loaders = import.meta.glob<unknown>(['./elements/*/define.ts', '!./elements/cart-provider/define.ts']);

/**
 * What a first tap on the cart waits for: the open drawer's code and the store's actions it imports.
 * Asked for right after the drawer's own chunk, not at the tap nor once the count shows (nor the
 * actions once the panel came in, for its import): on a phone's network each would be one more
 * round trip between the tap and a drawer that works (issue 32's bench: 1.35× of hand-written →
 * 1.25× in Chromium). They evaluate when they arrive, beside the page's cart request, which is
 * still on its way. Neither counts in the page's critical bytes: the count never waits for them.
 */
const drawerPanel = () => [import('./elements/cart-drawer/panel.js'), import('./store/store-actions.js')];

/** tag → its chunk, for the tags not asked for yet. */
const waiting = new Map(Object.entries(loaders).map(([path, load]) => [path.split('/')[2]!, load]));

/**
 * Loads the chunk of every element in `root` (a document, an element, a shadow root) not asked for
 * yet. Elements inside the host page's own shadow roots are not seen by the observer: pass the roots.
 */
export function discover(root: ParentNode): Promise<void> {
  if (!waiting.size) return Promise.resolve();
  const found = new Set<string>();
  if (root instanceof Element && waiting.has(root.localName)) found.add(root.localName);
  for (const element of root.querySelectorAll([...waiting.keys()].join(','))) found.add(element.localName);
  return Promise.all([...found].map(load)).then(() => undefined);
}

function load(tag: string): Promise<unknown> {
  const chunk = waiting.get(tag);
  if (!chunk) return Promise.resolve();
  waiting.delete(tag);
  const loading = chunk();
  if (tag === 'cart-drawer') for (const early of drawerPanel()) early.catch(() => {});
  return loading.catch((error: unknown) => {
    // A failed download (offline, a deploy mid-visit): the next element of this tag tries again.
    waiting.set(tag, chunk);
    console.error(`cart-widget: could not load <${tag}>`, error);
  });
}

/** Loads the elements of the page now and of whatever is added to it later. */
function autoload(): void {
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) void discover(node);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  void discover(document);
}

autoload();
