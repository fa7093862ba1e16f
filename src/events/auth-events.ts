import type { Customer, TwoFactorChallenge } from '../api/model.js';
import type { SessionEndReason } from '../store/types.js';

const init = <T>(detail: T) => ({ bubbles: true, composed: true, detail });

/** The shopper signed in. */
export class AuthSignedInEvent extends CustomEvent<{ user: Customer; kind: 'basic' | 'bearer' }> {
  constructor(detail: { user: Customer; kind: 'basic' | 'bearer' }) {
    super('auth-signed-in', init(detail));
  }
}

/** `user`: the shopper signed out here; `other-tab`: in another tab; `expired` / `refresh-failed`: the session could not be kept. */
export type SignOutReason = SessionEndReason;

/** The shopper is signed out: by their choice, or because the session could not be kept. */
export class AuthSignedOutEvent extends CustomEvent<{ reason: SignOutReason }> {
  constructor(detail: { reason: SignOutReason }) {
    super('auth-signed-out', init(detail));
  }
}

/** The service asked for a second factor; the form now shows the verification step. */
export class AuthTwoFactorRequiredEvent extends CustomEvent<TwoFactorChallenge> {
  constructor(detail: TwoFactorChallenge) {
    super('auth-two-factor-required', init(detail));
  }
}

declare global {
  interface HTMLElementEventMap {
    'auth-signed-in': AuthSignedInEvent;
    'auth-signed-out': AuthSignedOutEvent;
    'auth-two-factor-required': AuthTwoFactorRequiredEvent;
  }
}
