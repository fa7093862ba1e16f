// Journeys through the HTTPS front (../shared/realworld/https-front.mjs): Basic sign-in and the admin
// sessions call need https, and the stores run on plain http. run.mjs starts a front per store and
// gives it as `site.https` (the same test page, base-url on the front, auth="basic"; and an admin
// page with the README's import map). A journey skips a store without a front, saying why.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, drawerShows, followCheckout, noDeveloperText, resetCustomer, same, serverHolds, signedIn } from './checks.mjs';
import { describeLines, serverLines } from './shop.mjs';
import { waitFor } from './shopper.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WRONG = 'The username, email, phone or password is not correct.';

/** The README's admin sessions snippet, exactly as written there (the block after its marker). */
export function readmeSessionsSnippet() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = readme.split('<!-- admin-sessions-snippet -->')[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('README.md has no admin sessions snippet after <!-- admin-sessions-snippet -->');
  return block;
}

/** The snippet on the admin page, with this shop and key pair: `{ table, errors, thrown }` as it ended. */
async function runSnippet(page, { baseUrl, consumerKey, consumerSecret, inQuery = false }) {
  let code = readmeSessionsSnippet()
    .replace("'https://shop.example/wp-json'", JSON.stringify(baseUrl))
    .replace("'ck_…'", JSON.stringify(consumerKey))
    .replace("'cs_…'", JSON.stringify(consumerSecret));
  if (inQuery) code = code.replace(/consumerSecret: ("[^"]*") \}/, 'consumerSecret: $1, inQuery: true }');
  return page.evaluate(async (source) => {
    const seen = { table: null, errors: [], thrown: null };
    const { table, error } = console;
    console.table = (rows) => void (seen.table = rows);
    console.error = (...args) => void seen.errors.push(args.join(' '));
    try {
      // A module of its own, as a back-office page would have it (the import map names `cart-widget`).
      const script = document.createElement('script');
      script.type = 'module';
      script.textContent = `${source}\nwindow.dispatchEvent(new Event('snippet-done'));`;
      const done = new Promise((resolve) => {
        window.addEventListener('snippet-done', resolve, { once: true });
        window.addEventListener('error', (event) => resolve((seen.thrown = String(event.error?.message ?? event.message))), { once: true });
        window.addEventListener('unhandledrejection', (event) => resolve((seen.thrown = String(event.reason?.message ?? event.reason))), { once: true });
      });
      document.head.append(script);
      await done;
    } finally {
      Object.assign(console, { table, error });
    }
    return seen;
  }, code);
}

export const httpsJourneys = [
  {
    name: "Basic sign-in over https: wrong password and unknown username read right, the customer's add lands in the saved cart, Checkout hands it over",
    customer: true,
    cleanup: resetCustomer,
    skip: ({ site }) => (site.https ? null : 'no HTTPS front for this store'),
    async run(context) {
      const { shopper, shop, customer, products: { cap, beanie }, site, store } = context;
      await resetCustomer(context);
      const s = await shopper(site.https);
      for (const [username, password, what] of [[customer.username, 'Secret-Typo-999', 'a wrong password'], ['rw-nobody-at-all', 'whatever-1', 'an unknown username']]) {
        await s.signIn(username, password);
        await waitFor(() => s.visibleText(), (text) => text.includes(WRONG), `${what} should read "${WRONG}"`, {
          show: (text) => JSON.stringify(text.split('\n').filter((l) => /sign|password|username|trouble|try/i.test(l)).slice(0, 6)),
        });
        await noDeveloperText(s, `after ${what}`);
      }
      // No password in anything the page keeps or says.
      const kept = await s.page.evaluate(() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]));
      check(!kept.includes('Secret-Typo-999') && !kept.includes(customer.password), 'storage should hold no password');

      await s.signIn(customer.username, customer.password);
      await signedIn(s, 'after "Sign in" with Basic');
      // The page's only REST root is the front's https one.
      check(s.log.some((e) => e.auth === 'Basic'), 'the customer\'s requests should carry Basic credentials');
      await s.addToCart(beanie.id);
      const expected = { [cap.name]: 2, [beanie.name]: 1 };
      await serverHolds(() => shop.customerCart(), expected, "after the customer's add", s);
      await s.openDrawer();
      await drawerShows(s, expected, 'the drawer after the add');

      const link = await s.page.$(`::-p-aria([name="Checkout"][role="link"])`);
      check(link, 'the drawer should offer a "Checkout" link');
      const { landed, loggedIn, summary } = await followCheckout(s, link);
      if (store.atLeast('4.4')) {
        check(
          landed.protocol === 'https:' && landed.pathname === site.checkoutPath && loggedIn && same(summary.lines, expected),
          `Checkout should land on https ${site.checkoutPath} signed in, listing ${describeLines(expected)}; it landed on ${landed.href} ` +
            `(${loggedIn ? 'signed in' : 'not signed in'}), ${summary.empty ? `saying "${summary.empty}"` : `listing ${describeLines(summary.lines)}`}`,
        );
      } else {
        check(!loggedIn && landed.protocol === 'https:', `on ${store.cocart} Checkout should follow the plain link; it landed on ${landed.href}${loggedIn ? ' signed in' : ''}`);
      }
      const after = serverLines(await shop.customerCart());
      check(same(after, expected), `the saved cart should still hold ${describeLines(expected)} after checkout; it holds ${describeLines(after)}`);
    },
  },

  {
    name: "admin sessions over https: the README's listSessions snippet lists the shop's sessions (key pair as Basic and in the query); a wrong pair reads 'refused', not trouble",
    skip: ({ site }) => (site.https ? null : 'no HTTPS front for this store'),
    async run({ shopper, site, note }) {
      const { consumer_key: consumerKey, consumer_secret: consumerSecret } = site.https.keyPair ?? {};
      check(consumerKey && consumerSecret, "the store's setup/ids.json should hold admin_api_keys");
      const s = await shopper(site.https);
      // A back-office page: the package's browser-ready modules through the README's import map.
      await s.page.goto(site.https.adminUrl, { waitUntil: 'load' });
      const baseUrl = site.https.baseUrl;
      for (const inQuery of [false, true]) {
        const how = inQuery ? 'in the query' : 'as Basic';
        const right = await runSnippet(s.page, { baseUrl, consumerKey, consumerSecret, inQuery });
        check(!right.thrown && !right.errors.length, `the snippet (${how}) should end without an error: ${right.thrown ?? right.errors.join('; ')}`);
        check(Array.isArray(right.table) && right.table.length > 0, `the snippet (${how}) should list sessions; it got ${JSON.stringify(right.table)?.slice(0, 200)}`);
        const first = right.table[0];
        check(['cartKey', 'customerName', 'customerEmail', 'created', 'expiry', 'source', 'link'].every((k) => typeof first[k] === 'string'), `a session should have every field: ${JSON.stringify(first)}`);
        check(first.link.startsWith('https:'), `a session's link should name the https front: ${first.link}`);
        const wrong = await runSnippet(s.page, { baseUrl, consumerKey, consumerSecret: `${consumerSecret.slice(0, -4)}0000`, inQuery });
        check(!wrong.thrown && wrong.errors.join() === 'The key pair was refused.', `a wrong pair (${how}) should read "The key pair was refused."; it read ${JSON.stringify(wrong)}`);
        note(`${how}: ${right.table.length} sessions`);
      }
      const logged = s.consoleMessages.map((m) => m.text).join('\n');
      check(!logged.includes(consumerSecret), 'the console should never hold the consumer secret');
    },
  },
];
