import type { Customer } from '../api/model.js';

/** A bearer session as it is kept between page loads and shared with the other tabs. */
export interface StoredSession {
  token: string;
  /** `null` when the shop issued no refresh token: the session ends with its token. */
  refreshToken: string | null;
  user: Customer;
  /** Kept in the browser (localStorage) rather than in the open tabs only. */
  remember: boolean;
  /** How far the shop's clock is ahead of this device's, ms, from the token's `iat` when it arrived. */
  skew: number;
}

export type Tokens = Pick<StoredSession, 'token' | 'refreshToken' | 'skew' | 'remember'>;
