import { expect } from './testing.js';
import { ApiError } from '../../src/api/errors.js';

/** The ApiError a promise rejects with; fails the test if it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the promise to reject');
}
