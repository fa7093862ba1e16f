import { expect, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { clickWhereSpinnerIs, shiftTab } from '../../helpers/browser.js';
import { delay, http } from 'msw';
import type { Cart } from '../../../src/api/model.js';
import type { CartItemAddedEvent, CartItemAddingEvent } from '../../../src/events/cart-events.js';
import { defaultMessages } from '../../../src/format/messages.js';
import { focused } from '../../helpers/queries.js';
import { requestsTo, useShop, worker } from '../../helpers/shop.js';
import {
  BOX_ID,
  alertText,
  button,
  field,
  focusedName,
  loadedPicker,
  pickerFor,
  press,
  statusText,
  tabTo,
  typeInto,
  waitForBox,
} from './picker-page.js';

const SAMPLES = ['Kenya Sample', 'Guatemala Sample', 'Sumatra Sample', 'Rwanda Sample', 'Decaf Sample', 'Geisha Sample'];

function productRows(el: Element) {
  return [...el.shadowRoot!.querySelectorAll('li')].map((row) => ({
    name: row.querySelector('[part="name"]')?.textContent?.trim(),
    price: row.querySelector('[part="price"]')?.textContent?.trim() ?? null,
    image: row.querySelector('img')?.getAttribute('src') ?? null,
    stock: row.querySelector('[part="stock"]')?.textContent?.trim() ?? null,
  }));
}

/** The mock box as a page would describe it inline (normalised shape, no currency). */
const tastingBox = {
  id: BOX_ID,
  name: 'Tasting Box',
  mnm: {
    min: 3,
    max: 6,
    perProductPricing: true,
    products: [
      { id: 31, name: 'Kenya Sample', prices: { price: 450 } },
      { id: 32, name: 'Guatemala Sample', prices: { price: 400 } },
    ],
  },
};

/** The shop put the box in the cart as separate lines, linked the way the real-world notes say. */
function expectLinkedBox(cart: Cart, contents: Array<[id: number, quantity: number]>): void {
  const container = cart.items.find((item) => item.id === BOX_ID);
  expect(container, 'the container line').to.not.equal(undefined);
  const children = cart.items.filter((item) => item.mnm?.container === container!.key);
  expect(children.map((child) => [child.id, child.quantity.value])).to.have.deep.members(contents);
  expect(container!.mnm!.contents).to.have.members(children.map((child) => child.key));
}

const boxPriceText = (el: Element) => el.shadowRoot!.querySelector('[part="total"] strong')?.textContent?.trim();
const addButton = (el: Element) => button(el, 'Add to cart');

describe('<mnm-container-picker>', () => {
  describe('loading the box', () => {
    const shop = useShop();

    it('lists each allowed product with its image and price from the products route', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);

      expect(el.shadowRoot!.querySelector('legend')!.textContent).to.equal('Tasting Box');
      const rows = productRows(el);
      expect(rows.map((row) => row.name)).to.deep.equal(SAMPLES);
      expect(rows.map((row) => row.price)).to.deep.equal(['$4.50', '$4.00', '$4.00', '$4.50', '$3.50', '$9.00']);
      expect(rows.every((row) => row.image?.startsWith('data:image/svg+xml'))).to.equal(true);
      for (const name of SAMPLES) expect(field(el, `Quantity of ${name}`).value).to.equal('0');
      expect(statusText(el)).to.equal('0 of 3–6 selected Choose 3 more');
      await expect(el).to.be.accessible();
    });

    it('shows out-of-stock products without letting the shopper choose them', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);

      expect(productRows(el).find((row) => row.name === 'Geisha Sample')!.stock).to.equal('Out of stock');
      expect(field(el, 'Quantity of Geisha Sample').disabled).to.equal(true);
      expect(button(el, 'One more Geisha Sample').disabled).to.equal(true);
      expect(field(el, 'Quantity of Kenya Sample').disabled).to.equal(false);
    });

    it('says it is loading until the product arrives', async () => {
      const { baseUrl } = shop();
      worker.use(http.get(shop().url(`v2/products/${BOX_ID}`), () => delay(300).then(() => undefined), { once: true }));
      const el = await pickerFor(html`<mnm-container-picker base-url=${baseUrl} product-id=${BOX_ID}></mnm-container-picker>`);

      expect(statusText(el)).to.equal('Loading…');
      await expect(el).to.be.accessible();
      await waitForBox(el);
      expect(statusText(el)).to.not.include('Loading…');
    });

    it('shows an error with “Try again” when the product cannot be loaded, and loads it on retry', async () => {
      const { baseUrl } = shop();
      worker.use(http.get(shop().url(`v2/products/${BOX_ID}`), () => new Response(null, { status: 404 }), { once: true }));
      const el = await pickerFor(html`<mnm-container-picker base-url=${baseUrl} product-id=${BOX_ID}></mnm-container-picker>`);

      await waitUntil(() => alertText(el), 'an error is shown');
      expect(alertText(el)).to.equal('We could not load this box.');
      await expect(el).to.be.accessible();

      button(el, 'Try again').click();
      await waitForBox(el);
      expect(alertText(el)).to.equal('');
      expect(requestsTo(shop(), 'GET', `v2/products/${BOX_ID}`)).to.have.length(1);
    });

    it('puts focus on the box’s first quantity field when “Try again” loaded it, never on the page', async () => {
      worker.use(http.get(shop().url(`v2/products/${BOX_ID}`), () => new Response(null, { status: 404 }), { once: true }));
      const el = await pickerFor(html`<mnm-container-picker base-url=${shop().baseUrl} product-id=${BOX_ID}></mnm-container-picker>`);
      await waitUntil(() => alertText(el), 'an error is shown');
      button(el, 'Try again').focus();
      await sendKeys({ press: 'Enter' });
      await waitForBox(el);
      await waitUntil(() => focused() !== document.body, 'focus fell to the page', { timeout: 2000 });
      expect(focusedName()).to.equal('Quantity of Kenya Sample');
      await expect(el).to.be.accessible();
    });

    it('keeps focus on “Try again” when the box fails to load again', async () => {
      let asked = 0;
      worker.use(http.get(shop().url(`v2/products/${BOX_ID}`), () => (asked++, new Response(null, { status: 404 }))));
      const el = await pickerFor(html`<mnm-container-picker base-url=${shop().baseUrl} product-id=${BOX_ID}></mnm-container-picker>`);
      await waitUntil(() => alertText(el), 'an error is shown');
      button(el, 'Try again').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => asked === 2 && alertText(el), 'the second attempt failed', { timeout: 2000 });
      await waitUntil(() => focused() !== document.body, 'focus fell to the page', { timeout: 2000 });
      expect(focusedName()).to.equal('Try again');
    });

    it('aborts the request for the previous product when the product id changes', async () => {
      const { baseUrl } = shop();
      worker.use(http.get(shop().url('v2/products/99'), () => delay('infinite')));
      const signals = new Map<string, AbortSignal>();
      const realFetch = window.fetch;
      window.fetch = (input, init) => {
        if (init?.signal) signals.set(String(input), init.signal);
        return realFetch(input, init);
      };
      try {
        const el = await pickerFor(html`<mnm-container-picker base-url=${baseUrl} product-id="99"></mnm-container-picker>`);
        await waitUntil(() => signals.has(shop().url('v2/products/99')), 'the first product is requested');

        el.productId = String(BOX_ID);
        await waitForBox(el);
        expect(signals.get(shop().url('v2/products/99'))!.aborted).to.equal(true);
        expect(signals.get(shop().url(`v2/products/${BOX_ID}`))!.aborted).to.equal(false);
      } finally {
        window.fetch = realFetch;
      }
    });
  });

  describe('with a real server selling in euros', () => {
    const shop = useShop({ shape: 'real', currency: 'EUR' });

    it('reads a real server’s product (minor-unit prices, euro formatting) the same way', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);

      expect(productRows(el).map((row) => row.price)).to.deep.equal(['4,50 €', '4,00 €', '4,00 €', '4,50 €', '3,50 €', '9,00 €']);
      expect(statusText(el)).to.equal('0 of 3–6 selected Choose 3 more');
      await expect(el).to.be.accessible();
    });

    it('adds the box as linked lines and then prices it in the cart’s currency', async () => {
      const { baseUrl } = shop();
      const el = await pickerFor(html`<mnm-container-picker base-url=${baseUrl} .config=${tastingBox}></mnm-container-picker>`);
      await waitForBox(el);
      expect(productRows(el)[0]!.price).to.equal('4.50');
      await press(el, 'One more Kenya Sample', 3);
      const added = oneEvent(el, 'cart-item-added') as Promise<CartItemAddedEvent>;
      addButton(el).click();
      const { detail } = await added;

      expectLinkedBox(detail.cart, [[31, 3]]);
      expect(detail.currency).to.equal('EUR');

      await waitUntil(() => productRows(el)[0]!.price === '4,50 €', 'prices follow the cart’s currency');
    });
  });

  describe('choosing the contents', () => {
    const shop = useShop();

    it('counts the selection live and guides the shopper until the box is valid', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      expect(addButton(el).disabled).to.equal(true);

      await press(el, 'One more Kenya Sample', 2);
      expect(statusText(el)).to.equal('2 of 3–6 selected Choose 1 more');
      expect(addButton(el).disabled).to.equal(true);

      await press(el, 'One more Decaf Sample');
      expect(field(el, 'Quantity of Decaf Sample').value).to.equal('1');
      expect(statusText(el)).to.equal('3 of 3–6 selected Your box is ready.');
      expect(addButton(el).disabled).to.equal(false);
      await expect(el).to.be.accessible();
    });

    it('shows no native spinner in its number fields: a click at a field\'s end changes nothing (Safari, Firefox drew one)', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      const quantity = field(el, 'Quantity of Kenya Sample');
      const boxes = el.shadowRoot!.querySelector<HTMLInputElement>("[part~='boxes'] input")!;
      for (const input of [quantity, boxes]) {
        const before = input.value;
        await clickWhereSpinnerIs(input);
        await el.updateComplete;
        expect(input.value, input.getAttribute('aria-label') ?? 'boxes').to.equal(before);
      }
    });

    it('connects the reason “Add to cart” is disabled to the button', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      await press(el, 'One more Rwanda Sample');

      const button = addButton(el);
      const reason = el.shadowRoot!.getElementById(button.getAttribute('aria-describedby')!);
      expect(reason!.textContent).to.equal('Choose 2 more');
    });

    it('marks “Add to cart” unavailable one way only: natively disabled, no contradicting aria-disabled', async () => {
      const el = await loadedPicker(shop().baseUrl);
      expect(addButton(el).disabled).to.equal(true);
      expect(addButton(el).getAttribute('aria-disabled')).to.equal(null);
      await expect(el).to.be.accessible();

      await press(el, 'One more Kenya Sample', 3);
      expect(addButton(el).disabled).to.equal(false);
      expect(addButton(el).getAttribute('aria-disabled')).to.not.equal('true');
      await expect(el).to.be.accessible();
    });

    it('stops adding at the box’s maximum and flags a typed quantity beyond it', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);

      await press(el, 'One more Sumatra Sample', 8);
      expect(field(el, 'Quantity of Sumatra Sample').value).to.equal('6');
      expect(button(el, 'One more Kenya Sample').getAttribute('aria-disabled')).to.equal('true');

      await typeInto(el, 'Quantity of Kenya Sample', '2');
      expect(statusText(el)).to.equal('8 of 3–6 selected Too many: remove 2');
      expect(addButton(el).disabled).to.equal(true);
      const kenya = field(el, 'Quantity of Kenya Sample');
      expect(kenya.getAttribute('aria-invalid')).to.equal('true');
      expect(el.shadowRoot!.getElementById(kenya.getAttribute('aria-describedby')!)!.textContent).to.equal('Too many: remove 2');
      await expect(el).to.be.accessible();
    });

    it('never goes below zero', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);

      await press(el, 'One fewer Kenya Sample', 2);
      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('0');
      await typeInto(el, 'Quantity of Kenya Sample', '-4');
      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('0');
      expect(statusText(el)).to.equal('0 of 3–6 selected Choose 3 more');
    });

    it('shows the running price, multiplied by the number of boxes', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      expect(boxPriceText(el)).to.equal('$0.00');

      await press(el, 'One more Kenya Sample', 2);
      await press(el, 'One more Guatemala Sample');
      expect(boxPriceText(el)).to.equal('$13.00');

      await typeInto(el, 'Number of boxes', '3');
      expect(boxPriceText(el)).to.equal('$39.00');
    });

    it('shows no upper bound when the box has no maximum', async () => {
      const el = await pickerFor(html`<mnm-container-picker
        .config=${{ id: 40, name: 'Open Box', mnm: { min: 2, max: 0, products: [{ id: 31, name: 'Kenya Sample' }] } }}
      ></mnm-container-picker>`);
      await waitForBox(el);

      await press(el, 'One more Kenya Sample', 9);
      expect(statusText(el)).to.equal('9 of 2+ selected Your box is ready.');
      expect(button(el, 'One more Kenya Sample').getAttribute('aria-disabled')).to.equal('false');
    });

    it('uses the strings the page gives it', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      el.messages = { quantityOf: (name) => `Anzahl ${name}`, addToCart: 'In den Warenkorb' };
      await el.updateComplete;

      expect(field(el, 'Anzahl Kenya Sample').value).to.equal('0');
      expect(button(el, 'In den Warenkorb').disabled).to.equal(true);
    });
  });

  describe('adding the box', () => {
    const shop = useShop();

    async function chooseBox(el: Parameters<typeof press>[0]) {
      await press(el, 'One more Kenya Sample', 2);
      await press(el, 'One more Decaf Sample');
      // Chosen, then put back: must not be sent.
      await press(el, 'One more Sumatra Sample');
      await press(el, 'One fewer Sumatra Sample');
    }

    it('sends exactly the spec’s add-item request', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      await chooseBox(el);
      await typeInto(el, 'Number of boxes', '2');

      const added = oneEvent(el, 'cart-item-added');
      addButton(el).click();
      await added;

      const [request, ...more] = requestsTo(shop(), 'POST', 'v2/cart/add-item');
      expect(more).to.have.length(0);
      expect(request!.body).to.deep.equal({
        id: '30',
        quantity: '2',
        item_data: { mnm_config: [{ product_id: 31, quantity: 2 }, { product_id: 35, quantity: 1 }] },
      });
    });

    it('emits cart-item-added with the container and its contents, then starts a new box', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      await chooseBox(el);
      await typeInto(el, 'Number of boxes', '2');

      const added = oneEvent(el, 'cart-item-added') as Promise<CartItemAddedEvent>;
      addButton(el).click();
      const { detail, bubbles, composed } = await added;

      expect(bubbles && composed).to.equal(true);
      expect(detail.currency).to.equal('USD');
      expect(detail.items.map(({ item_id, quantity }) => [item_id, quantity])).to.have.deep.members([
        ['30', 2],
        ['31', 4],
        ['35', 2],
      ]);
      expect(detail.value).to.equal(25);
      expectLinkedBox(detail.cart, [
        [31, 4],
        [35, 2],
      ]);

      await waitUntil(() => statusText(el).includes('Your box was added to the cart.'));
      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('0');
      expect(field(el, 'Number of boxes').value).to.equal('1');
      expect(addButton(el).disabled).to.equal(true);
      await expect(el).to.be.accessible();
    });

    it('keeps the selection after adding when keep-selection is set', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl, true);
      await chooseBox(el);

      const added = oneEvent(el, 'cart-item-added');
      addButton(el).click();
      await added;
      await waitUntil(() => statusText(el).includes('Your box was added to the cart.'));

      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('2');
      expect(addButton(el).disabled).to.equal(false);
      const again = oneEvent(el, 'cart-item-added');
      addButton(el).click();
      await again;
      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')).to.have.length(2);
    });

    it('tells the host page the box it is about to add, before any request (cart-item-adding)', async () => {
      const el = await loadedPicker(shop().baseUrl);
      await chooseBox(el);
      const seen: Array<{ detail: unknown; cancelable: boolean; requests: number }> = [];
      const listener = (event: CartItemAddingEvent) =>
        seen.push({ detail: event.detail, cancelable: event.cancelable, requests: requestsTo(shop(), 'POST', 'v2/cart/add-item').length });
      document.body.addEventListener('cart-item-adding', listener);
      try {
        const added = oneEvent(el, 'cart-item-added');
        addButton(el).click();
        await added;
      } finally {
        document.body.removeEventListener('cart-item-adding', listener);
      }
      expect(seen).to.deep.equal([
        {
          detail: { productId: '30', quantity: 1, itemData: { mnm_config: [{ product_id: 31, quantity: 2 }, { product_id: 35, quantity: 1 }] } },
          cancelable: true,
          requests: 0,
        },
      ]);
    });

    it('sends nothing when the host page cancels, shows no error, and keeps the box', async () => {
      const el = await loadedPicker(shop().baseUrl);
      await chooseBox(el);
      let errors = 0;
      el.addEventListener('cart-error', () => errors++);
      el.addEventListener('cart-item-adding', (event) => event.preventDefault(), { once: true });
      addButton(el).click();
      await el.updateComplete;
      // A round trip to the shop: an add sent by the click would be logged by now.
      await shop().store().load();
      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')).to.deep.equal([]);
      expect(alertText(el)).to.equal('');
      expect(errors).to.equal(0);
      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('2');
      expect(addButton(el).disabled).to.equal(false);
      await expect(el).to.be.accessible();
      const added = oneEvent(el, 'cart-item-added');
      addButton(el).click();
      await added;
      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')).to.have.length(1);
    });

    it('sends the number of boxes and item data the host page changed', async () => {
      const el = await loadedPicker(shop().baseUrl);
      await chooseBox(el);
      el.addEventListener(
        'cart-item-adding',
        (event) => {
          event.detail.quantity = 3;
          event.detail.itemData = { ...event.detail.itemData, gift_note: 'For Sam' };
        },
        { once: true },
      );
      const added = oneEvent(el, 'cart-item-added') as Promise<CartItemAddedEvent>;
      addButton(el).click();
      const { detail } = await added;
      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')[0]!.body).to.deep.equal({
        id: '30',
        quantity: '3',
        item_data: { mnm_config: [{ product_id: 31, quantity: 2 }, { product_id: 35, quantity: 1 }], gift_note: 'For Sam' },
      });
      expect(detail.items.find((item) => item.item_id === '30')!.quantity).to.equal(3);
    });

    it('shows that it is adding and ignores a second press meanwhile', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      await chooseBox(el);
      worker.use(http.post(shop().url('v2/cart/add-item'), async () => {
        await delay(200);
        return undefined;
      }));

      addButton(el).click();
      await el.updateComplete;
      const busy = button(el, 'Adding…');
      expect(busy.getAttribute('aria-disabled')).to.equal('true');
      busy.click();
      await waitUntil(() => statusText(el).includes('Your box was added to the cart.'));
      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')).to.have.length(1);
    });

    it('builds and adds a box with the keyboard alone', async function () {
      // Two dozen key presses round-trip through the test runner: slow on a loaded machine.
      this.timeout(30_000);
      const { baseUrl } = shop();
      const el = await pickerFor(html`<div>
        <button>Before</button>
        <mnm-container-picker base-url=${baseUrl} product-id=${BOX_ID}></mnm-container-picker>
      </div>`);
      await waitForBox(el);
      (el.parentElement!.querySelector('button') as HTMLButtonElement).focus();

      await tabTo('One more Kenya Sample');
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: ' ' });
      await tabTo('Quantity of Guatemala Sample');
      await sendKeys({ press: 'ArrowUp' });
      await tabTo('Quantity of Rwanda Sample');
      await sendKeys({ type: '2' });
      await el.updateComplete;
      expect(statusText(el)).to.equal('5 of 3–6 selected Your box is ready.');

      await tabTo('Add to cart');
      const added = oneEvent(el, 'cart-item-added');
      await sendKeys({ press: 'Enter' });
      await added;

      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')[0]!.body).to.deep.equal({
        id: '30',
        quantity: '1',
        item_data: {
          mnm_config: [
            { product_id: 31, quantity: 2 },
            { product_id: 32, quantity: 1 },
            { product_id: 34, quantity: 2 },
          ],
        },
      });
      await el.updateComplete;
      // The add button is disabled for the new, empty box: focus moves to the box's first field.
      expect(focusedName()).to.equal('Quantity of Kenya Sample');
    });

    it('stays focusable at zero so keyboard users do not lose their place', async () => {
      const { baseUrl } = shop();
      const el = await loadedPicker(baseUrl);
      button(el, 'One more Kenya Sample').focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;

      await shiftTab();
      await shiftTab();
      expect(focusedName()).to.equal('One fewer Kenya Sample');
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(focusedName()).to.equal('One fewer Kenya Sample');
      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('0');
    });
  });

  describe('a box configured on the page', () => {
    const shop = useShop();


    it('reads a child JSON script and adds the box without asking the products route', async () => {
      const { baseUrl } = shop();
      const el = await pickerFor(html`<mnm-container-picker base-url=${baseUrl}>
        <script type="application/json">${JSON.stringify(tastingBox)}</script>
      </mnm-container-picker>`);
      await waitForBox(el);

      expect(productRows(el).map((row) => [row.name, row.price])).to.deep.equal([
        ['Kenya Sample', '4.50'],
        ['Guatemala Sample', '4.00'],
      ]);
      await press(el, 'One more Guatemala Sample', 3);
      const added = oneEvent(el, 'cart-item-added');
      addButton(el).click();
      await added;

      expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')[0]!.body).to.deep.equal({
        id: '30',
        quantity: '1',
        item_data: { mnm_config: [{ product_id: 32, quantity: 3 }] },
      });
      expect(shop().requests.some((request) => request.url.includes('/v2/products'))).to.equal(false);
      await expect(el).to.be.accessible();
    });

    it('accepts the products route’s JSON as its config property', async () => {
      const el = await pickerFor(html`<mnm-container-picker
        .config=${{
          id: 50,
          name: 'Snack Box',
          type: 'mix-and-match',
          prices: { price: '5.00', regular_price: '5.00', sale_price: '', on_sale: false },
          images: [],
          mnm_data: {
            min_container_size: 1,
            max_container_size: 2,
            per_product_pricing: false,
            products: [{ id: 51, name: 'Oat Bar', prices: { price: '1.00', regular_price: '1.00', sale_price: '', on_sale: false } }],
          },
        }}
      ></mnm-container-picker>`);
      await waitForBox(el);

      expect(el.shadowRoot!.querySelector('legend')!.textContent).to.equal('Snack Box');
      expect(productRows(el)).to.deep.equal([{ name: 'Oat Bar', price: null, image: null, stock: null }]);
      expect(statusText(el)).to.equal('0 of 1–2 selected Choose 1 more');
      await press(el, 'One more Oat Bar');
      await typeInto(el, 'Number of boxes', '2');
      expect(boxPriceText(el)).to.equal('10.00');
    });

    it('says so when the configuration cannot be read', async () => {
      const el = await pickerFor(html`<mnm-container-picker>
        <script type="application/json">{ "id": 30, "mnm": </script>
      </mnm-container-picker>`);
      await waitUntil(() => alertText(el));

      expect(alertText(el)).to.equal(defaultMessages.boxLoadError);
      expect(el.shadowRoot!.querySelector('button')).to.equal(null);
      await expect(el).to.be.accessible();
    });
  });
});
