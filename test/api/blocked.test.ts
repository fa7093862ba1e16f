// The console note for a request the browser blocked (CORS) names what the shop's CoCart version
// needs (README, "Cross-origin shops"): 4.3 the `cocart_disable_all_cors` switch, 4.4 the page's
// origin in `cocart_allowed_http_origins` too. The version is told by the shop's route index.
import { expect, waitUntil } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { explainBlockedRequest } from '../../src/api/blocked.js';
import { worker } from '../helpers/network.js';

let shops = 0;

async function noteFor(index: (() => Response) | null): Promise<string> {
  const base = `https://blocked.test/s${++shops}/wp-json`;
  worker.use(
    http.get(`${base}/cocart/v2/cart/add-item`, () => new HttpResponse(null, { status: 404 })),
    http.get(`${base}/cocart/v2`, () => (index ? index() : HttpResponse.error())),
  );
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args.join(' '));
  try {
    await explainBlockedRequest(`${base}/cocart/v2/cart/add-item?cart_key=t_a`, { method: 'POST' }, base);
    await waitUntil(() => errors.length, 'nothing was said in the console');
  } finally {
    console.error = original;
  }
  return errors[0]!;
}

const index = (methods: string[]) => () => HttpResponse.json({ routes: { '/cocart/v2': { methods: ['GET'] }, '/cocart/v2/cart': { methods } } });

describe('the console note for a request blocked by CORS', () => {
  it('names the switch for a CoCart 4.3 shop (its index lists GET only on v2/cart)', async () => {
    const note = await noteFor(index(['GET']));
    expect(note).to.include("add_filter( 'cocart_disable_all_cors', '__return_false' );").and.include('CoCart 4.3');
    expect(note).not.to.include('cocart_allowed_http_origins');
  });

  it("names the request without its query, so the guest's cart key is not in the console", async () => {
    const note = await noteFor(index(['GET']));
    expect(note).to.include('POST https://blocked.test/').and.include('/cocart/v2/cart/add-item was probably blocked');
    expect(note).not.to.include('t_a');
  });

  it('names the switch and cocart_allowed_http_origins with the page origin for a CoCart 4.4 shop (POST on v2/cart)', async () => {
    const note = await noteFor(index(['GET', 'POST']));
    expect(note).to.include('CoCart 4.4+').and.include("add_filter( 'cocart_disable_all_cors', '__return_false' );");
    expect(note).to.include(`add ${location.origin} with the cocart_allowed_http_origins filter`);
  });

  it('names cocart_allowed_http_origins when even the route index is blocked (4.4 in production, origin not listed)', async () => {
    const note = await noteFor(null);
    expect(note).to.include(`add ${location.origin} with the cocart_allowed_http_origins filter`).and.include('cocart_allow_origin');
  });
});
