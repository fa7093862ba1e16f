import { expect } from '../../helpers/testing.js';
import { PRODUCT_IDS as ID, type MockCurrencyCode } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { visibleText } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';

const totals = (el: CartDrawer) => [...el.shadowRoot!.querySelectorAll('[part~=totals-row]')].map((row) => visibleText(row));
const lineTotals = (el: CartDrawer) => [...el.shadowRoot!.querySelectorAll('[part~=line-total]')].map((cell) => visibleText(cell));

describe('<cart-drawer> totals', () => {
  const shop = useShop();

  it('lists subtotal, discount, shipping, each fee, each tax and the total', async () => {
    const store = shop().store();
    await store.addItem({ id: ID.ethiopiaBeans, quantity: 2 });
    await store.applyCoupon('save10');
    const el = await openDrawer(shop());
    expect(totals(el)).to.deep.equal([
      'Subtotal $36.00',
      'Discount -$3.60',
      'Shipping $5.00',
      'Handling fee $1.50',
      'VAT $7.78',
      'Total $46.68',
    ]);
    expect(el.shadowRoot!.querySelector('[part~=total]')!.matches('[part~=totals-row]')).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('leaves shipping out of a cart that needs none', async () => {
    await shop().store().addItem({ id: ID.guide, quantity: 1 });
    const el = await openDrawer(shop());
    expect(totals(el).some((row) => row.startsWith('Shipping'))).to.equal(false);
    expect(el.shadowRoot!.querySelector('[part~=shipping]')).to.equal(null);
  });
});

// Three espresso machines: goods, freight $25, handling fee $1.50, VAT 20% of it all.
const formats: Array<{ currency: MockCurrencyCode; shape: 'document' | 'real'; unit: string; line: string; total: string }> = [
  { currency: 'EUR', shape: 'document', unit: 'Price 420,00 €', line: 'Total 1.260,00 €', total: 'Total 1.543,80 €' },
  { currency: 'EUR', shape: 'real', unit: 'Price 420,00 €', line: 'Total 1.260,00 €', total: 'Total 1.543,80 €' },
  { currency: 'JPY', shape: 'real', unit: 'Price ¥42,000', line: 'Total ¥126,000', total: 'Total ¥154,380' },
  { currency: 'USD', shape: 'document', unit: 'Price $420.00', line: 'Total $1,260.00', total: 'Total $1,543.80' },
];

for (const { currency, shape, unit, line, total } of formats) {
  describe(`<cart-drawer> money in ${currency} (${shape} shape)`, () => {
    const shop = useShop({ currency, shape });

    it(`writes amounts the way the shop does: ${line.replace('Total ', '')}`, async () => {
      await shop().store().addItem({ id: ID.espressoMachine, quantity: 3 });
      const el = await openDrawer(shop());
      expect(visibleText(el.shadowRoot!.querySelector('[part~=line-price]')!)).to.equal(unit);
      expect(lineTotals(el)).to.deep.equal([line]);
      expect(totals(el).at(-1)).to.equal(total);
    });
  });
}
