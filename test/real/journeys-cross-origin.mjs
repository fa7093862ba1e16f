// The journey of issue 21's CORS point: a merchant's page on another origin (a port of its own,
// served from Node) talking to the shop, with the shop set up as README "Cross-origin shops" says
// for its version, in production mode — once with the merchant's must-use plugin as it was before
// they followed the README (no origin list on 4.4, no switch on 4.3) and once as the README gives it.
//
// It changes the store's set-up, so it runs only on stores listed in REAL_MAY_CONFIGURE (never on
// the shared ones by default), and only for its own pages: every change applies to requests whose
// `Origin` is one of the two pages of this run, and is undone afterwards (and on exit).
// - `wp-content/mu-plugins/cart-widget-test-cors.php`: the README's plugin for the shop's version.
// - Production mode: the store script's wp-config.php defines WP_ENVIRONMENT_TYPE as 'local' (CoCart
//   accepts Basic auth over plain http only there), and that constant wins over everything, so no
//   plugin can change it. The journey turns the define into "production for requests from this
//   run's pages, local for everything else" and puts the line back afterwards; starting the store
//   again writes wp-config.php afresh too.
import { createServer } from 'node:http';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { check, drawerMatchesServer, noDeveloperText, serverHolds } from './checks.mjs';
import { JourneyError, waitFor } from './shopper.mjs';

