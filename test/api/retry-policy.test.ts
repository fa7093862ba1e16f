// The one retry policy (src/api/retry-policy.ts) alone; the reads it repeats are tested through
// the client in cart-api.test.ts.
import { expect } from '../helpers/testing.js';
import { ApiError } from '../../src/api/errors.js';
import { retryPause } from '../../src/api/retry-policy.js';

const noAnswer = new ApiError({ kind: 'network', message: 'No answer.' });
const busy = (retryAfter?: number) => new ApiError({ kind: 'http', status: 503, message: 'Busy.', retryAfter });

describe('retry policy', () => {
  it('repeats a read after no answer or a busy shop, the pause doubling each time', () => {
    expect(retryPause(noAnswer, true, 1, 2, 300, Infinity)).to.equal(300);
    expect(retryPause(busy(), true, 2, 2, 300, Infinity)).to.equal(600);
  });

  it("waits as long as the shop's Retry-After says, at most 10 s", () => {
    expect(retryPause(busy(2), true, 1, 2, 300, Infinity)).to.equal(2000);
    expect(retryPause(busy(60), true, 1, 2, 300, Infinity)).to.equal(10_000);
  });

  it('never repeats a write: it may have reached the shop', () => {
    expect(retryPause(noAnswer, false, 1, 2, 300, Infinity)).to.equal(-1);
  });

  it('gives up after the last retry, when the pause would end past the deadline, and after a refusal', () => {
    expect(retryPause(noAnswer, true, 3, 2, 300, Infinity)).to.equal(-1);
    expect(retryPause(noAnswer, true, 1, 2, 300, 300)).to.equal(-1);
    expect(retryPause(noAnswer, true, 1, 2, 300, 301)).to.equal(300);
    expect(retryPause(new ApiError({ kind: 'http', status: 400, message: 'No.' }), true, 1, 2, 300, Infinity)).to.equal(-1);
    expect(retryPause(new ApiError({ kind: 'auth', status: 401, message: 'No.' }), true, 1, 2, 300, Infinity)).to.equal(-1);
  });
});
