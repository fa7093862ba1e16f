import { expect } from '../../helpers/testing.js';
import type { MixAndMatch, Product } from '../../../src/api/model.js';
import {
  boxContents,
  boxPrice,
  capacityFor,
  emptySelection,
  selectionStatus,
  withQuantity,
} from '../../../src/elements/mnm-container-picker/box-selection.js';

const prices = (price: number) => ({ price, regularPrice: price, salePrice: null, onSale: false });

function box(rules: Partial<MixAndMatch> = {}, ownPrice = 0): Product {
  return {
    id: 30,
    name: 'Tasting Box',
    type: 'mix-and-match',
    prices: prices(ownPrice),
    currency: null,
    image: null,
    mnm: {
      min: 3,
      max: 6,
      perProductPricing: true,
      products: [
        { id: 31, name: 'Kenya Sample', prices: prices(450), image: null, inStock: true },
        { id: 32, name: 'Guatemala Sample', prices: prices(400), image: null, inStock: true },
      ],
      ...rules,
    },
  };
}

const rulesOf = (product: Product) => product.mnm!;
const select = (...pairs: Array<[number, number]>) =>
  pairs.reduce((selection, [id, quantity]) => withQuantity(selection, id, quantity), emptySelection);

describe('box selection', () => {
  it('asks for more until the minimum is reached, then is valid', () => {
    const rules = rulesOf(box());
    expect(selectionStatus(rules, select([31, 2]))).to.deep.equal({ count: 2, missing: 1, excess: 0, valid: false });
    expect(selectionStatus(rules, select([31, 2], [32, 1]))).to.deep.equal({ count: 3, missing: 0, excess: 0, valid: true });
  });

  it('asks to take some out above the maximum', () => {
    const status = selectionStatus(rulesOf(box()), select([31, 5], [32, 3]));
    expect(status).to.deep.equal({ count: 8, missing: 0, excess: 2, valid: false });
  });

  it('treats an empty box as invalid even without a minimum, and has no upper limit without a maximum', () => {
    const rules = rulesOf(box({ min: 0, max: null }));
    expect(selectionStatus(rules, emptySelection).valid).to.equal(false);
    expect(selectionStatus(rules, select([31, 40])).valid).to.equal(true);
    expect(capacityFor(rules, select([31, 40]), 31)).to.equal(null);
  });

  it('gives each product the room left in the box', () => {
    const rules = rulesOf(box());
    const selection = select([31, 2], [32, 3]);
    expect(capacityFor(rules, selection, 31)).to.equal(3);
    expect(capacityFor(rules, selection, 32)).to.equal(4);
    expect(capacityFor(rules, select([31, 8]), 31)).to.equal(8);
  });

  it('drops a product whose quantity goes back to zero from the request contents', () => {
    const selection = withQuantity(select([31, 2], [32, 1]), 32, 0);
    expect(boxContents(selection)).to.deep.equal([{ product_id: 31, quantity: 2 }]);
  });

  it('prices a per-product box as its own price plus its contents, times the number of boxes', () => {
    expect(boxPrice(box({}, 100), select([31, 2], [32, 1]), 3)).to.equal((100 + 900 + 400) * 3);
  });

  it('prices a fixed-price box by its own price only', () => {
    expect(boxPrice(box({ perProductPricing: false }, 2500), select([31, 2], [32, 1]), 2)).to.equal(5000);
  });
});
