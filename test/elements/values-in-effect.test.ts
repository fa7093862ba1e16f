import { expect } from '../helpers/testing.js';
import { followValuesInEffect } from '../../src/elements/values-in-effect.js';

/**
 * The fields show the value in effect after each render, as lit's `live` would, while a render
 * visits only the fields that may differ (issue 32: a 1000-line drawer visited 1000 fields twice
 * per quantity change). A shadow root stands in for an element's: the test plays the renders.
 */
describe('the fields show the values in effect', () => {
  let host: HTMLElement;
  let root: ShadowRoot;
  let showValues: () => void;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<input type="number" id="a" data-value="1"><input type="number" id="b" data-value="2">
      <input type="radio" name="rate" id="flat" value="flat" data-value="flat"><input type="radio" name="rate" id="pickup" value="pickup" data-value="flat">`;
    showValues = followValuesInEffect(root);
    showValues();
  });

  afterEach(() => host.remove());

  const field = (id: string) => root.getElementById(id) as HTMLInputElement;
  /** What a shopper does: a new value, and the events the browser fires. */
  const type = (input: HTMLInputElement, value: string) => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const choose = (radio: HTMLInputElement) => {
    radio.checked = true;
    radio.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    radio.dispatchEvent(new Event('change', { bubbles: true }));
  };

  it('shows every value at the first render', () => {
    expect([field('a').value, field('b').value, field('flat').checked, field('pickup').checked]).to.deep.equal(['1', '2', true, false]);
  });

  it('shows a value that changed, and a field that came, at the next render', () => {
    field('a').dataset.value = '5';
    const added = Object.assign(document.createElement('input'), { type: 'number', id: 'c' });
    added.dataset.value = '7';
    const line = document.createElement('p');
    line.append(added);
    root.append(line);
    showValues();
    expect([field('a').value, field('c').value]).to.deep.equal(['5', '7']);
  });

  it('puts back the value in effect where the shopper typed one the element did not take', () => {
    type(field('b'), '9');
    showValues();
    expect(field('b').value).to.equal('2');
  });

  it('puts back a value the shopper typed while the field had none in effect, once it has one again', () => {
    // The drawer's line while the shopper types: no value in effect, the typing stays.
    field('a').removeAttribute('data-value');
    type(field('a'), '8');
    showValues();
    expect(field('a').value).to.equal('8');
    // Refused: the value in effect is back, the one before.
    field('a').dataset.value = '1';
    showValues();
    expect(field('a').value).to.equal('1');
  });

  it('checks the chosen rate again when the shopper chose one the element did not take', () => {
    choose(field('pickup'));
    showValues();
    expect([field('flat').checked, field('pickup').checked]).to.deep.equal([true, false]);
  });

  it('leaves alone a field that neither the shopper nor a render changed', () => {
    // A value only a script set, no event: not a field that may differ, so not visited. (Every
    // field visited at each render would put 1 back.)
    field('a').value = '4';
    showValues();
    expect(field('a').value).to.equal('4');
  });
});
