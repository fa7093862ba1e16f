import { expect, waitUntil } from '../../helpers/testing.js';
import { getByRole, queryAllByRole } from '../../helpers/queries.js';
import { requestsTo, seedLines, useShop } from '../../helpers/shop.js';
import { openDrawer } from './drawer-page.js';

describe('<cart-drawer> with a 200-line cart', () => {
  const shop = useShop();

  it('lists all 200 lines and edits one without rebuilding the others', async () => {
    await seedLines(shop(), 200);
    await shop().store().load();
    const el = await openDrawer(shop());
    const inputs = queryAllByRole<HTMLInputElement>(el, 'spinbutton');
    expect(inputs).to.have.length(200);
    expect(el.shadowRoot!.querySelector('[part~=count]')!.textContent).to.equal('200');
    const lines = [...el.shadowRoot!.querySelectorAll('[part~=line]')];

    const target = lines[150]!;
    target.querySelector<HTMLButtonElement>('[part~=quantity-increase]')!.click();
    await el.updateComplete;
    expect(target.querySelector('input')!.value).to.equal('2');
    // A 200-line re-render on a loaded 2-core machine can take longer than waitUntil's 1 s default.
    await waitUntil(() => !shop().store().state.pending.length, 'the change never settled', { timeout: 5000 });
    await el.updateComplete;
    const after = [...el.shadowRoot!.querySelectorAll('[part~=line]')];
    expect(after.every((line, index) => line === lines[index]), 'lines were rebuilt').to.equal(true);
    expect(requestsTo(shop(), 'POST', 'v2/cart/item/:key')).to.have.length(1);
    getByRole(el, 'link', 'Checkout');
  });
});
