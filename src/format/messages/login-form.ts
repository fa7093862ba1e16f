import { sharedMessages } from './shared.js';

/** What `<login-form>` shows, its two-factor step included. */
export const loginFormMessages = {
  ...sharedMessages,
  identifier: 'Username, email or phone',
  password: 'Password',
  keepSignedIn: 'Keep me signed in',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signedInAs: (name: string) => `Signed in as ${name}`,
  signOut: 'Sign out',
  identifierRequired: 'Enter your username, email or phone.',
  passwordRequired: 'Enter your password.',
  twoFactorTitle: 'Two-step verification',
  verificationMethod: 'Verification method',
  verificationCode: 'Verification code',
  codeRequired: 'Enter the verification code.',
  emailSent: 'We sent a verification code to your email address.',
  verify: 'Verify',
  sendNewCode: 'Send a new code',
  back: 'Back',
  invalidCode: 'That code is not valid. Check it and try again.',
  invalidProvider: (provider: string) => `The verification method “${provider}” is not available.`,
  providerName: (provider: string) =>
    ({ email: 'Email', totp: 'Authenticator app', backup: 'Backup code' })[provider] ?? provider,
  verifying: 'Verifying…',
  codeSent: 'We sent a new code to your email address.',
  signInFailed: 'The username, email, phone or password is not correct.',
  signedOutElsewhere: 'You were signed out in another window.',
};

export type LoginFormMessages = typeof loginFormMessages;
