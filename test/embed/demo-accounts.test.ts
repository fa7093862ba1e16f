/**
 * The embed page (built files only, strict policy) lists the fake shop's demo accounts and shows
 * its inbox, so a visitor can finish a two-factor sign-in there.
 */
import { expect, waitUntil } from '../helpers/testing.js';
import { byRole, openEmbed, type EmbedFrame } from './embed-frame.js';

const slow = { timeout: 5000, interval: 20 };

describe('the script-tag embed: demo accounts and inbox', () => {
  let page: EmbedFrame;

  beforeEach(async () => {
    page = await openEmbed();
  });

  afterEach(() => {
    page.remove();
  });

  it('lets a visitor sign in with two-factor using a listed account and the code from the inbox', async () => {
    const form = page.document.querySelector('login-form')!;
    await waitUntil(() => byRole(form, 'textbox', 'Username, email or phone'), 'no sign-in form', slow);
    const accounts = page.document.querySelector('#demo-users')!.textContent!;
    expect(accounts).to.contain('grace / compiler-1952 — two-factor: email, totp, backup');
    expect(page.document.querySelector('#inbox')!.textContent).to.equal('No e-mails yet.');

    const [username, password] = accounts.match(/grace \/ (\S+)/)![0].split(' / ');
    const fill = (name: string, value: string) => {
      const input = byRole<HTMLInputElement>(form, 'textbox', name)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    fill('Username, email or phone', username!);
    fill('Password', password!);
    byRole<HTMLButtonElement>(form, 'button', 'Sign in')!.click();

    await waitUntil(() => /Enter (\d+) to sign in/.test(page.document.querySelector('#inbox')!.textContent ?? ''), 'no e-mail arrived', slow);
    const code = /Enter (\d+) to sign in/.exec(page.document.querySelector('#inbox')!.textContent!)![1]!;
    await waitUntil(() => byRole(form, 'textbox', 'Verification code'), 'no verification step', slow);
    fill('Verification code', code);
    byRole<HTMLButtonElement>(form, 'button', 'Verify')!.click();
    await waitUntil(() => form.textContent?.includes('Signed in as Grace Hopper'), 'not signed in', slow);
    expect(page.violations()).to.deep.equal([]);
  });
});
