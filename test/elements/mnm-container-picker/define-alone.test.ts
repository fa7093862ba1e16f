// A theme developer imports only the picker's module (`cart-widget/elements/mnm-container-picker`)
// and writes it inside a <cart-provider>: the picker must still get the provider's shop. Nothing in
// this file defines an element before the test does, so the order is the page's.
import { expect, waitUntil } from '../../helpers/testing.js';
import { queryAllByRole } from '../../helpers/queries.js';
import { useShop } from '../../helpers/shop.js';

describe('<mnm-container-picker> defined on its own', () => {
  const shop = useShop();

  it('finds the <cart-provider> around it when only its own module is imported', async () => {
    expect(customElements.get('cart-provider')).to.equal(undefined);
    const host = document.createElement('div');
    // Attributes only on the provider: the picker can reach the shop through it alone.
    host.innerHTML = `<cart-provider base-url="${shop().baseUrl}"><mnm-container-picker product-id="30"></mnm-container-picker></cart-provider>`;
    document.body.append(host);
    try {
      await import('../../../src/elements/mnm-container-picker/define.js');
      const picker = host.querySelector('mnm-container-picker')!;
      await waitUntil(() => queryAllByRole(picker, 'group').length, 'the box is shown', { timeout: 5000 });
      expect(shop().requests.some((request) => request.url.startsWith(shop().url('v2/products/30')))).to.equal(true);
      await expect(picker).to.be.accessible();
    } finally {
      host.remove();
    }
  });
});
