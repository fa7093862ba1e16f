// The remembering cart reader (issue 32): a line sent as in the last answer is the line read then.
import { expect } from '../helpers/testing.js';
import { cartSchema } from '../../src/api/wire/cart.js';
import { rememberingCartReader } from '../../src/api/wire/line-memo.js';
import { clone, documentCart, realCart, yenCart } from './fixtures.js';

type Wire = typeof realCart;
type Line = Wire['items'][number];

/** `realCart` with `change` made to its line `key`. */
function withLine(key: string, change: (line: Line) => void, cart: Wire = realCart): Wire {
  const copy = clone(cart);
  change(copy.items.find((line) => line.item_key === key)!);
  return copy;
}

describe('remembering cart reader', () => {
  it('reads every answer exactly as cartSchema does, whichever lines it read before', () => {
    const answers: unknown[] = [
      realCart,
      realCart,
      withLine('grinder', (line) => (line.quantity.value = 3)),
      withLine('grinder', (line) => (line.price = '99900')),
      withLine('child31', (line) => (line.name = 'Kenya Sample &amp; More')),
      withLine('child31', (line) => ((line.cart_item_data as Record<string, unknown>).mnm_container = 'other')),
      withLine('box1', (line) => (line.featured_image = 'https://shop.test/img/box-2.jpg')),
      withLine('grinder', (line) => ((line.meta as { variation: unknown }).variation = { Size: 'L' })),
      withLine('grinder', (line) => ((line.quantity as { value: unknown }).value = '1')),
      { ...clone(realCart), items: clone(realCart.items).reverse() },
      { ...clone(realCart), items: clone(realCart.items).slice(1) },
      { ...clone(realCart), currency: { ...realCart.currency, currency_minor_unit: 0 } },
      documentCart,
      yenCart,
      realCart,
    ];
    for (const amounts of ['auto', 'minor-units'] as const) {
      const remembering = rememberingCartReader(amounts);
      answers.forEach((answer, n) => {
        expect(remembering.parse(clone(answer)), `answer ${n}, ${amounts}`).to.deep.equal(cartSchema({ amounts }).parse(clone(answer)));
      });
    }
  });

  it('gives the very line read before for a line sent as before, and reads a line changed anywhere again', () => {
    const remembering = rememberingCartReader('auto');
    const first = remembering.parse(clone(realCart));
    const again = remembering.parse(clone(realCart));
    expect(again.items.every((line, i) => line === first.items[i])).to.equal(true);

    // A change deep in one line (its variation) reads that line only.
    const changed = remembering.parse(withLine('grinder', (line) => ((line.meta as { variation: unknown }).variation = { Size: 'L' })));
    expect(changed.items.map((line) => line === again.items.find((old) => old.key === line.key))).to.deep.equal([true, true, true, false]);
    expect(changed.items[3]!.variation).to.deep.equal([{ attribute: 'Size', value: 'L' }]);

    // A number sent as text is not the number: the line is read again.
    const asText = remembering.parse(withLine('grinder', (line) => ((line.id as unknown) = '50'), withLine('grinder', (line) => ((line.meta as { variation: unknown }).variation = { Size: 'L' }))));
    expect(asText.items[3]).not.to.equal(changed.items[3]);
  });

  it("reads every line again when the answer's currency is not the one they were read in", () => {
    const remembering = rememberingCartReader('auto');
    const euros = remembering.parse(clone(realCart));
    const wholeEuros = remembering.parse({ ...clone(realCart), currency: { ...realCart.currency, currency_minor_unit: 0 } });
    expect(wholeEuros.items.some((line, i) => line === euros.items[i])).to.equal(false);
    // The grinder's subtotal comes as 1234.5: in euros 123450 cents, in whole euros 1235.
    expect([euros.items[3]!.totals.subtotal, wholeEuros.items[3]!.totals.subtotal]).to.deep.equal([123450, 1235]);
  });

  it('keeps only the last answer: a line back after an answer without it is read again', () => {
    const remembering = rememberingCartReader('auto');
    const before = remembering.parse(clone(realCart));
    remembering.parse({ ...clone(realCart), items: clone(realCart.items).slice(0, 3) });
    const back = remembering.parse(clone(realCart));
    expect(back.items[3]).to.deep.equal(before.items[3]);
    expect(back.items[3]).not.to.equal(before.items[3]);
    expect(back.items.slice(0, 3).every((line, i) => line === before.items[i])).to.equal(true);
  });

  it("reads every line when the page's toJSON could write two lines alike (Prototype.js adds one to arrays)", () => {
    for (const proto of [Object.prototype, Array.prototype]) {
      const remembering = rememberingCartReader('auto');
      Object.defineProperty(proto, 'toJSON', { value: () => 'alike', configurable: true, writable: true });
      try {
        for (const quantity of [7, 8]) {
          const answer = withLine('grinder', (line) => (line.quantity.value = quantity));
          expect(remembering.parse(clone(answer))).to.deep.equal(cartSchema({ amounts: 'auto' }).parse(clone(answer)));
        }
      } finally {
        delete (proto as { toJSON?: unknown }).toJSON;
      }
    }
  });

  it('still fails an answer with a line that is not an object, at its place', () => {
    const remembering = rememberingCartReader('auto');
    remembering.parse(clone(realCart));
    const read = remembering.safeParse({ ...clone(realCart), items: [clone(realCart.items[0]), 'oops'] });
    expect(read.success).to.equal(false);
    expect(read.error!.issues.map((issue) => issue.path)).to.deep.equal([['items', 1]]);
  });
});
