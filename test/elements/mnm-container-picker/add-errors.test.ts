import { expect, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import { HttpResponse, http } from 'msw';
import type { CartErrorEvent } from '../../../src/events/cart-events.js';
import { defaultMessages } from '../../../src/format/messages.js';
import type { MockShape } from '../../../src/mock/index.js';
import { requestsTo, useShop, worker } from '../../helpers/shop.js';
import { BOX_ID, alertText, button, field, pickerFor, press, typeInto, waitForBox } from './picker-page.js';

/**
 * The page's idea of the box is looser than the shop's (any size; a product the shop does not
 * allow; one it has run out of), so every check the service makes can be reached through the UI.
 */
const looseBox = {
  id: BOX_ID,
  name: 'Tasting Box',
  mnm: {
    min: 1,
    max: null,
    perProductPricing: true,
    products: [
      { id: 31, name: 'Kenya Sample', prices: { price: 450 } },
      { id: 36, name: 'Geisha Sample', prices: { price: 900 } },
      { id: 17, name: 'Hand Grinder', prices: { price: 5400 } },
    ],
  },
};

interface Case {
  failure: string;
  choose: Array<[name: string, quantity: number]>;
  /** What the shopper reads, per wire shape: real servers often say nothing usable. */
  message: Record<MockShape, string | RegExp>;
}

const cases: Case[] = [
  {
    failure: 'has too few items',
    choose: [['Kenya Sample', 1]],
    message: { document: /at least 3 items/, real: defaultMessages.boxError },
  },
  {
    failure: 'has too many items',
    choose: [['Kenya Sample', 7]],
    message: { document: /no more than 6 items/, real: defaultMessages.boxError },
  },
  {
    failure: 'holds a product the box does not allow',
    choose: [['Kenya Sample', 3], ['Hand Grinder', 1]],
    message: { document: /“Hand Grinder” cannot be packed/, real: defaultMessages.boxError },
  },
  {
    failure: 'holds a product that is out of stock',
    choose: [['Kenya Sample', 3], ['Geisha Sample', 1]],
    message: { document: /“Geisha Sample” is out of stock/, real: /“Geisha Sample” is out of stock/ },
  },
];

async function looseBoxPicker(baseUrl: string) {
  const el = await pickerFor(html`<mnm-container-picker base-url=${baseUrl} .config=${looseBox}></mnm-container-picker>`);
  await waitForBox(el);
  return el;
}

async function addAndFail(el: Awaited<ReturnType<typeof looseBoxPicker>>): Promise<CartErrorEvent> {
  const failed = oneEvent(el, 'cart-error') as Promise<CartErrorEvent>;
  button(el, 'Add to cart').click();
  const event = await failed;
  await waitUntil(() => alertText(el), 'the failure is shown');
  return event;
}

describe('<mnm-container-picker> when the shop refuses the box', () => {
  for (const shape of ['document', 'real'] as const) {
    describe(`answering in the ${shape} shape`, () => {
      const shop = useShop({ shape });

      for (const { failure, choose, message } of cases) {
        it(`explains it and keeps the selection when the box ${failure}`, async () => {
          const el = await looseBoxPicker(shop().baseUrl);
          for (const [name, quantity] of choose) await press(el, `One more ${name}`, quantity);

          const { detail } = await addAndFail(el);

          expect(requestsTo(shop(), 'POST', 'v2/cart/add-item')).to.have.length(1);
          expect(detail.action).to.equal('add-item');
          expect(detail.error.status).to.equal(400);
          const expected = message[shape];
          if (typeof expected === 'string') expect(alertText(el)).to.equal(expected);
          else expect(alertText(el)).to.match(expected);
          for (const [name, quantity] of choose) expect(field(el, `Quantity of ${name}`).value).to.equal(String(quantity));
          expect(button(el, 'Add to cart').disabled).to.equal(false);
          await expect(el).to.be.accessible();
        });
      }
    });
  }

  describe('in any shape', () => {
    const shop = useShop();

    it('shows the generic message for a failure with an empty body and no code', async () => {
      worker.use(http.post(shop().url('v2/cart/add-item'), () => new HttpResponse(null, { status: 422 })));
      const el = await looseBoxPicker(shop().baseUrl);
      await press(el, 'One more Kenya Sample', 3);

      const { detail } = await addAndFail(el);

      expect(detail.error.code).to.equal(undefined);
      expect(alertText(el)).to.equal(defaultMessages.boxError);
      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('3');
    });

    it('says the answer was lost and shows the cart as the shop has it when the connection drops, keeping the selection', async () => {
      worker.use(http.post(shop().url('v2/cart/add-item'), () => HttpResponse.error()));
      const el = await looseBoxPicker(shop().baseUrl);
      await press(el, 'One more Kenya Sample', 3);

      const { detail } = await addAndFail(el);

      expect(detail.error.kind).to.equal('network');
      // The add may have reached the shop: the cart was read again, and no blind "try again" is offered.
      expect(alertText(el)).to.equal(defaultMessages.outcomeUnknown);
      expect(field(el, 'Quantity of Kenya Sample').value).to.equal('3');
    });

    it('clears the message once the shopper corrects the box and it is added', async () => {
      const el = await looseBoxPicker(shop().baseUrl);
      await press(el, 'One more Kenya Sample', 2);
      await addAndFail(el);

      await typeInto(el, 'Quantity of Kenya Sample', '4');
      const added = oneEvent(el, 'cart-item-added');
      button(el, 'Add to cart').click();
      await added;
      await el.updateComplete;
      expect(alertText(el)).to.equal('');
    });
  });
});
