import type { Customer, TwoFactorChallenge } from '../api/model.js';
import type { SessionEndReason } from '../store/state.js';
import { eventClass } from './event-class.js';

/** The shopper signed in. */
export class AuthSignedInEvent extends eventClass<{ user: Customer; kind: 'basic' | 'bearer' }>('auth-signed-in') {}

/** `user`: the shopper signed out here; `other-tab`: in another tab; `expired` / `refresh-failed`: the session could not be kept. */
export type SignOutReason = SessionEndReason;

/** The shopper is signed out: by their choice, or because the session could not be kept. */
export class AuthSignedOutEvent extends eventClass<{ reason: SignOutReason }>('auth-signed-out') {}

/** The service asked for a second factor; the form now shows the verification step. */
export class AuthTwoFactorRequiredEvent extends eventClass<TwoFactorChallenge>('auth-two-factor-required') {}

/** Every sign-in event by name, for `addEventListener` on an element, `document` or `window`. */
export interface AuthEventMap {
  'auth-signed-in': AuthSignedInEvent;
  'auth-signed-out': AuthSignedOutEvent;
  'auth-two-factor-required': AuthTwoFactorRequiredEvent;
}

declare global {
  interface HTMLElementEventMap extends AuthEventMap {}
  interface DocumentEventMap extends AuthEventMap {}
  interface WindowEventMap extends AuthEventMap {}
}
