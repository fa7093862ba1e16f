import { expect } from '@open-wc/testing';
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
});
