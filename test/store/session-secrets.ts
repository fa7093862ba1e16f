// The storage scan every sign-in test runs: no password, verification code or consumer secret may
// ever be written to localStorage or sessionStorage.
import { expect } from '../helpers/testing.js';
import { DEFAULT_KEY_PAIR, DEFAULT_USERS, type MockShop } from '../../src/mock/index.js';

/** Every secret the fake shops know: passwords, backup codes, TOTP seeds, e-mailed codes, the key pair. */
export function knownSecrets(shops: readonly MockShop[] = []): string[] {
  const users = [...DEFAULT_USERS, ...shops.flatMap((shop) => shop.auth?.users ?? [])];
  return [
    ...users.flatMap((user) => [user.password, ...(user.twoFactor?.backupCodes ?? []), user.twoFactor?.totpSecret ?? '']),
    DEFAULT_KEY_PAIR.consumerSecret,
    ...shops.flatMap((shop) => shop.auth?.inbox.messages.map((message) => message.code) ?? []),
  ].filter(Boolean);
}

/** Every key and value the page keeps in localStorage and sessionStorage. */
function storedText(): string {
  const entries: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index)!;
      entries.push(`${key}=${storage.getItem(key)}`);
    }
  }
  return entries.join('\n');
}

/**
 * Fails when a secret is anywhere in storage. Short codes count only as a whole word: six digits
 * inside a random token or cart key are a coincidence, not a stored code.
 */
export function expectNoSecretsStored(...secrets: string[]): void {
  const text = storedText();
  for (const secret of secrets) {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = secret.length >= 12 ? text.includes(secret) : new RegExp(`(^|[^A-Za-z0-9])${escaped}($|[^A-Za-z0-9])`).test(text);
    expect(found, `storage holds “${secret}”`).to.equal(false);
  }
}

/** Whether storage holds `value` (a token) somewhere. */
export function isStored(value: string): boolean {
  return storedText().includes(value);
}
