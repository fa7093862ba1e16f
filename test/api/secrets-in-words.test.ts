// No password, key pair or cart key in anything a page's other scripts can read: console lines,
// `cart-error` events, storage, error messages. Every route is asked with credentials in the query
// (the `credentials-in-query` fallback) and a guest cart key, and fails every way a request fails.
import { expect, fixture, html, oneEvent, waitUntil } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { listSessions } from '../../src/api/admin-sessions.js';
import { CartApi } from '../../src/api/cart-api.js';
import type { CallContext } from '../../src/api/shop-connection.js';
import { ApiError } from '../../src/api/errors.js';
import { redactUrl } from '../../src/api/transport.js';
import type { LoginForm } from '../../src/elements/login-form/login-form.js';
import '../../src/elements/login-form/define.js';
import { worker } from '../helpers/network.js';
import { rejection } from '../helpers/rejection.js';
import { expectNoSecretsStored } from '../store/session-secrets.js';
import { submitCredentials } from '../elements/login-form/login-page.js';

const USERNAME = 'leaky-user-7731';
const PASSWORD = 'Secret-Typo-999';
const CART_KEY = 't_cartkey42424242';
const CONSUMER_KEY = 'ck_leak0123456789abcdef';
const CONSUMER_SECRET = 'cs_leak9876543210fedcba';
const SECRETS = [USERNAME, PASSWORD, CART_KEY, CONSUMER_KEY, CONSUMER_SECRET];

// A shop on another origin, so that a request without an answer also brings the CORS note.
let shops = 0;
const newBase = () => `https://leaky${++shops}.shop.test/wp-json`;

/** How a request fails: the shop in trouble, refusing, or no answer at all (the CORS note then runs). */
const failures = {
  'a critical error': () => HttpResponse.json({ code: 'internal_server_error', message: '<p>critical</p>', data: { status: 500 } }, { status: 500 }),
  'a refusal': () => HttpResponse.json({ code: 'cocart_authentication_error', message: 'Nope.', data: { status: 401 } }, { status: 401 }),
  'no answer': () => HttpResponse.error(),
} as const;

/** Everything written to the console from now on, until `restore()`. */
function captureConsole(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const originals = methods.map((name) => console[name]);
  for (const name of methods) console[name] = (...args: unknown[]) => void lines.push(args.map(words).join(' '));
  return { lines, restore: () => methods.forEach((name, index) => (console[name] = originals[index]!)) };
}

/** Everything written to the console while `task` runs, and a moment after. */
async function consoleDuring(task: () => Promise<unknown>): Promise<string> {
  const captured = captureConsole();
  try {
    await task();
    await new Promise((resolve) => setTimeout(resolve, 150));
  } finally {
    captured.restore();
  }
  return captured.lines.join('\n');
}

