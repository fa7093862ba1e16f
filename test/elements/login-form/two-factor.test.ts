import { aTimeout, expect, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse, http } from 'msw';
import type { LoginForm } from '../../../src/elements/login-form/login-form.js';
import type { AuthTwoFactorRequiredEvent } from '../../../src/events/auth-events.js';
import { DEFAULT_USERS, totp, type MockUser } from '../../../src/mock/index.js';
import { queryAllByRole } from '../../helpers/queries.js';
import { holdRequests, useShop, worker, type TestShop } from '../../helpers/shop.js';
import {
  button,
  control,
  expectLinkedError,
  focusedLabel,
  formFor,
  hasField,
  regionText,
  scanStorageAfterEach,
  submitCredentials,
  typeInto,
  waitForSignedIn,
  waitForStep,
} from './login-page.js';
import { expectNoSecretsStored } from '../../store/session-secrets.js';

const grace = DEFAULT_USERS.find((user) => user.username === 'grace')!;
const SECRET = grace.twoFactor!.totpSecret!;

/** Bodies of the login requests the shop saw. */
const logins = (test: TestShop) =>
  test.requests.filter((request) => request.url.includes('/v2/login')).map((request) => request.body as Record<string, string>);

async function challenged(test: TestShop): Promise<LoginForm> {
  const el = await formFor(test);
  await submitCredentials(el, 'grace', grace.password);
  await waitForStep(el, 'two-factor');
  return el;
}

async function verify(el: LoginForm, code: string): Promise<void> {
  await typeInto(el, 'Verification code', code);
  await sendKeys({ press: 'Enter' });
}

