// The fake shop first (a service worker, as on demo/embed.html), then the script tag as WordPress
// writes it: `/dist/cart-widget.js` with this page's query and hash (`?ver=6.6.2`, `#…`). A script
// element, not `import()`, as `wp_enqueue_script` prints one; `script-src 'self'` allows it.
import { startMockShop } from '/dist/demo-mock.js';

await startMockShop();
// `?…&twice`: a second plugin enqueues the same file under another version.
for (const query of new URLSearchParams(location.search).has('twice') ? [location.search, '?ver=7.0'] : [location.search]) {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = `/dist/cart-widget.js${query}${location.hash}`;
  document.head.append(script);
}
