import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { delay, http, HttpResponse } from 'msw';
import { CartApi } from '../../../src/api/cart-api.js';
import type { LoginForm } from '../../../src/elements/login-form/login-form.js';
import { loginFormStyles } from '../../../src/elements/login-form/login-form.styles.js';
import type { AuthSignedInEvent, AuthSignedOutEvent } from '../../../src/events/auth-events.js';
import { DEFAULT_USERS } from '../../../src/mock/index.js';
import { storeScope } from '../../../src/store/cart-store.js';
import { createPersistence } from '../../../src/store/persistence.js';
import { Session } from '../../../src/store/session.js';
import { getByRole } from '../../helpers/queries.js';
import { holdRequests, useShop, worker } from '../../helpers/shop.js';
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

const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;

describe('<login-form>', () => {
  const shop = useShop();
  scanStorageAfterEach(shop);

  describe('signing in', () => {
    it('offers "Username, email or phone", "Password" and "Sign in" as native light-DOM inputs password managers recognise', async () => {
      const el = await formFor(shop());
      expect(el.shadowRoot).to.equal(null);
      const identifier = control(el, 'Username, email or phone');
      const password = control(el, 'Password');
      expect([identifier.type, identifier.autocomplete, identifier.name]).to.deep.equal(['text', 'username', 'username']);
      expect([password.type, password.autocomplete, password.name]).to.deep.equal(['password', 'current-password', 'password']);
      expect(identifier.form).to.not.equal(null);
      expect(password.form).to.equal(identifier.form);
      expect(button(el, 'Sign in').type).to.equal('submit');
      expect(button(el, 'Sign in').form).to.equal(identifier.form);
      expect(getByRole(el, 'textbox', 'Username, email or phone')).to.equal(identifier);
      await expect(el).to.be.accessible();
    });

    it('asks for both fields before sending anything, errors linked to the fields', async () => {
      const el = await formFor(shop());
      button(el, 'Sign in').click();
      await el.updateComplete;
      expect(regionText(el, 'alert')).to.equal('Enter your username, email or phone. Enter your password.');
      expectLinkedError(el, control(el, 'Username, email or phone'), 'Enter your username, email or phone.');
      expectLinkedError(el, control(el, 'Password'), 'Enter your password.');
      expect(focusedLabel()).to.equal('Username, email or phone');
      expect(shop().requests.filter((r) => r.url.includes('/login'))).to.have.length(0);
      await expect(el).to.be.accessible();

      await typeInto(el, 'Username, email or phone', 'ada');
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(regionText(el, 'alert')).to.equal('Enter your password.');
      expect(control(el, 'Username, email or phone').getAttribute('aria-invalid')).to.equal('false');
      expect(focusedLabel()).to.equal('Password');
    });

    it('says so when the password is wrong, empties the password field and keeps focus there', async () => {
      const el = await formFor(shop());
      await submitCredentials(el, 'ada', 'not-my-password');
      await waitUntil(() => regionText(el, 'alert'), 'no error shown');
      expect(regionText(el, 'alert')).to.equal('The username, email, phone or password is not correct.');
      expectLinkedError(el, control(el, 'Password'), 'The username, email, phone or password is not correct.');
      expectLinkedError(el, control(el, 'Username, email or phone'), 'The username, email, phone or password is not correct.');
      expect(control(el, 'Password').value).to.equal('');
      expect(control(el, 'Username, email or phone').value).to.equal('ada');
      expect(focusedLabel()).to.equal('Password');
      await expect(el).to.be.accessible();
    });

    it('says the username or password is not right when WordPress 7 answers an unknown username with its critical error, and the shop is otherwise fine', async () => {
      // WordPress 7 + WooCommerce 10: a PHP fatal for the unknown user, as JSON (real-world notes).
      const critical = () => HttpResponse.json({ code: 'internal_server_error', message: '<p>There has been a critical error on this website.</p>', data: { status: 500 } }, { status: 500 });
      worker.use(http.post(shop().url('v2/login'), ({ request }) => (request.headers.has('Authorization') ? critical() : undefined)));
      const el = await formFor(shop());
      await submitCredentials(el, 'nobody-here', 'whatever-1');
      await waitUntil(() => regionText(el, 'alert'), 'no error shown');
      expect(regionText(el, 'alert')).to.equal('The username, email, phone or password is not correct.');
      await expect(el).to.be.accessible();
    });

    it('says the shop is in trouble when it is: the login fails without credentials too', async () => {
      worker.use(http.post(shop().url('v2/login'), () => HttpResponse.json({ code: 'internal_server_error', message: '<p>critical</p>', data: { status: 500 } }, { status: 500 })));
      const el = await formFor(shop());
      await submitCredentials(el, 'ada', ada.password);
      await waitUntil(() => regionText(el, 'alert'), 'no error shown');
      expect(regionText(el, 'alert')).to.match(/trouble/);
      expect(regionText(el, 'alert')).not.to.include('critical');
    });

    it('tells the host page about a refused sign-in with cart-error (action "sign-in"), as every element tells a failure', async () => {
      const el = await formFor(shop());
      const reported = oneEvent(el, 'cart-error');
      await submitCredentials(el, 'ada', 'not-my-password');
      const { detail } = await reported;
      expect([detail.action, detail.error.status, detail.error.wrongCredentials]).to.deep.equal(['sign-in', 401, true]);
      await waitUntil(() => regionText(el, 'alert'), 'no error shown');
      expect(regionText(el, 'alert')).to.equal('The username, email, phone or password is not correct.');
    });

    it('offers "Keep me signed in", unchecked unless the merchant sets keep-signed-in; unchecked, the session is in no localStorage', async () => {
      const el = await formFor(shop());
      const keep = getByRole<HTMLInputElement>(el, 'checkbox', 'Keep me signed in');
      expect(keep.checked).to.equal(false);
      const box = keep.getBoundingClientRect();
      expect(Math.min(box.width, box.height), 'target size').to.be.at.least(24);
      await expect(el).to.be.accessible();
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      const kept = (storage: Storage) => Object.keys(storage).filter((key) => key.startsWith('cart-widget:') && key.endsWith(':session'));
      expect(kept(localStorage), 'localStorage').to.deep.equal([]);
      expect(kept(sessionStorage), 'sessionStorage').to.have.length(1);
    });

    it('keeps the session in localStorage when "Keep me signed in" is checked (keep-signed-in checks it first)', async () => {
      const el = await fixture<LoginForm>(html`<login-form base-url=${shop().baseUrl} namespace=${shop().namespace} keep-signed-in></login-form>`);
      const keep = getByRole<HTMLInputElement>(el, 'checkbox', 'Keep me signed in');
      expect(keep.checked).to.equal(true);
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      const key = Object.keys(localStorage).find((k) => k.startsWith('cart-widget:') && k.endsWith(':session'));
      expect(key, 'a session in localStorage').to.not.equal(undefined);
      expect(Object.keys(sessionStorage).filter((k) => k === key)).to.deep.equal([]);
    });

    it('shows that it is busy and sends one request however often the shopper presses', async () => {
      worker.use(http.post(shop().url('v2/login'), () => delay(300)));
      const el = await formFor(shop());
      await submitCredentials(el, 'ada', ada.password);
      await el.updateComplete;
      const busy = button(el, 'Signing in…');
      expect(busy.getAttribute('aria-disabled')).to.equal('true');
      expect(el.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
      await expect(el).to.be.accessible();
      busy.click();
      await sendKeys({ press: 'Enter' });
      await waitForSignedIn(el, shop());
      expect(shop().requests.filter((r) => r.url.includes('/v2/login'))).to.have.length(1);
    });

    it('signs in, says who is signed in, announces auth-signed-in and focuses "Sign out"', async () => {
      const el = await formFor(shop());
      const signedIn = oneEvent(el, 'auth-signed-in') as Promise<AuthSignedInEvent>;
      await submitCredentials(el, 'ada@example.com', ada.password);
      const event = await signedIn;
      expect(event.detail.kind).to.equal('bearer');
      expect(event.detail.user.displayName).to.equal('Ada Lovelace');
      expect(event.bubbles && event.composed).to.equal(true);
      await waitForSignedIn(el, shop());
      expect(el.textContent).to.contain('Signed in as Ada Lovelace');
      expect(hasField(el, 'Password')).to.equal(false);
      expect(focusedLabel()).to.equal('Sign out');
      expect(button(el, 'Sign out').getAttribute('aria-describedby')).to.be.a('string');
      await expect(el).to.be.accessible();
      expectNoSecretsStored(ada.password);
    });

    it('signs in with Basic credentials kept in memory only', async () => {
      const el = await formFor(shop(), 'basic');
      await submitCredentials(el, '+15550100', ada.password);
      await waitForSignedIn(el, shop());
      expect(el.textContent).to.contain('Signed in as Ada Lovelace');
      await waitUntil(() => shop().requests.some((r) => r.url.includes('/v2/cart') && r.headers.authorization?.startsWith('Basic ')));
      expectNoSecretsStored(ada.password);
    });

    it('refuses a plain-http shop with a clear error, sending nothing', async () => {
      const el = await fixture<LoginForm>(html`<login-form base-url="http://plain.test/wp-json" auth="basic"></login-form>`);
      await submitCredentials(el, 'ada', ada.password);
      await waitUntil(() => regionText(el, 'alert'), 'no error shown');
      expect(regionText(el, 'alert')).to.equal('Signing in needs a secure (https) connection to the shop.');
      expect(control(el, 'Password').value).to.equal('');
      await expect(el).to.be.accessible();
    });

    it('uses the store of the <cart-provider> it sits in', async () => {
      const host = await fixture(html`<cart-provider base-url=${shop().baseUrl}><login-form></login-form></cart-provider>`);
      const el = host.querySelector('login-form')!;
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      expect(shop().store().state.session.user?.displayName).to.equal('Ada Lovelace');
    });

    it('is styled in the page and inside another component, and follows --cart-accent', async () => {
      const accent = (el: Element) => getComputedStyle(button(el, 'Sign in')).backgroundColor;
      const inPage = await formFor(shop());
      expect(accent(inPage)).to.equal('rgb(29, 78, 216)');
      const outer = await fixture<HTMLDivElement>(html`<div style="--cart-accent: rgb(10, 120, 60)"></div>`);
      const root = outer.attachShadow({ mode: 'open' });
      const nested = document.createElement('login-form');
      nested.setAttribute('base-url', shop().baseUrl);
      root.append(nested);
      await nested.updateComplete;
      expect(accent(nested)).to.equal('rgb(10, 120, 60)');
    });

    it('is written without CSS nesting, which Safari < 16.5 and Firefox < 117 drop whole', () => {
      // A rule inside a rule's block is nesting (the sheet has no @media or @supports).
      expect(loginFormStyles.cssText).not.to.match(/\{[^{}]*\{/);
      expect(loginFormStyles.cssText).to.contain("login-form [part~='label']");
    });

    it('takes its strings from `messages`', async () => {
      const el = await fixture<LoginForm>(
        html`<login-form base-url=${shop().baseUrl} .messages=${{ signIn: 'Anmelden', password: 'Passwort' }}></login-form>`,
      );
      expect(button(el, 'Anmelden')).to.exist;
      expect(control(el, 'Passwort').type).to.equal('password');
    });
  });

  describe('signed in', () => {
    async function signedInForm(): Promise<LoginForm> {
      const el = await formFor(shop());
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      return el;
    }

    it('signs out with "Sign out": auth-signed-out (user), the form again, focus on the first field', async () => {
      const el = await signedInForm();
      const signedOut = oneEvent(el, 'auth-signed-out') as Promise<AuthSignedOutEvent>;
      button(el, 'Sign out').click();
      expect((await signedOut).detail).to.deep.equal({ reason: 'user' });
      await waitForStep(el, 'credentials');
      await waitUntil(() => focusedLabel() === 'Username, email or phone', 'focus did not return to the form');
      expect(control(el, 'Username, email or phone').value).to.equal('');
      expect(regionText(el, 'status'), 'the shopper knows why').to.equal('');
      await waitUntil(() => shop().requests.some((r) => r.url.includes('/v2/logout')), 'the shop was not told');
      await waitUntil(() => shop().store().state.cart?.key?.startsWith('t_'), 'no fresh guest cart');
      await expect(el).to.be.accessible();
    });

    it('never empties what the shopper types after "Sign out" when the earlier sign-in finishes late', async () => {
      const el = await formFor(shop());
      // The customer's cart, loaded after the sign-in, answers only after the shopper signed out.
      const cart = holdRequests(shop(), 'get', 'v2/cart');
      await submitCredentials(el, 'ada', ada.password);
      await waitForStep(el, 'signed-in');
      button(el, 'Sign out').click();
      await waitForStep(el, 'credentials');
      await typeInto(el, 'Username, email or phone', 'grace');
      await typeInto(el, 'Password', 'compil');
      cart.release();
      await waitUntil(() => shop().store().state.cart?.key?.startsWith('t_'), 'no fresh guest cart', { timeout: 5000 });
      await aTimeout(50);
      await el.updateComplete;
      expect(control(el, 'Username, email or phone').value).to.equal('grace');
      expect(control(el, 'Password').value).to.equal('compil');
      expect(button(el, 'Sign in').getAttribute('aria-disabled')).to.equal('false');
      await expect(el).to.be.accessible();
    });

    it('follows a sign-out in another tab and tells the page why', async () => {
      const el = await signedInForm();
      const config = { baseUrl: shop().baseUrl, namespace: shop().namespace };
      const otherTab = new Session(new CartApi(config), createPersistence(storeScope(config)), config);
      const signedOut = oneEvent(el, 'auth-signed-out') as Promise<AuthSignedOutEvent>;
      await otherTab.signOut();
      expect((await signedOut).detail).to.deep.equal({ reason: 'other-tab' });
      await waitForStep(el, 'credentials');
      await waitUntil(() => shop().store().state.cart?.key?.startsWith('t_'), 'no fresh guest cart');
    });

    it('tells the page when the session could not be refreshed', async () => {
      const el = await signedInForm();
      shop().shop.auth!.reset(); // the shop forgets every token
      const signedOut = oneEvent(el, 'auth-signed-out') as Promise<AuthSignedOutEvent>;
      await shop().store().addItem({ id: 11, quantity: 1 }).catch(() => undefined);
      expect((await signedOut).detail).to.deep.equal({ reason: 'refresh-failed' });
      await waitForStep(el, 'credentials');
      await waitUntil(() => shop().store().state.cart?.key?.startsWith('t_'), 'no fresh guest cart');
      await expect(el).to.be.accessible();
    });
  });

  describe('signed out by the session itself', () => {
    it('says politely that another window signed the shopper out', async () => {
      const el = await formFor(shop());
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      const config = { baseUrl: shop().baseUrl, namespace: shop().namespace };
      await new Session(new CartApi(config), createPersistence(storeScope(config)), config).signOut();
      await waitForStep(el, 'credentials');
      expect(regionText(el, 'status')).to.equal('You were signed out in another window.');
      await expect(el).to.be.accessible();
      // Signing in again: the note has served its purpose.
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      expect(regionText(el, 'status')).to.equal('');
    });

    it('says that the session ended when it could not be refreshed, in the words of `messages`', async () => {
      const el = await fixture<LoginForm>(
        html`<login-form base-url=${shop().baseUrl} .messages=${{ sessionEnded: 'Sitzung beendet.' }}></login-form>`,
      );
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      shop().shop.auth!.reset(); // the shop forgets every token
      await shop().store().addItem({ id: 11, quantity: 1 }).catch(() => undefined);
      await waitForStep(el, 'credentials');
      expect(regionText(el, 'status')).to.equal('Sitzung beendet.');
      await expect(el).to.be.accessible();
    });
  });

  it('never logs the password', async () => {
    const logged: unknown[] = [];
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const originals = methods.map((name) => console[name]);
    methods.forEach((name) => (console[name] = (...args: unknown[]) => void logged.push(...args)));
    try {
      const el = await formFor(shop());
      await submitCredentials(el, 'ada', 'wrong-password-123');
      await waitUntil(() => regionText(el, 'alert'));
      await submitCredentials(el, 'ada', ada.password);
      await waitForSignedIn(el, shop());
      await aTimeout(50);
    } finally {
      methods.forEach((name, index) => (console[name] = originals[index]!));
    }
    const text = logged.map((entry) => (entry instanceof Error ? `${entry.message} ${entry.stack}` : String(entry))).join('\n');
    expect(text).to.not.contain(ada.password).and.not.contain('wrong-password-123');
  });
});
