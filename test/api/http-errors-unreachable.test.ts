/**
 * What an error answer means (`src/api/http-errors.ts`) loads at the shop's first answer that is not
 * a success: most pages never get one, so the script tag's entry does not carry it. When it cannot
 * load (the script's host is down, not the shop's), the failure is still an `ApiError` with the
 * status and the route: nothing hangs, and a refused token is still told apart.
 *
 * This file must be the first in its page to meet an error answer: the module map keeps a module
 * that loaded once, so the worker refuses its file before any test runs.
 */
import { http, HttpResponse } from 'msw';
import { ApiError } from '../../src/api/errors.js';
import { exchange } from '../../src/api/transport.js';
import { serve } from '../helpers/network.js';
import { expect } from '../helpers/testing.js';

const SHOP = 'https://shop.test/wp-json/cocart/v2';

describe('an error answer while its explanation cannot load', () => {
  let unserve: () => void;

  before(() => {
    unserve = serve(
      http.get(/\/src\/api\/http-errors\.ts(\?.*)?$/, () => HttpResponse.error()),
      http.get(`${SHOP}/cart`, () => HttpResponse.json({ code: 'cocart_busy', message: 'Busy' }, { status: 503 })),
      http.get(`${SHOP}/cart/items`, () => HttpResponse.json({ code: 'cocart_authentication_error', message: 'No' }, { status: 401 })),
    );
  });

  after(() => unserve());

  const failure = async (method: 'GET' | 'POST', path: string) => {
    try {
      await exchange(method, `${SHOP}/${path}?cart_key=secret`, {}, undefined, 5000);
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('no failure');
  };

  it('is an http ApiError with the status, and the route without its query', async () => {
    const error = await failure('GET', 'cart');
    expect(error).to.be.instanceOf(ApiError);
    expect({ kind: error.kind, status: error.status, message: error.message }).to.deep.equal({
      kind: 'http',
      status: 503,
      message: `GET ${SHOP}/cart answered 503`,
    });
    expect(error.transient).to.equal(true);
  });

  it('is an auth ApiError for a 401, so a refused token is still refreshed', async () => {
    const error = await failure('GET', 'cart/items');
    expect({ kind: error.kind, status: error.status }).to.deep.equal({ kind: 'auth', status: 401 });
  });
});
