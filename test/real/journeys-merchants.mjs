// Journeys of issue 24 on a real store: what a merchant meets when the widget points at the wrong
// place, and whether the drawer's errors belong to the moment. See journeys.mjs for a journey's shape.
import { check, newText, noDeveloperText, resetCustomer, serverHolds, signedIn } from './checks.mjs';
import { pause, waitFor } from './shopper.mjs';

/**
 * In the page: adds a provider (with a `<cart-count>`) for `base` + `namespace` and waits for its
 * `cart-error`: `{ action, status, code }`, or `null` when none came in 15 s.
 */
async function misconfiguredProvider(base, namespace) {
  const provider = document.createElement('cart-provider');
  provider.setAttribute('base-url', base);
  if (namespace) provider.setAttribute('namespace', namespace);
  provider.append(document.createElement('cart-count'));
  const heard = new Promise((resolve) => {
    provider.addEventListener('cart-error', ({ detail }) => resolve({ action: detail.action, status: detail.error.status ?? null, code: detail.error.code ?? null }), { once: true });
    setTimeout(() => resolve(null), 15_000);
  });
  document.body.append(provider);
  return heard;
}

export const merchantJourneys = [
  {
    name: 'a wrong namespace or base-url: the console names the URL tried and what to check, the page hears one cart-error, the shopper reads no developer text',
    async run({ shopper, store, note }) {
      const s = await shopper();
      const wrongAddress = () => s.consoleMessages.filter(({ type, text }) => type === 'error' && text.includes('no cart at'));
      check(wrongAddress().length === 0, `the page set up right should log no wrong-address error; it logged ${JSON.stringify(wrongAddress())}`);
      const cases = [
        // The interface document's default namespace, which no CoCart shop has.
        { base: store.baseUrl, namespace: null, tried: `${store.baseUrl}/svc/v2/cart` },
        // The site's address instead of its REST root.
        { base: store.baseUrl.replace(/\/wp-json$/, ''), namespace: 'cocart', tried: `${store.baseUrl.replace(/\/wp-json$/, '')}/cocart/v2/cart` },
      ];
      for (const { base, namespace, tried } of cases) {
        const before = wrongAddress().length;
        const heard = await s.page.evaluate(misconfiguredProvider, base, namespace);
        check(heard?.action === 'load-cart', `base-url="${base}" namespace="${namespace ?? '(default)'}": the provider should dispatch cart-error with action load-cart; heard ${JSON.stringify(heard)}`);
        await s.settle();
        const lines = wrongAddress().slice(before);
        check(lines.length === 1, `${tried}: one console error expected, got ${JSON.stringify(lines)}`);
        const [{ text }] = lines;
        check(text.includes(tried) && text.includes('base-url') && text.includes('namespace="cocart"'), `${tried}: the console error should name the URL and what to check: ${text}`);
        note(`${tried} → cart-error ${heard.status ?? ''} ${heard.code ?? ''}; console: ${text}`);
      }
      check(s.pageErrors.length === 0, `uncaught errors: ${JSON.stringify(s.pageErrors)}`);
      await noDeveloperText(s, 'a misconfigured provider on the page');
    },
  },

  {
    name: "drawer errors belong to the moment: a line's stock error goes when the drawer closes, and when the shopper signs in (in another tab)",
    customer: true,
    cleanup: resetCustomer,
    async run(context) {
      const { shopper, tab, shop, customer, products: { belt } } = context;
      await resetCustomer(context);
      const s = await shopper();
      await s.addToCart(belt.id);
      await s.addToCart(belt.id);
      const key = await waitFor(() => s.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage');
      await serverHolds(() => shop.guestCart(key), { [belt.name]: 2 }, `after adding ${belt.name} twice`, s);

      /** Types 5 for the belt (2 in stock): the new lines the shopper reads then. */
      const overStock = async () => {
        await s.openDrawer();
        const before = await s.visibleText();
        await s.setQuantity(belt.name, 5);
        await pause(500);
        await s.settle();
        const said = (await newText(s, before)).filter((line) => /\b2\b/.test(line) && !line.includes(belt.name));
        check(said.length > 0, `typing 5 for ${belt.name} (2 in stock) should say only 2 are available`);
        return said;
      };
      const stillShown = async (said) => {
        const text = (await s.visibleText()).split('\n');
        return said.filter((line) => text.includes(line));
      };

      const first = await overStock();
      await s.closeDrawer();
      await s.openDrawer();
      const afterReopen = await stillShown(first);
      check(afterReopen.length === 0, `after closing and reopening the drawer it still says ${JSON.stringify(afterReopen)}`);

      const second = await overStock();
      // The modal drawer keeps the page's login form out of reach: the shopper signs in in a second tab.
      const other = await tab(s);
      await other.signIn(customer.username, customer.password);
      await signedIn(other, 'the second tab after "Sign in"');
      await s.front();
      await waitFor(() => stillShown(second), (shown) => shown.length === 0, `after signing in (another tab), the drawer should no longer say ${JSON.stringify(second)}`, {
        timeout: 10_000,
      });
      check(await s.drawerOpen(), 'the drawer stays open through the sign-in');
      await noDeveloperText(s, 'drawer errors');
    },
  },
];
