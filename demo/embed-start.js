// Only this demo needs this file. A real merchant page loads the one built script and talks to its
// own shop's API; this page has no shop server, so the fake shop (dist/demo-mock.js, built by
// `vite build --mode demo-mock`) starts first in a service worker, and the widget loads after it so
// that its very first cart request is answered. Plain JS, no build step, allowed by `script-src 'self'`.
import { showDemoAccounts, startMockShop } from '../dist/demo-mock.js';

const shop = await startMockShop();
// The demo accounts and the fake inbox (verification e-mails), so a two-factor sign-in can be finished here.
showDemoAccounts(shop, document.querySelector('#demo-users'), document.querySelector('#inbox'));
// `embed.html?all`: the same page on the one-file build (dist/cart-widget.all.js), for its test.
await import(new URLSearchParams(location.search).has('all') ? '../dist/cart-widget.all.js' : '../dist/cart-widget.js');