async function choose(el: LoginForm, provider: string): Promise<void> {
  const select = control<HTMLSelectElement>(el, 'Verification method');
  select.value = provider;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

describe('<login-form> two-factor step', () => {
  const shop = useShop();
  scanStorageAfterEach(shop);

  it('asks for the code on a two-factor challenge, with the methods, the e-mail note and its actions', async () => {
    const el = await formFor(shop());
    const required = oneEvent(el, 'auth-two-factor-required') as Promise<AuthTwoFactorRequiredEvent>;
    await submitCredentials(el, 'grace', grace.password);
    expect((await required).detail).to.deep.equal({ providers: ['email', 'totp', 'backup'], defaultProvider: 'email', emailSent: true });
    await waitForStep(el, 'two-factor');

    const method = control<HTMLSelectElement>(el, 'Verification method');
    expect([...method.options].map((option) => [option.value, option.textContent?.trim()])).to.deep.equal([
      ['email', 'Email'],
      ['totp', 'Authenticator app'],
      ['backup', 'Backup code'],
    ]);
    expect(method.value).to.equal('email');
    expect(el.textContent).to.contain('We sent a verification code to your email address.');
    const code = control(el, 'Verification code');
    // The attribute, as password managers read it: Firefox reflects `one-time-code` as '' in `.autocomplete`.
    expect([code.getAttribute('autocomplete'), code.inputMode, code.type]).to.deep.equal(['one-time-code', 'numeric', 'text']);
    expect(focusedLabel()).to.equal('Verification code');
    for (const name of ['Verify', 'Send a new code', 'Back']) expect(button(el, name)).to.exist;
    expect(hasField(el, 'Password')).to.equal(false);
    expect(el.querySelector('form')!.getAttribute('aria-labelledby')).to.be.a('string');
    await expect(el).to.be.accessible();
  });

  it('signs in with the e-mailed code', async () => {
    const el = await challenged(shop());
    const code = shop().shop.auth!.inbox.latest('grace@example.com')!.code;
    await verify(el, code);
    await waitForSignedIn(el, shop());
    expect(el.textContent).to.contain('Signed in as Grace Hopper');
    expect(logins(shop()).at(-1)).to.deep.include({ '2fa_code': code, '2fa_provider': 'email' });
    await expect(el).to.be.accessible();
    expectNoSecretsStored(grace.password, code);
  });

  it('keeps focus on the code field with an inline error when the code is wrong', async () => {
    const el = await challenged(shop());
    await verify(el, '000000');
    await waitUntil(() => regionText(el, 'alert'), 'no error shown');
    expectLinkedError(el, control(el, 'Verification code'), 'That code is not valid. Check it and try again.');
    expect(focusedLabel()).to.equal('Verification code');
    expect(hasField(el, 'Verification code')).to.equal(true);
    await expect(el).to.be.accessible();

    // Typing the right code replaces the selected wrong one.
    await sendKeys({ type: shop().shop.auth!.inbox.latest()!.code });
    await sendKeys({ press: 'Enter' });
    await waitForSignedIn(el, shop());
  });

  it('asks for the code before sending anything', async () => {
    const el = await challenged(shop());
    const sent = logins(shop()).length;
    button(el, 'Verify').click();
    await el.updateComplete;
    expectLinkedError(el, control(el, 'Verification code'), 'Enter the verification code.');
    expect(logins(shop())).to.have.length(sent);
  });

  it('signs in with an authenticator code after switching the method', async () => {
    const el = await challenged(shop());
    await choose(el, 'totp');
    expect(el.textContent).to.not.contain('We sent a verification code');
    expect(queryAllByRole(el, 'button', 'Send a new code')).to.have.length(0);
    expect(control(el, 'Verification code').inputMode).to.equal('numeric');
    await expect(el).to.be.accessible();
    await verify(el, await totp(SECRET, Date.now()));
    await waitForSignedIn(el, shop());
    expect(logins(shop()).at(-1)).to.deep.include({ '2fa_provider': 'totp' });
  });

  it('accepts a backup code with letters, on a text keyboard', async () => {
    const el = await challenged(shop());
    await choose(el, 'backup');
    const code = control(el, 'Verification code');
    expect(code.inputMode).to.equal('text');
    expect(code.hasAttribute('pattern')).to.equal(false);
    await verify(el, 'k7q2-m9x4');
    await waitForSignedIn(el, shop());
  });

  it('sends a new code by asking again without one, and says so', async () => {
    const el = await challenged(shop());
    const first = shop().shop.auth!.inbox.latest()!.code;
    button(el, 'Send a new code').click();
    await waitUntil(() => shop().shop.auth!.inbox.messages.length === 2, 'no second e-mail');
    await waitUntil(() => regionText(el, 'status'), 'not announced');
    expect(regionText(el, 'status')).to.equal('We sent a new code to your email address.');
    const resend = logins(shop()).at(-1)!;
    expect(resend).to.deep.include({ username: 'grace', '2fa_provider': 'email' });
    expect(resend).to.not.have.property('2fa_code');
    expect(focusedLabel()).to.equal('Verification code');
    await expect(el).to.be.accessible();

    const second = shop().shop.auth!.inbox.latest()!.code;
    if (first !== second) {
      await verify(el, first);
      await waitUntil(() => regionText(el, 'alert'), 'the old code was taken');
    }
    await verify(el, second);
    await waitForSignedIn(el, shop());
  });

  it('names an unavailable method in an inline error on the choice', async () => {
    const el = await challenged(shop());
    await choose(el, 'totp');
    worker.use(
      http.post(shop().url('v2/login'), () =>
        HttpResponse.json(
          { code: 'svc_2fa_invalid_provider', message: 'Invalid two-factor provider: "totp".', data: { status: 400 } },
          { status: 400 },
        ),
      ),
    );
    await verify(el, '123456');
    await waitUntil(() => regionText(el, 'alert'), 'no error shown');
    expectLinkedError(el, control(el, 'Verification method'), 'The verification method “Authenticator app” is not available.');
    expect(focusedLabel()).to.equal('Verification method');
    await expect(el).to.be.accessible();
  });

  it('goes back to the first step with the identifier kept and the password empty', async () => {
    const el = await challenged(shop());
    button(el, 'Back').click();
    await waitForStep(el, 'credentials');
    expect(control(el, 'Username, email or phone').value).to.equal('grace');
    expect(control(el, 'Password').value).to.equal('');
    expect(focusedLabel()).to.equal('Username, email or phone');
    await expect(el).to.be.accessible();
    // Without the password nothing can be verified any more: the first step starts over.
    await submitCredentials(el, 'grace', grace.password);
    await waitForStep(el, 'two-factor');
  });

  it('walks the whole sign-in with the keyboard alone', async () => {
    const el = await formFor(shop());
    control(el, 'Username, email or phone').focus();
    await sendKeys({ type: 'grace' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: grace.password });
    await sendKeys({ press: 'Enter' });
    await waitForStep(el, 'two-factor');
    await waitUntil(() => focusedLabel() === 'Verification code');
    await sendKeys({ type: shop().shop.auth!.inbox.latest()!.code });
    await sendKeys({ press: 'Enter' });
    await waitForSignedIn(el, shop());
    await waitUntil(() => focusedLabel() === 'Sign out', 'focus did not reach Sign out');
    await sendKeys({ press: 'Enter' });
    await waitForStep(el, 'credentials');
    await waitUntil(() => focusedLabel() === 'Username, email or phone');
    // Sign-out calls logout, then loads a fresh guest cart: two round trips, slow on a busy machine.
    await waitUntil(() => shop().store().state.cart?.key?.startsWith('t_'), 'no fresh guest cart', { timeout: 5000 });
  });

  it('stays on the code step when an earlier sign-out, failed offline, settles while the next sign-in waits', async () => {
    const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;
    const el = await formFor(shop());
    // Ada's cart, loaded after her sign-in, answers only after she signed out and Grace sent her
    // password (Grace's sign-in holds the cart's lock, so it waits for that read).
    const cart = holdRequests(shop(), 'get', 'v2/cart');
    worker.use(http.post(shop().url('v2/logout'), () => HttpResponse.error()));
    await submitCredentials(el, 'ada', ada.password);
    await waitForStep(el, 'signed-in');
    button(el, 'Sign out').click();
    await waitForStep(el, 'credentials');
    const required = oneEvent(el, 'auth-two-factor-required');
    await submitCredentials(el, 'grace', grace.password);
    await aTimeout(50);
    cart.release();
    await required;
    await waitForStep(el, 'two-factor');
    await typeInto(el, 'Verification code', '12');
    await waitUntil(() => shop().store().state.cart?.key?.startsWith('t_'), 'no fresh guest cart', { timeout: 5000 });
    await aTimeout(50);
    await el.updateComplete;
    expect(hasField(el, 'Verification code'), 'the code step is still shown').to.equal(true);
    expect(control(el, 'Verification code').value).to.equal('12');
    await expect(el).to.be.accessible();
    await verify(el, shop().shop.auth!.inbox.latest('grace@example.com')!.code);
    await waitForSignedIn(el, shop());
    expect(el.textContent).to.contain('Signed in as Grace Hopper');
  });

  describe('for an account with one method', () => {
    const only: MockUser = {
      ...grace,
      id: '9',
      username: 'solo',
      email: 'solo@example.com',
      phone: '+15550109',
      twoFactor: { enabled: ['totp'], totpSecret: SECRET },
    };
    const single = useShop({ auth: { users: [only] } });
    scanStorageAfterEach(single);

    it('shows no choice of method, just the code field', async () => {
      const el = await formFor(single());
      await submitCredentials(el, 'solo', only.password);
      await waitForStep(el, 'two-factor');
      expect(hasField(el, 'Verification method')).to.equal(false);
      expect(el.textContent).to.not.contain('We sent');
      await expect(el).to.be.accessible();
      await verify(el, await totp(SECRET, Date.now()));
      await waitForSignedIn(el, single());
      expectNoSecretsStored(only.password);
    });
  });
});
