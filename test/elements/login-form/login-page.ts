/** What the login-form tests share: finding fields by their labels, typing, and reading regions. */
import { expect, fixture, html, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/login-form/define.js';
import type { LoginForm } from '../../../src/elements/login-form/login-form.js';
import { focused, getByRole, normalise, queryAllByRole, textOf } from '../../helpers/queries.js';
import type { TestShop } from '../../helpers/shop.js';
import { expectNoSecretsStored, knownSecrets } from '../../store/session-secrets.js';

/** After every test of the suite: nothing secret in storage, whatever the flow. */
export function scanStorageAfterEach(shop: () => TestShop): void {
  afterEach(() => expectNoSecretsStored(...knownSecrets([shop().shop])));
}

/** A standalone form for the test's shop. */
export async function formFor(test: TestShop, auth: 'bearer' | 'basic' = 'bearer'): Promise<LoginForm> {
  const el = await fixture<LoginForm>(
    html`<login-form base-url=${test.baseUrl} namespace=${test.namespace} auth=${auth}></login-form>`,
  );
  await el.updateComplete;
  return el;
}

/** The control a visible `<label>` with exactly this text names (inputs and selects). */
export function control<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(el: Element, label: string): T {
  const found = [...el.querySelectorAll('label')].filter((l) => normalise(l.textContent ?? '') === label && l.control);
  if (found.length !== 1) {
    const labels = [...el.querySelectorAll('label')].map((l) => JSON.stringify(normalise(l.textContent ?? '')));
    throw new Error(`Expected one field labelled “${label}”, found ${found.length}. Labels: ${labels.join(', ') || 'none'}`);
  }
  return found[0]!.control as T;
}

export function hasField(el: Element, label: string): boolean {
  return [...el.querySelectorAll('label')].some((l) => normalise(l.textContent ?? '') === label);
}

export const button = (el: Element, name: string) => getByRole<HTMLButtonElement>(el, 'button', name);

export function regionText(el: Element, role: 'alert' | 'status'): string {
  return queryAllByRole(el, role)
    .map((region) => normalise(textOf(region)))
    .filter(Boolean)
    .join(' | ');
}

/** Focuses the field and types into it, as a shopper at a keyboard. */
export async function typeInto(el: LoginForm, label: string, text: string): Promise<void> {
  const input = control(el, label);
  input.focus();
  input.select();
  await sendKeys({ type: text });
}

/** Types both credentials and presses Enter. */
export async function submitCredentials(el: LoginForm, username: string, password: string): Promise<void> {
  await typeInto(el, 'Username, email or phone', username);
  await typeInto(el, 'Password', password);
  await sendKeys({ press: 'Enter' });
}

export async function waitForStep(el: LoginForm, what: 'two-factor' | 'signed-in' | 'credentials'): Promise<void> {
  const reached = () =>
    what === 'two-factor'
      ? hasField(el, 'Verification code')
      : what === 'signed-in'
        ? queryAllByRole(el, 'button', 'Sign out').length > 0
        : hasField(el, 'Password');
  await waitUntil(reached, `the ${what} step never showed`, { timeout: 5000 });
  await el.updateComplete;
}

/** Waits for "Sign out", then for the customer's cart the store loads after a sign-in. */
export async function waitForSignedIn(el: LoginForm, test: TestShop): Promise<void> {
  await waitForStep(el, 'signed-in');
  const store = test.store();
  await waitUntil(() => store.state.cart !== null && store.state.status === 'idle', 'the cart never loaded', { timeout: 5000 });
}

/** The fields whose error the alert region shows: `aria-invalid` and `aria-describedby` into it. */
export function expectLinkedError(el: Element, field: HTMLElement, text: string): void {
  expect(field.getAttribute('aria-invalid')).to.equal('true');
  const alert = getByRole(el, 'alert');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  expect(ids.length, 'aria-describedby').to.be.greaterThan(0);
  const described = ids.map((id) => document.getElementById(id));
  expect(described.every((node) => node && alert.contains(node)), 'described by the alert region').to.equal(true);
  expect(normalise(described.map((node) => node!.textContent).join(' '))).to.equal(text);
}

export function focusedLabel(): string | null {
  const active = focused();
  if (active instanceof HTMLInputElement || active instanceof HTMLSelectElement) {
    return normalise([...(active.labels ?? [])].map((label) => label.textContent).join(' '));
  }
  return active ? normalise(active.textContent ?? '') : null;
}