const LOCAL_LINE = "define( 'WP_ENVIRONMENT_TYPE', 'local' );";
const MARK = '// cart-widget test:real, cross-origin journey';
const PLUGIN = 'wp-content/mu-plugins/cart-widget-test-cors.php';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Serves `folder` (the run's test page and the built script) on 127.0.0.1 at a port of its own. */
function servePage(folder) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(folder, path === '/' ? 'index.html' : path);
    if (!file.startsWith(folder) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      resolve({ origin, pageUrl: `${origin}/index.html`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The must-use plugin of README "Cross-origin shops" for this version; `without` gets what a merchant had before. */
function plugin({ modern, with: allowed, without }) {
  const quote = (s) => `'${s.replace(/[\\']/g, '\\$&')}'`;
  const header = `<?php\n/* Plugin Name: cart-widget test:real — CORS for the cross-origin journey's pages (removed after the run). */\n${MARK}\n$cw_origin = $_SERVER['HTTP_ORIGIN'] ?? '';\n`;
  if (modern) {
    // 4.4: the switch for both pages; the README's list names only the page that followed it.
    return (
      header +
      `if ( in_array( $cw_origin, array( ${quote(allowed)}, ${quote(without)} ), true ) ) {\n` +
      `\tadd_filter( 'cocart_disable_all_cors', '__return_false' );\n}\n` +
      `add_filter( 'cocart_allowed_http_origins', function ( $origins ) {\n\t$origins[] = ${quote(allowed)};\n\treturn $origins;\n} );\n`
    );
  }
  // 4.3: the switch, for the page that followed the README only.
  return header + `if ( ${quote(allowed)} === $cw_origin ) {\n\tadd_filter( 'cocart_disable_all_cors', '__return_false' );\n}\n`;
}

/** Sets the store up for this run's two pages; answers the function that undoes it (safe to call twice). */
function configureStore(wpRoot, { modern, with: allowed, without }) {
  const config = join(wpRoot, 'wp-config.php');
  const original = restoredConfig(readFileSync(config, 'utf8'));
  if (!original.includes(LOCAL_LINE)) {
    throw new JourneyError(`${config} does not hold ${LOCAL_LINE} (not a store of ../shared/realworld/start-real-cocart.sh?)`);
  }
  const production =
    `define( 'WP_ENVIRONMENT_TYPE', in_array( $_SERVER['HTTP_ORIGIN'] ?? '', array( '${allowed}', '${without}' ), true ) ? 'production' : 'local' ); ${MARK}`;
  writeFileSync(join(wpRoot, PLUGIN), plugin({ modern, with: allowed, without }));
  writeFileSync(config, original.replace(LOCAL_LINE, production));
  let undone = false;
  const undo = () => {
    if (undone) return;
    undone = true;
    rmSync(join(wpRoot, PLUGIN), { force: true });
    writeFileSync(config, restoredConfig(readFileSync(config, 'utf8')));
  };
  process.on('exit', undo);
  return undo;
}

/** wp-config.php with a line left by an earlier run of this journey put back. */
function restoredConfig(text) {
  return text.replace(new RegExp(`^define\\( 'WP_ENVIRONMENT_TYPE', in_array\\(.*${MARK.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'), LOCAL_LINE);
}

/** What the shop answers a request from `origin` (from Node, as the browser would send it). */
async function allowOrigin(baseUrl, origin, method = 'GET') {
  const headers = { Origin: origin, Accept: 'application/json' };
  if (method === 'OPTIONS') Object.assign(headers, { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' });
  const response = await fetch(`${baseUrl}/cocart/v2/${method === 'GET' ? 'cart' : 'cart/add-item'}`, { method, headers });
  await response.arrayBuffer();
  return response.headers.get('access-control-allow-origin');
}

const state = new WeakMap();

export const crossOriginJourneys = [
  {
    name: "a page on another origin, production mode: without the README's CORS set-up the console names the filter to add; with it the drawer works",
    skip({ store, site }) {
      if (!store.mayConfigure) {
        return `changes the store's set-up for its own pages (a must-use plugin, production mode): list ${site.baseUrl} in REAL_MAY_CONFIGURE to run it`;
      }
      return null;
    },
    async cleanup(context) {
      const held = state.get(context.site);
      state.delete(context.site);
      held?.undo?.();
      await Promise.all((held?.servers ?? []).map((server) => server.close()));
    },
    async run(context) {
      const { shopper, products: { beanie, cap }, shop, store, site, note } = context;
      const modern = store.atLeast('4.4');
      const held = { servers: [] };
      state.set(site, held);
      const [blocked, open] = [await servePage(site.pageFolder), await servePage(site.pageFolder)];
      held.servers.push(blocked, open);
      held.undo = configureStore(site.wpRoot, { modern, with: open.origin, without: blocked.origin });

      // The shop as the browser meets it from each page, once the set-up took effect (PHP's opcache
      // looks at a changed wp-config.php again after up to 2 s). 4.3 answers a plain GET from any
      // origin (WordPress's own CORS headers) and fails the preflight without the switch; 4.4 in
      // production answers no origin outside its list.
      const preflight = (origin) => allowOrigin(site.baseUrl, origin, 'OPTIONS');
      await waitFor(
        async () => ({ blockedRead: await allowOrigin(site.baseUrl, blocked.origin), openRead: await allowOrigin(site.baseUrl, open.origin), blockedPreflight: await preflight(blocked.origin) }),
        (r) => (modern ? !r.blockedRead && r.blockedPreflight === blocked.origin : !r.blockedPreflight) && r.openRead === open.origin,
        modern
          ? `the shop in production should answer ${blocked.origin} (not in its list) without Access-Control-Allow-Origin but pass its preflight, and answer ${open.origin} (in its list) with it`
          : `the shop should fail the preflight of ${blocked.origin} (no switch) and answer ${open.origin} (the switch) with Access-Control-Allow-Origin`,
        { timeout: 10_000 },
      );

      // 1. Before the README: a shopper adds a Beanie; the developer is told which filter to add.
      const before = await shopper({ ...site, pageUrl: blocked.pageUrl });
      await before.addToCart(beanie.id);
      await before.settle(800);
      const hint = modern ? 'cocart_allowed_http_origins' : 'cocart_disable_all_cors';
      const said = await waitFor(
        () => before.consoleMessages.filter((m) => m.type === 'error' && m.text.startsWith('cart-widget:') && m.text.includes('blocked by CORS')),
        (found) => found.length > 0,
        "the widget's console note should say a request was blocked by CORS",
        { show: () => JSON.stringify(before.consoleMessages.map((m) => m.text).filter((t) => t.startsWith('cart-widget'))) },
      );
      const note1 = said.map((m) => m.text).join(' | ');
      check(note1.includes(hint) && note1.includes(blocked.origin), `the console note should name ${hint} and the page's origin ${blocked.origin}; it says ${note1}`);
      if (modern) check(!/CoCart 4\.3:/.test(note1), `on ${store.cocart} the console note should not give 4.3's advice: ${note1}`);
      const shown = note1.replaceAll(blocked.origin, '<page>').replace(/cart_key=[^&\s]+/g, 'cart_key=…');
      note(`console, before the README's set-up: ${shown}`);
      const told = (await before.addToCartText(beanie.id)).replace(/Add to cart|Adding…/g, '').trim();
      check(told, 'the shopper should be told the add did not go through');
      const adds = before.blockedAnswers.filter((a) => a.url.includes('cart/add-item'));
      const sawAdds = JSON.stringify(adds.map(({ status, why }) => ({ status, why })));
      if (modern) {
        // 4.4 carries the write out and blocks its answer: the add is on the shop, the page never learns it.
        const landed = adds.find((a) => a.status === 200 && a.cartKey);
        check(landed, `on ${store.cocart} the add should be carried out and its answer blocked; the browser saw ${sawAdds}`);
        await serverHolds(() => shop.guestCart(landed.cartKey), { [beanie.name]: 1 }, 'the cart the blocked add created on the shop');
        check(!(await before.stored('cart-key')), 'the page cannot have learnt a cart key from a blocked answer');
      } else {
        // 4.3 without the switch fails the preflight: the add is never sent, the guest's cart stays empty.
        check(adds.length && adds.every((a) => a.status === null), `on ${store.cocart} the add's preflight should fail; the browser saw ${sawAdds}`);
        const key = await before.stored('cart-key');
        if (key) await serverHolds(() => shop.guestCart(key), {}, "the guest's cart after a blocked add");
      }
      await noDeveloperText(before, "before the README's set-up");

      // 2. As the README says: the same journey as on the shop's own origin.
      const after = await shopper({ ...site, pageUrl: open.pageUrl });
      await after.addToCart(beanie.id);
      await after.addToCart(cap.id);
      const key = await waitFor(() => after.stored('cart-key'), Boolean, 'the guest cart key should be kept in localStorage (the Cart-Key header is exposed)');
      const server = () => shop.guestCart(key);
      await serverHolds(server, { [beanie.name]: 1, [cap.name]: 1 }, 'after adding two products from the other origin', after);
      await after.openDrawer();
      await drawerMatchesServer(after, server, 'drawer opened');
      await after.setQuantity(beanie.name, 2);
      await serverHolds(server, { [beanie.name]: 2, [cap.name]: 1 }, `after typing 2 in "Quantity for ${beanie.name}"`, after);
      await drawerMatchesServer(after, server, 'after the quantity change');
      await after.reload();
      await after.openDrawer();
      await drawerMatchesServer(after, server, 'after a reload');
      const cors = after.consoleMessages.filter((m) => /CORS/.test(m.text));
      check(!cors.length, `with the README's set-up the console should say nothing about CORS: ${cors.map((m) => m.text).join(' | ')}`);
      check(!after.blockedAnswers.length, `with the README's set-up no answer should be blocked: ${after.blockedAnswers.map((a) => `${a.method} ${a.url} ${a.status}`).join('; ')}`);
      await noDeveloperText(after, "with the README's set-up");
    },
  },
];