/** An error (or anything) as every place a script could read it from. */
function words(value: unknown): string {
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause;
    return [String(value), value.message, value.stack ?? '', JSON.stringify(value), cause === undefined ? '' : words(cause)].join('\n');
  }
  try {
    return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function expectNoSecretIn(text: string, where: string): void {
  for (const secret of SECRETS) expect(text, `${where} holds “${secret}”:\n${text}`).not.to.include(secret);
}

/** Every route with credentials and a cart key, each failing as `answer` says. */
function routesOf(api: CartApi, ctx: CallContext): Record<string, () => Promise<unknown>> {
  return {
    'GET cart': () => api.getCart(ctx),
    'add-item': () => api.addItem({ id: 11, quantity: 1 }, ctx),
    'item quantity': () => api.updateItem('abc', 2, ctx),
    'remove item': () => api.removeItem('abc', ctx),
    'restore item': () => api.restoreItem('abc', ctx),
    'clear': () => api.clear(ctx),
    'apply coupon': () => api.applyCoupon('rw10', ctx),
    'remove coupon': () => api.removeCoupon('rw10', ctx),
    'shipping method': () => api.setShippingMethod('0', 'flat_rate:1', ctx),
    'update customer': () => api.updateCustomer({ country: 'DE' }, ctx),
    'route index': () => api.getRoutes(ctx),
    'product': () => api.getProduct(11, ctx),
    'sign-in': () => api.login({ username: USERNAME, password: PASSWORD }, { ...ctx, credentialsInQuery: true }),
    'sign-out': () => api.logout(ctx),
    'sessions': () => listSessions(api, { consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET, inQuery: true }),
  };
}

describe('secrets in words', () => {
  it('redactUrl keeps the route and drops the query (credentials, key pair, cart key, hash) and user info', () => {
    const url = `https://u:p@shop.test/wp-json/cocart/v2/cart?thumb=true&username=${USERNAME}&password=${PASSWORD}&cart_key=${CART_KEY}` +
      `&consumer_key=${CONSUMER_KEY}&consumer_secret=${CONSUMER_SECRET}&c_hash=abc&cocart-load-cart=2#x`;
    expect(redactUrl(url)).to.equal('https://shop.test/wp-json/cocart/v2/cart');
    expect(redactUrl(`https://shop.test/wp-json/cocart/v2/cart/item/a%40b?cart_key=${CART_KEY}`)).to.equal('https://shop.test/wp-json/cocart/v2/cart/item/a%40b');
  });

  for (const [failure, answer] of Object.entries(failures)) {
    it(`no route puts a secret in its error or the console after ${failure}`, async () => {
      const base = newBase();
      // Every request of the api here carries credentials in its query; the CORS note's own checks
      // (a request sent without asking, the route index) carry none, and the shop answers them.
      const withCredentials = (request: Request) => new URL(request.url).searchParams.has('username') || new URL(request.url).searchParams.has('consumer_key');
      worker.use(
        http.get(`${base}/cocart/v2`, ({ request }) => (withCredentials(request) ? answer() : HttpResponse.json({ routes: {} }))),
        http.all(`${base}/*`, ({ request }) => (withCredentials(request) ? answer() : new HttpResponse(''))),
      );
      const api = new CartApi({ baseUrl: base, namespace: 'cocart', retries: 0, backoffMs: 1, timeoutMs: 2000 });
      const ctx: CallContext = { cartKey: CART_KEY, credentials: { kind: 'basic', username: USERNAME, password: PASSWORD, inQuery: true } };
      const captured = captureConsole();
      try {
        for (const [route, call] of Object.entries(routesOf(api, ctx))) {
          const before = captured.lines.length;
          let caught: unknown;
          await call().catch((error: unknown) => void (caught = error));
          expect(caught, `${route} did not fail`).to.be.instanceOf(ApiError);
          expectNoSecretIn(words(caught), `${route}'s error`);
          expectNoSecretIn(captured.lines.slice(before).join('\n'), `the console after ${route}`);
        }
        // The CORS note (the one console line the api layer writes itself) runs, after its own checks.
        if (failure === 'no answer') await waitUntil(() => captured.lines.some((line) => line.includes('probably blocked by CORS')), 'no CORS note');
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        captured.restore();
      }
      expectNoSecretIn(captured.lines.join('\n'), 'the console');
      expectNoSecretsStored(...SECRETS);
    });
  }

  it('the route is still named for developers, without its secrets', async () => {
    const base = newBase();
    worker.use(http.post(`${base}/cocart/v2/login`, failures['a critical error']));
    const api = new CartApi({ baseUrl: base, namespace: 'cocart', retries: 0 });
    const error = await rejection(api.login({ username: USERNAME, password: PASSWORD }, { credentialsInQuery: true }));
    expect(error.message).to.include(`POST ${base}/cocart/v2/login answered 500 internal_server_error`);
  });

  it('a failed sign-in with credentials-in-query leaves no secret in the console, the cart-error event or storage', async () => {
    const base = newBase();
    worker.use(
      http.get(`${base}/cocart/v2/cart`, () => HttpResponse.json({ cart_key: CART_KEY, items: [], totals: { total: '0' }, currency: { currency_code: 'USD', currency_minor_unit: 2 } })),
      http.post(`${base}/cocart/v2/login`, failures['a refusal']),
    );
    const el = await fixture<LoginForm>(html`<login-form base-url=${base} namespace="cocart" auth="basic" credentials-in-query></login-form>`);
    let detail = '';
    const logged = await consoleDuring(async () => {
      const reported = oneEvent(el, 'cart-error');
      await submitCredentials(el, USERNAME, PASSWORD);
      const event = await reported;
      detail = `${words(event.detail.error)}\n${JSON.stringify(event.detail)}`;
    });
    expect(detail).to.include('/cocart/v2/login');
    expectNoSecretIn(detail, 'the cart-error event');
    expectNoSecretIn(logged, 'the console');
    expect(logged).to.include('sign-in failed');
    expectNoSecretsStored(USERNAME, PASSWORD);
    await waitUntil(() => el.querySelector('[role="alert"]')?.textContent?.trim(), 'no error shown');
  });
});
