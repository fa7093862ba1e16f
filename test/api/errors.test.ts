import { expect } from '../helpers/testing.js';
import { refusedCredentials } from '../../src/api/refused-credentials.js';
import { ApiError } from '../../src/api/errors.js';

describe('ApiError', () => {
  it('matches a service code by its suffix after the namespace prefix', () => {
    const error = new ApiError({ kind: 'http', status: 401, code: 'cocart_2fa_required', message: 'x' });
    expect(error.is('2fa_required')).to.equal(true);
    expect(error.is('fa_required')).to.equal(false);
    expect(error.is('2fa_invalid_code')).to.equal(false);
  });

  it('matches nothing when the service sent no code', () => {
    const error = new ApiError({ kind: 'http', status: 500, message: 'x' });
    expect(error.is('cart_not_found')).to.equal(false);
    expect(error).to.be.instanceOf(Error);
  });

  it('says what a failure means through predicates, in either namespace, so no element spells out codes or statuses', () => {
    const error = (status: number | undefined, code?: string, kind: ApiError['kind'] = 'http') => new ApiError({ kind, status, code, message: 'x' });
    const meaning = (e: ApiError) =>
      (['emptyCart', 'estimateNotOffered', 'wrongCredentials', 'twoFactorRequired', 'invalidTwoFactorCode', 'invalidTwoFactorMethod',
        'rateLimited', 'forbidden', 'notFound', 'refused', 'missingRoute'] as const).filter((name) => e[name]);
    expect(meaning(error(404, 'cocart_cart_empty'))).to.deep.equal(['emptyCart', 'notFound', 'refused']);
    expect(meaning(error(404, 'cocart_update_cart_no_namespace_error'))).to.deep.equal(['estimateNotOffered', 'notFound', 'refused']);
    expect(meaning(error(404, 'rest_no_route'))).to.deep.equal(['estimateNotOffered', 'notFound', 'refused', 'missingRoute']);
    expect(meaning(error(400, 'svc_no_namespace_error'))).to.deep.equal(['refused']);
    expect(meaning(error(401, 'svc_authentication_error', 'auth'))).to.deep.equal(['wrongCredentials', 'refused']);
    expect(meaning(error(403, 'cocart_rest_not_authorized'))).to.deep.equal(['wrongCredentials', 'forbidden', 'refused']);
    // A 500 says nothing about credentials by itself, empty or PHP's critical error: the login and
    // sessions routes find out by asking the shop again without them (refused-credentials.ts, refusedCredentialsOn500).
    expect(meaning(error(500))).to.deep.equal([]);
    expect(meaning(error(500, 'internal_server_error'))).to.deep.equal([]);
    expect(meaning(refusedCredentials(error(500, 'internal_server_error'), 'x'))).to.deep.equal(['wrongCredentials']);
    expect([error(500).transient, refusedCredentials(error(500), 'x').transient]).to.deep.equal([true, false]);
    expect(meaning(error(401, 'cocart_2fa_required'))).to.deep.equal(['wrongCredentials', 'twoFactorRequired', 'refused']);
    expect(meaning(error(401, 'svc_2fa_invalid_code'))).to.deep.equal(['wrongCredentials', 'invalidTwoFactorCode', 'refused']);
    expect(meaning(error(400, 'svc_2fa_invalid_provider'))).to.deep.equal(['invalidTwoFactorMethod', 'refused']);
    expect(meaning(error(429))).to.deep.equal(['rateLimited', 'refused']);
    expect(meaning(error(undefined, undefined, 'network'))).to.deep.equal([]);
  });
});
