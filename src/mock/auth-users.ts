/**
 * The fake shop's customer accounts. Anyone may sign in with these in the demo; the passwords and
 * secrets are public on purpose.
 */

/** A customer's two-factor settings, as the two-factor plugin keeps them. */
export interface MockTwoFactorSettings {
  /** Enabled providers, in the plugin's order: `email`, `totp`, `backup`. */
  enabled: string[];
  /** The provider the customer picked as primary in their settings. */
  primary?: string;
  /** Base32 secret of the authenticator app (`totp`). */
  totpSecret?: string;
  /** Single-use backup codes. */
  backupCodes?: string[];
}

export interface MockUser {
  /** WordPress user id; also the key of the customer's cart. */
  id: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  firstName: string;
  lastName: string;
  displayName: string;
  role: string;
  twoFactor?: MockTwoFactorSettings;
}

export const DEFAULT_USERS: readonly MockUser[] = [
  {
    id: '2',
    username: 'ada',
    email: 'ada@example.com',
    phone: '+15550100',
    password: 'analytical-engine',
    firstName: 'Ada',
    lastName: 'Lovelace',
    displayName: 'Ada Lovelace',
    role: 'customer',
  },
  {
    id: '3',
    username: 'grace',
    email: 'grace@example.com',
    phone: '+15550101',
    password: 'compiler-1952',
    firstName: 'Grace',
    lastName: 'Hopper',
    displayName: 'Grace Hopper',
    role: 'customer',
    twoFactor: {
      enabled: ['email', 'totp', 'backup'],
      primary: 'email',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      backupCodes: ['40539174', 'k7q2-m9x4', '90731645'],
    },
  },
];

/** The account an identifier names: its username or e-mail (any case), or its phone number. */
export function findUser(users: readonly MockUser[], identifier: string): MockUser | undefined {
  const wanted = identifier.trim().toLowerCase();
  if (!wanted) return undefined;
  const digits = (phone: string) => phone.replace(/[^\d+]/g, '');
  return users.find(
    (user) =>
      user.username.toLowerCase() === wanted ||
      user.email.toLowerCase() === wanted ||
      (digits(wanted).length > 3 && digits(user.phone) === digits(wanted)),
  );
}
