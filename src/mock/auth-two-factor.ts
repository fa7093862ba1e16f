/**
 * The two-factor plugin of the fake shop: providers per customer, the default-provider priority,
 * e-mail codes (15 minutes, delivered to a visible fake inbox), TOTP with replay protection and
 * single-use backup codes. Codes are never logged; a used code fails the second time.
 */
import type { MockTwoFactorSettings, MockUser } from './auth-users.js';
import { matchTotp } from './totp.js';

export const EMAIL_CODE_LIFETIME_MS = 15 * 60_000;

/** An e-mail the fake shop "sent". */
export interface InboxMessage {
  to: string;
  subject: string;
  text: string;
  /** The verification code in it. */
  code: string;
  /** When it was sent, by the shop's clock (ms). */
  sentAt: number;
}

/**
 * Where the fake shop's e-mails arrive, so the demo can show them and tests can read codes.
 * Dispatches a `message` event (`CustomEvent<InboxMessage>`) for each one, `clear` when emptied.
 */
export class MockInbox extends EventTarget {
  private list: InboxMessage[] = [];

  get messages(): readonly InboxMessage[] {
    return this.list;
  }

  /** The newest message, to `to` when given. */
  latest(to?: string): InboxMessage | undefined {
    return this.list.findLast((message) => to === undefined || message.to === to);
  }

  deliver(message: InboxMessage): void {
    this.list = [...this.list, message];
    this.dispatchEvent(new CustomEvent<InboxMessage>('message', { detail: message }));
  }

  clear(): void {
    this.list = [];
    this.dispatchEvent(new Event('clear'));
  }
}

/**
 * The spec's default provider: (1) the one last used successfully, while still enabled; (2) the
 * primary one, while enabled; (3) the first enabled one; (4) `''` when none is enabled.
 */
export function defaultProvider(settings: MockTwoFactorSettings | undefined, lastUsed?: string): string {
  const enabled = settings?.enabled ?? [];
  if (lastUsed && enabled.includes(lastUsed)) return lastUsed;
  if (settings?.primary && enabled.includes(settings.primary)) return settings.primary;
  return enabled[0] ?? '';
}

interface FactorState {
  lastUsed?: string;
  /** The newest TOTP time step accepted: codes of that step or older are replays. */
  usedTotpStep: number;
  email?: { code: string; expiresAt: number };
  usedBackupCodes: Set<string>;
}

export class TwoFactorDesk {
  private states = new Map<string, FactorState>();

  constructor(
    private readonly now: () => number,
    readonly inbox: MockInbox,
  ) {}

  providers(user: MockUser): string[] {
    return user.twoFactor?.enabled ?? [];
  }

  defaultFor(user: MockUser): string {
    return defaultProvider(user.twoFactor, this.state(user).lastUsed);
  }

  /** Sends a fresh e-mail code; it replaces any earlier one. */
  sendEmailCode(user: MockUser): void {
    const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
    const sentAt = this.now();
    this.state(user).email = { code, expiresAt: sentAt + EMAIL_CODE_LIFETIME_MS };
    this.inbox.deliver({
      to: user.email,
      subject: 'Your login confirmation code',
      text: `Enter ${code} to sign in. The code expires in 15 minutes.`,
      code,
      sentAt,
    });
  }

  /** Whether `code` is good for `provider`; a good code is used up and the provider remembered. */
  async verify(user: MockUser, provider: string, code: string): Promise<boolean> {
    const state = this.state(user);
    const settings = user.twoFactor;
    let valid = false;
    if (provider === 'email') {
      valid = !!state.email && state.email.code === code && state.email.expiresAt > this.now();
      if (valid) state.email = undefined;
    } else if (provider === 'totp' && settings?.totpSecret) {
      const step = await matchTotp(settings.totpSecret, code, this.now(), state.usedTotpStep);
      valid = step !== null;
      if (step !== null) state.usedTotpStep = step;
    } else if (provider === 'backup') {
      valid = !!settings?.backupCodes?.includes(code) && !state.usedBackupCodes.has(code);
      if (valid) state.usedBackupCodes.add(code);
    }
    if (valid) state.lastUsed = provider;
    return valid;
  }

  reset(): void {
    this.states.clear();
  }

  private state(user: MockUser): FactorState {
    let state = this.states.get(user.id);
    if (!state) {
      state = { usedTotpStep: -1, usedBackupCodes: new Set() };
      this.states.set(user.id, state);
    }
    return state;
  }
}
