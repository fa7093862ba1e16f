import { defaultMessages } from '../../../src/format/messages.js';
import { aTimeout, expect, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse, http } from 'msw';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { alertTexts, expectFocusOn, focused, getByRole, queryAllByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { holdRequests, requestsTo, useShop, worker } from '../../helpers/shop.js';
import { clone, realCart } from '../../api/fixtures.js';
import { expectFocusSettlesOn, lineNames, openDrawer } from './drawer-page.js';
import { serveCart } from './wire-carts.js';

const shop = useShop();

const BEANS = 'Ethiopia Yirgacheffe Beans';
const add = (id: number, quantity = 1, itemData?: Record<string, unknown>) =>
  shop().store().addItem(itemData ? { id, quantity, itemData } : { id, quantity });

function lineOf(el: CartDrawer, name: string): HTMLElement {
  const input = getByRole(el, 'spinbutton', `Quantity for ${name}`);
  return input.closest('[part~=line]')!;
}

const quantityOf = (el: CartDrawer, name: string) => getByRole<HTMLInputElement>(el, 'spinbutton', `Quantity for ${name}`);
const lineTotal = (el: CartDrawer, name: string) => lineOf(el, name).querySelector('[part~=line-total]')!.textContent!.trim();
const bodyOf = (request: { body: unknown }) => request.body as Record<string, string>;
const itemRoute = 'v2/cart/item/:key';

/** The shop refuses the next quantity change: "Only 2 left in stock." */
function refuseNextChange(): void {
  worker.use(
    http.post(
      shop().url(itemRoute),
      () => HttpResponse.json({ code: 'svc_not_enough_in_stock', message: 'Only 2 left in stock.', data: { status: 400 } }, { status: 400 }),
      { once: true },
    ),
  );
}

describe('<cart-drawer> lines', () => {
  it('shows every line: picture, name, variation, unit price, quantity, line total and "Remove NAME"', async () => {
    await add(ID.ethiopiaBeans, 2);
    await add(ID.shirtBlackM);
    const el = await openDrawer(shop());
    expect(lineNames(el)).to.deep.equal([BEANS, 'Barista T-Shirt - Black, M']);
    const beans = lineOf(el, BEANS);
    const image = beans.querySelector('img')!;
    expect(image.alt).to.equal('');
    expect(image.loading).to.equal('lazy');
    expect([image.width, image.height]).to.deep.equal([64, 64]);
    expect(image.src).to.match(/^data:image\/svg/);
    expect(visibleText(beans.querySelector('[part~=line-name]')!)).to.equal(BEANS);
    expect(visibleText(beans.querySelector('[part~=line-price]')!)).to.equal('Price $18.00');
    expect(quantityOf(el, BEANS).value).to.equal('2');
    expect(lineTotal(el, BEANS)).to.equal('Total $36.00');
    getByRole(el, 'button', `Remove ${BEANS}`);
    const shirt = lineOf(el, 'Barista T-Shirt - Black, M');
    expect(visibleText(shirt.querySelector('[part~=variation]')!)).to.equal('Colour Black Size M');
    await expect(el).to.be.accessible();
  });

  it('keeps the quantity within the product\'s minimum and maximum purchase', async () => {
    await add(ID.dripper, 2); // 3 in stock
    await add(ID.guide); // sold individually
    await add(ID.mug); // no limit (max_purchase -1)
    const el = await openDrawer(shop());
    const dripper = quantityOf(el, 'Ceramic Pour-Over Dripper');
    expect([dripper.min, dripper.max]).to.deep.equal(['1', '3']);
    const guide = quantityOf(el, 'Brewing Guide (PDF)');
    expect([guide.min, guide.max]).to.deep.equal(['1', '1']);
    expect(getByRole(el, 'button', 'Increase quantity of Brewing Guide (PDF)').getAttribute('aria-disabled')).to.equal('true');
    expect(getByRole(el, 'button', 'Decrease quantity of Brewing Guide (PDF)').getAttribute('aria-disabled')).to.equal('true');
    expect(quantityOf(el, 'Enamel Mug').hasAttribute('max')).to.equal(false);

    getByRole(el, 'button', 'Increase quantity of Ceramic Pour-Over Dripper').click();
    await el.updateComplete;
    expect(dripper.value).to.equal('3');
    expect(getByRole(el, 'button', 'Increase quantity of Ceramic Pour-Over Dripper').getAttribute('aria-disabled')).to.equal('true');
    await waitUntil(() => shop().store().state.pending.length === 0);
    dripper.value = '10';
    dripper.dispatchEvent(new Event('change', { bubbles: true }));
    await el.updateComplete;
    expect(dripper.value).to.equal('3');
    expect(requestsTo(shop(), 'POST', itemRoute).map(bodyOf)).to.deep.equal([{ quantity: '3' }]);
  });

  it('says so, politely, when the shopper types more than the line may hold', async () => {
    await add(ID.dripper, 2); // 3 in stock
    const el = await openDrawer(shop());
    const dripper = 'Ceramic Pour-Over Dripper';
    const input = () => quantityOf(el, dripper);
    const note = () => el.shadowRoot!.getElementById(input().getAttribute('aria-describedby') ?? '')?.textContent ?? null;
    const announced = () => visibleText(el.shadowRoot!.querySelector('.visually-hidden[role=status]')!);
    input().focus();
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '5' });
    await sendKeys({ press: 'Enter' });
    expect(input().value).to.equal('3');
    expect(input().max).to.equal('3');
    await waitUntil(() => shop().store().state.pending.length === 0, 'the change never settled');
    await el.updateComplete;
    // A note on the field, not an error: the value it holds now is a good one.
    expect(note()).to.equal('Only 3 available.');
    expect(input().hasAttribute('aria-invalid')).to.equal(false);
    expect(alertTexts(el)).to.deep.equal([]);
    expect(announced()).to.equal(`${dripper}: quantity 3. Only 3 available.`);
    expect(requestsTo(shop(), 'POST', itemRoute).map(bodyOf)).to.deep.equal([{ quantity: '3' }]);
    await expect(el).to.be.accessible();

    // Already at the limit: nothing to send, but still said; a change within it clears it.
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '9' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(note()).to.equal('Only 3 available.');
    expect(announced()).to.equal('Only 3 available.');
    expect(requestsTo(shop(), 'POST', itemRoute)).to.have.length(1);
    getByRole(el, 'button', `Decrease quantity of ${dripper}`).click();
    await el.updateComplete;
    expect(note()).to.equal(null);
    await waitUntil(() => shop().store().state.pending.length === 0, 'the change never settled');
  });

  it('shows a quantity change at once, marks the line busy, then confirms it', async () => {
    await add(ID.ethiopiaBeans, 2);
    const el = await openDrawer(shop());
    const held = holdRequests(shop(), 'post', itemRoute);
    getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
    await el.updateComplete;
    expect(quantityOf(el, BEANS).value).to.equal('3');
    expect(lineTotal(el, BEANS)).to.equal('Total $54.00');
    expect(lineOf(el, BEANS).getAttribute('aria-busy')).to.equal('true');
    expect(el.shadowRoot!.querySelector('[part~=count]')!.textContent).to.equal('3');
    await expect(el).to.be.accessible();
    setTimeout(held.release);
    const { detail } = await oneEvent(el, 'cart-updated');
    expect(detail.change).to.equal('quantity');
    expect(detail.items).to.deep.equal([{ item_id: '11', item_name: BEANS, price: 18, quantity: 3 }]);
    await el.updateComplete;
    expect(lineOf(el, BEANS).hasAttribute('aria-busy')).to.equal(false);
    expect(visibleText(el.shadowRoot!.querySelector('[role=status].visually-hidden')!)).to.equal(`${BEANS}: quantity 3.`);
    expect(requestsTo(shop(), 'POST', itemRoute).map(bodyOf)).to.deep.equal([{ quantity: '3' }]);
  });

  it('coalesces rapid changes: the newest value wins, with at most one request in flight', async () => {
    await add(ID.ethiopiaBeans, 1);
    const el = await openDrawer(shop());
    const held = holdRequests(shop(), 'post', itemRoute);
    const increase = getByRole(el, 'button', `Increase quantity of ${BEANS}`);
    for (let click = 0; click < 5; click++) {
      increase.click();
      await el.updateComplete;
    }
    expect(quantityOf(el, BEANS).value).to.equal('6');
    await waitUntil(() => held.held() === 1, 'the first change was not sent');
    await aTimeout(50);
    expect(held.held(), 'a second request went out while the first was in flight').to.equal(1);
    held.release();
    await waitUntil(() => shop().store().state.pending.length === 0, 'the change never settled');
    const sent = requestsTo(shop(), 'POST', itemRoute).map(bodyOf);
    // The first request reads the quantity when the cart's write lock is its (one write at a
    // time): it may already carry a newer value. Never more than two.
    expect(sent.length).to.be.within(1, 2);
    expect(sent.at(-1)).to.deep.equal({ quantity: '6' });
    expect(quantityOf(el, BEANS).value).to.equal('6');
    expect(lineTotal(el, BEANS)).to.equal('Total $108.00');
  });

  for (const commit of ['Enter', 'Tab'] as const) {
    it(`never overwrites a quantity the shopper is typing, and sends it on ${commit}`, async () => {
      await add(ID.ethiopiaBeans, 4);
      const el = await openDrawer(shop());
      const held = holdRequests(shop(), 'post', itemRoute);
      getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
      await el.updateComplete;
      expect(quantityOf(el, BEANS).value).to.equal('5');
      await waitUntil(() => held.held() === 1, 'the "+" was not sent');

      // While the answer to "+" is on its way, the shopper types 9 into the field.
      quantityOf(el, BEANS).focus();
      await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: '9' });
      held.release();
      await waitUntil(() => shop().store().state.pending.length === 0, 'the "+" never settled');
      await el.updateComplete;
      expect(shop().store().state.cart!.items[0]!.quantity.value).to.equal(5);
      expect(quantityOf(el, BEANS).value, 'the answer overwrote what the shopper typed').to.equal('9');
      expectFocusOn(quantityOf(el, BEANS));
      await expect(el).to.be.accessible();

      await sendKeys({ press: commit });
      await waitUntil(() => requestsTo(shop(), 'POST', itemRoute).length === 2, `${commit} did not send the typed quantity`);
      await waitUntil(() => shop().store().state.pending.length === 0, 'the typed quantity never settled');
      await el.updateComplete;
      expect(requestsTo(shop(), 'POST', itemRoute).map(bodyOf)).to.deep.equal([{ quantity: '5' }, { quantity: '9' }]);
      expect(shop().store().state.cart!.items[0]!.quantity.value).to.equal(9);
      expect(quantityOf(el, BEANS).value).to.equal('9');
      expect(lineTotal(el, BEANS)).to.equal('Total $162.00');
    });
  }

  it('shows the quantity the shop holds again when the shopper leaves a field without changing it', async () => {
    await add(ID.ethiopiaBeans, 4);
    const el = await openDrawer(shop());
    const held = holdRequests(shop(), 'post', itemRoute);
    getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
    await el.updateComplete;
    await waitUntil(() => held.held() === 1, 'the "+" was not sent');
    quantityOf(el, BEANS).focus();
    // Typed and taken back: the field holds what it held when focused, so no change is committed.
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '5' });
    held.release();
    await waitUntil(() => shop().store().state.pending.length === 0, 'the "+" never settled');
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(quantityOf(el, BEANS).value).to.equal('5');
    expect(requestsTo(shop(), 'POST', itemRoute).map(bodyOf)).to.deep.equal([{ quantity: '5' }]);
  });

  it('rolls a refused change back and says why, next to the field', async () => {
    await add(ID.ethiopiaBeans, 2);
    const el = await openDrawer(shop());
    refuseNextChange();
    const failed = oneEvent(el, 'cart-error');
    getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
    await el.updateComplete;
    expect(quantityOf(el, BEANS).value).to.equal('3');
    const { detail } = await failed;
    expect(detail.action).to.equal('update-quantity');
    expect(detail.error.status).to.equal(400);
    await el.updateComplete;
    const input = quantityOf(el, BEANS);
    expect(input.value).to.equal('2');
    expect(lineTotal(el, BEANS)).to.equal('Total $36.00');
    const message = `We could not change the quantity of ${BEANS}. Only 2 left in stock.`;
    expect(alertTexts(el)).to.deep.equal([message]);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.getElementById(input.getAttribute('aria-describedby')!)!.textContent).to.equal(message);
    await expect(el).to.be.accessible();
  });

  it('lays a line out with even space above and below, its error and a box\'s contents each under the controls', async () => {
    await add(ID.ethiopiaBeans, 2);
    const el = await openDrawer(shop());
    const box = (element: Element) => element.getBoundingClientRect();
    const spaces = (line: HTMLElement) => {
      const controls = [...line.querySelectorAll('[part~=quantity], [part~=remove]')].map((part) => box(part).bottom);
      const last = line.querySelector('[part~=line-error], [part~=box-contents]');
      return { above: box(line.querySelector('[part~=line-details]')!).top - box(line).top, below: box(line).bottom - (last ? box(last).bottom : Math.max(...controls)) - 1 };
    };
    // The border (1 px) aside, the space under the last row is the space above the first.
    const plain = spaces(lineOf(el, BEANS));
    expect(plain.below, `space below (${plain.below}) against above (${plain.above})`).to.be.closeTo(plain.above, 1);

    refuseNextChange();
    const failed = oneEvent(el, 'cart-error');
    getByRole(el, 'button', `Increase quantity of ${BEANS}`).click();
    await failed;
    await el.updateComplete;
    const line = lineOf(el, BEANS);
    const error = line.querySelector('[part~=line-error]')!;
    expect(box(error).top, 'the error under the quantity').to.be.at.least(box(line.querySelector('[part~=quantity]')!).bottom);
    expect(box(error).left, 'the error beside the picture').to.be.at.least(box(line.querySelector('[part~=line-details]')!).left - 1);
    const withError = spaces(line);
    expect(withError.below).to.be.closeTo(withError.above, 1);
    await expect(el).to.be.accessible();

    await add(ID.tastingBox, 1, { mnm_config: [{ product_id: ID.kenyaSample, quantity: 2 }, { product_id: ID.decafSample, quantity: 1 }] });
    await el.updateComplete;
    const boxLine = lineOf(el, 'Tasting Box');
    const contents = getByRole(el, 'list', 'In this box');
    expect(box(contents).top, 'the contents under the quantity').to.be.at.least(box(boxLine.querySelector('[part~=quantity]')!).bottom);
    expect(box(contents).left, 'the contents as wide as the line').to.be.closeTo(box(boxLine).left, 1);
    const withBox = spaces(boxLine);
    expect(withBox.below).to.be.closeTo(withBox.above, 1);
  });

  it('edits, removes and restores a line with the keyboard only', async () => {
    await add(ID.ethiopiaBeans, 2);
    await add(ID.mug);
    const el = await openDrawer(shop());
    // From the title: Close, then the first line's − , quantity (Firefox also stops on the scrolling body).
    for (let step = 0; step < 4 && focused() !== quantityOf(el, BEANS); step++) await sendKeys({ press: 'Tab' });
    expectFocusOn(quantityOf(el, BEANS));
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '4' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => requestsTo(shop(), 'POST', itemRoute).length === 1, 'Enter did not send the quantity');
    expect(bodyOf(requestsTo(shop(), 'POST', itemRoute)[0]!)).to.deep.equal({ quantity: '4' });
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => requestsTo(shop(), 'POST', itemRoute).length === 2, 'ArrowUp did not send the quantity');
    expect(quantityOf(el, BEANS).value).to.equal('5');

    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expectFocusOn(getByRole(el, 'button', `Remove ${BEANS}`));
    const removed = oneEvent(el, 'cart-item-removed');
    await sendKeys({ press: 'Enter' });
    const { detail } = await removed;
    expect(detail.items).to.deep.equal([{ item_id: '11', item_name: BEANS, price: 18, quantity: 5 }]);
    expect(detail.value).to.equal(90);
    await waitUntil(() => queryByRole(el, 'button', `Undo removal of ${BEANS}`), 'no Undo');
    expect(lineNames(el)).to.deep.equal(['Enamel Mug']);
    expect(visibleText(el.shadowRoot!.querySelector('[part~=removed]')!)).to.equal(`${BEANS} was removed. Undo`);
    expectFocusOn(getByRole(el, 'button', `Undo removal of ${BEANS}`));
    await expect(el).to.be.accessible();

    const restored = oneEvent(el, 'cart-updated');
    await sendKeys({ press: 'Enter' });
    expect((await restored).detail.change).to.equal('restore');
    await waitUntil(() => lineNames(el).length === 2, 'the line did not come back');
    expect(lineNames(el)).to.include(BEANS);
    expect(queryByRole(el, 'button', `Undo removal of ${BEANS}`)).to.equal(null);
    await el.updateComplete;
    expectFocusOn(quantityOf(el, BEANS));
    expect(requestsTo(shop(), 'PUT', itemRoute)).to.have.length(1);
  });

  it('removes a line when its quantity is set to 0', async () => {
    await add(ID.ethiopiaBeans, 2);
    const el = await openDrawer(shop());
    const input = quantityOf(el, BEANS);
    input.value = '0';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => queryByRole(el, 'button', `Undo removal of ${BEANS}`), 'no Undo');
    expect(requestsTo(shop(), 'DELETE', itemRoute)).to.have.length(1);
    expect(el.shadowRoot!.querySelector('[part~=empty]')!.checkVisibility()).to.equal(true);
  });

  it('groups a box\'s contents under the box, without controls of their own', async () => {
    const config = { mnm_config: [{ product_id: ID.kenyaSample, quantity: 2 }, { product_id: ID.decafSample, quantity: 1 }] };
    await add(ID.tastingBox, 1, config);
    const el = await openDrawer(shop());
    expect(lineNames(el)).to.deep.equal(['Tasting Box']);
    const contents = getByRole(el, 'list', 'In this box');
    expect(lineOf(el, 'Tasting Box').contains(contents)).to.equal(true);
    expect(queryAllByRole(contents, 'listitem').map((item) => visibleText(item))).to.deep.equal(['Kenya Sample × 2', 'Decaf Sample × 1']);
    expect(queryAllByRole(contents, 'button')).to.have.length(0);
    expect(queryAllByRole(contents, 'spinbutton')).to.have.length(0);
    await expect(el).to.be.accessible();

    getByRole(el, 'button', 'Increase quantity of Tasting Box').click();
    await el.updateComplete;
    // Two boxes: each still holds what the shopper put in one, as the picker showed it.
    expect(queryAllByRole(contents, 'listitem').map((item) => visibleText(item))).to.deep.equal(['Kenya Sample × 2', 'Decaf Sample × 1']);
    expect(lineTotal(el, 'Tasting Box')).to.equal('Total $25.00');
    await waitUntil(() => shop().store().state.pending.length === 0, 'the change never settled');
    expect(el.shadowRoot!.querySelector('[part~=count]')!.textContent).to.equal('2');
  });

  it('shows what a box priced by its contents costs: unit price and total summed from them', async () => {
    // Per-product pricing: the box itself costs $0.00, Kenya $4.50 × 2 and Decaf $3.50 go in it.
    const config = { mnm_config: [{ product_id: ID.kenyaSample, quantity: 2 }, { product_id: ID.decafSample, quantity: 1 }] };
    await add(ID.tastingBox, 1, config);
    const el = await openDrawer(shop());
    const price = () => visibleText(lineOf(el, 'Tasting Box').querySelector('[part~=line-price]')!);
    expect(price()).to.equal('Price $12.50');
    expect(lineTotal(el, 'Tasting Box')).to.equal('Total $12.50');
    expect(visibleText(el.shadowRoot!.querySelector('[part~=totals-row]')!)).to.equal('Subtotal $12.50');
    await expect(el).to.be.accessible();

    getByRole(el, 'button', 'Increase quantity of Tasting Box').click();
    await el.updateComplete;
    expect([price(), lineTotal(el, 'Tasting Box')]).to.deep.equal(['Price $12.50', 'Total $25.00']);
    await waitUntil(() => shop().store().state.pending.length === 0, 'the change never settled');
    await el.updateComplete;
    expect([price(), lineTotal(el, 'Tasting Box')]).to.deep.equal(['Price $12.50', 'Total $25.00']);
  });

  it('shows a box with a price of its own at that price, its contents not counted twice', async () => {
    // A real server's box (CoCart shape) priced as a whole, 15,00 €, its contents still priced.
    const cart = clone(realCart);
    const [box] = cart.items;
    Object.assign(box!, { price: '1500', totals: { subtotal: 15, subtotal_tax: 0, total: 15, tax: 0 } });
    serveCart(shop(), cart);
    const el = await openDrawer(shop());
    expect(visibleText(lineOf(el, 'Tasting Box').querySelector('[part~=line-price]')!)).to.equal('Price 15,00 €');
    expect(lineTotal(el, 'Tasting Box')).to.equal('Total 15,00 €');
  });

  it('explains a failed removal on the line, keeps it and keeps focus on it', async () => {
    await add(ID.ethiopiaBeans, 2);
    const el = await openDrawer(shop());
    worker.use(http.delete(shop().url(itemRoute), () => HttpResponse.error(), { once: true }));
    getByRole(el, 'button', `Remove ${BEANS}`).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertTexts(el).length, 'no error shown');
    // The removal may have reached the shop: the cart was read again, and it still holds the line.
    expect(alertTexts(el)).to.deep.equal([`We could not remove ${BEANS}. ${defaultMessages.outcomeUnknown}`]);
    expect(lineNames(el)).to.deep.equal([BEANS]);
    await expectFocusSettlesOn(() => queryByRole(el, 'button', `Remove ${BEANS}`));
    await expect(el).to.be.accessible();
  });
});
