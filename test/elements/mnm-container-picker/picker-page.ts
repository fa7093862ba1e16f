import { fixture, html, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import type { TemplateResult } from 'lit';
import type { MnmContainerPicker } from '../../../src/elements/mnm-container-picker/mnm-container-picker.js';
import { accessibleName, focused, getByRole, normalise, queryAllByRole, textOf } from '../../helpers/queries.js';
import '../../../src/elements/mnm-container-picker/define.js';

/** The mock shop's mix-and-match box: 3–6 of products 31–36, priced per product; 36 is out of stock. */
export const BOX_ID = 30;

export async function pickerFor(template: TemplateResult): Promise<MnmContainerPicker> {
  const host = await fixture<HTMLElement>(template);
  return (host.localName === 'mnm-container-picker' ? host : host.querySelector('mnm-container-picker')) as MnmContainerPicker;
}

/** A picker loading the mock box, returned once its products are listed. */
export async function loadedPicker(baseUrl: string, keepSelection = false): Promise<MnmContainerPicker> {
  const el = await pickerFor(
    html`<mnm-container-picker base-url=${baseUrl} product-id=${BOX_ID} ?keep-selection=${keepSelection}></mnm-container-picker>`,
  );
  await waitForBox(el);
  return el;
}

export async function waitForBox(el: MnmContainerPicker): Promise<void> {
  await waitUntil(() => queryAllByRole(el, 'group').length, 'the box is shown', { timeout: 5000 });
}

export const button = (el: Element, name: string) => getByRole<HTMLButtonElement>(el, 'button', name);
export const field = (el: Element, name: string) => getByRole<HTMLInputElement>(el, 'spinbutton', name);

/** What the element's regions with `role` say, joined. */
export function roleText(el: Element, role: 'status' | 'alert'): string {
  return queryAllByRole(el, role)
    .map((region) => normalise(textOf(region)))
    .filter(Boolean)
    .join(' | ');
}

export const statusText = (el: Element) => roleText(el, 'status');
export const alertText = (el: Element) => roleText(el, 'alert');

/** Clicks the button `times` times, letting each render, as a pointer user would. */
export async function press(el: MnmContainerPicker, name: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    button(el, name).click();
    await el.updateComplete;
  }
}

/** Replaces a field's value by typing, then leaves the field, as a shopper would. */
export async function typeInto(el: MnmContainerPicker, name: string, value: string): Promise<void> {
  const input = field(el, name);
  input.focus();
  input.select();
  await sendKeys({ type: value });
  await el.updateComplete;
  input.blur();
  await el.updateComplete;
}

/** Presses Tab until the control named `name` has focus (keyboard only). */
export async function tabTo(name: string, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await sendKeys({ press: 'Tab' });
    if (focusedName() === name) return;
  }
  throw new Error(`Tab never reached “${name}”`);
}

export function focusedName(): string | null {
  const active = focused();
  return active ? accessibleName(active) : null;
}
