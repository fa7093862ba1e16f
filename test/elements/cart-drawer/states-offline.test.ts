// The table of states loads when the shipping estimate opens (its own chunk). When it cannot load
// (the shopper went offline), the shopper can still estimate: "State / Region" is a text field.
// A file of its own: once a page has loaded the table, it keeps it.
import { expect, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse, http } from 'msw';
import { alertTexts, getByRole, queryByRole } from '../../helpers/queries.js';
import { useShop, worker, type TestShop } from '../../helpers/shop.js';
import { expectFocusSettlesOn, openDrawer } from './drawer-page.js';
import { serveCart, wireCart } from './wire-carts.js';

const routes = (shop: TestShop, paths: string[]) =>
  Object.fromEntries([`/${shop.namespace}/v2`, ...paths.map((path) => `/${shop.namespace}/v2/${path}`)].map((route) => [route, {}]));

describe('<cart-drawer> shipping estimate without the table of states', () => {
  const shop = useShop();

  it('asks for the state as text, with the same label, when the states cannot load, and sends what was typed', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      serveCart(shop(), wireCart());
      worker.use(
        http.get(/\/format\/locales\/states\.(js|ts)/, () => HttpResponse.error()),
        http.get(shop().url('v2'), () => HttpResponse.json({ namespace: `${shop().namespace}/v2`, routes: routes(shop(), ['cart', 'cart/add-item', 'cart/update']) })),
        http.post(shop().url('v2/cart/update'), async ({ request }) => {
          bodies.push((await request.json()) as Record<string, unknown>);
          const cart = wireCart();
          cart.notices = { success: ['Cart updated.'] } as never;
          return HttpResponse.json(cart);
        }),
      );
      const el = await openDrawer(shop());
      await waitUntil(() => queryByRole(el, 'button', /Calculate shipping/), 'no "Calculate shipping"');
      getByRole(el, 'button', 'Calculate shipping').focus();
      await sendKeys({ press: 'Enter' });
      await expectFocusSettlesOn(() => queryByRole(el, 'combobox', 'Country'));
      const country = getByRole<HTMLSelectElement>(el, 'combobox', 'Country');
      country.value = 'US';
      country.dispatchEvent(new Event('change', { bubbles: true }));
      await waitUntil(() => queryByRole(el, 'textbox', 'State / Region'), 'no State / Region text field');
      expect(queryByRole(el, 'combobox', 'State / Region')).to.equal(null);
      expect(warnings.map((args) => String(args[0]))).to.include('cart-widget: the states could not be loaded; the State field is typed instead.');
      await expect(el).to.be.accessible();

      // Still asked for before anything is sent.
      const postcode = getByRole<HTMLInputElement>(el, 'textbox', 'Postcode');
      postcode.focus();
      await sendKeys({ type: '94103' });
      await sendKeys({ press: 'Enter' });
      const state = getByRole<HTMLInputElement>(el, 'textbox', 'State / Region');
      await waitUntil(() => state.getAttribute('aria-invalid') === 'true', 'the state was not asked for');
      expect(alertTexts(el)).to.deep.equal(['Choose a state or region.']);
      await expectFocusSettlesOn(() => state);
      expect(bodies).to.have.length(0);
      await expect(el).to.be.accessible();

      await sendKeys({ type: 'CA' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => bodies.length, 'nothing sent');
      expect(bodies[0]).to.deep.equal({ namespace: 'update-customer', country: 'US', state: 'CA', postcode: '94103' });
    } finally {
      console.warn = warn;
    }
  });
});
