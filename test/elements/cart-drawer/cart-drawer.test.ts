import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '../../helpers/testing.js';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { canEmulate, emulateMedia, engine, itIn, setViewport, shiftTab } from '../../helpers/browser.js';
import { HttpResponse, http } from 'msw';
import { PRODUCT_IDS as ID } from '../../../src/mock/index.js';
import type { CartDrawer } from '../../../src/elements/cart-drawer/cart-drawer.js';
import { accessibleName, alertTexts, describeElement, expectFocusOn, focused, getByRole, queryByRole, visibleText } from '../../helpers/queries.js';
import { holdRequests, requestsTo, useShop, worker } from '../../helpers/shop.js';
import { drawerFor, expectFocusSettlesOn, openDrawer } from './drawer-page.js';

const shop = useShop();

const box = (...contents: Array<[number, number]>) => ({
  mnm_config: contents.map(([product_id, quantity]) => ({ product_id, quantity })),
});

async function cartWithTwoBeans() {
  await shop().store().addItem({ id: ID.ethiopiaBeans, quantity: 2 });
}

function dialogOf(el: CartDrawer): HTMLDialogElement {
  return el.shadowRoot!.querySelector('dialog')!;
}

/** Whether focus is somewhere in the drawer's dialog (its shadow content or slotted light DOM). */
function focusInsideDialog(el: CartDrawer): boolean {
  const active = focused();
  if (!active) return false;
  if (el.shadowRoot!.contains(active)) return dialogOf(el).contains(active);
  return el.contains(active) && !!active.closest('[slot]');
}

describe('<cart-drawer>', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: null });
  });

  describe('trigger', () => {
    it('is a button named "Cart" that shows the number of items', async () => {
      await cartWithTwoBeans();
      await shop().store().addItem({ id: ID.colombiaBeans, quantity: 1 });
      const el = await drawerFor(shop());
      const trigger = getByRole(el, 'button', 'Cart');
      expect(visibleText(trigger)).to.equal('Cart');
      expect(el.shadowRoot!.querySelector('[part~=count]')!.textContent).to.equal('3');
      const description = el.shadowRoot!.getElementById(trigger.getAttribute('aria-describedby')!)!;
      expect(description.textContent).to.equal('3 items');
      await expect(el).to.be.accessible();
    });

    it('counts a mix-and-match box once, not once per item inside it', async () => {
      await shop().store().addItem({ id: ID.tastingBox, quantity: 1, itemData: box([ID.kenyaSample, 2], [ID.decafSample, 1]) });
      await cartWithTwoBeans();
      const el = await drawerFor(shop());
      expect(shop().store().state.cart!.items).to.have.length(4);
      expect(el.shadowRoot!.querySelector('[part~=count]')!.textContent).to.equal('3');
    });

    it('follows the cart as it changes elsewhere on the page', async () => {
      const el = await drawerFor(shop());
      await cartWithTwoBeans();
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part~=count]')!.textContent).to.equal('2');
    });
  });

  describe('dialog', () => {
    it('opens from the trigger with the keyboard as a modal dialog named "Cart"', async () => {
      await cartWithTwoBeans();
      const el = await drawerFor(shop());
      expect(queryByRole(el, 'dialog')).to.equal(null);
      getByRole(el, 'button', 'Cart').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => el.open, 'the drawer did not open');
      const dialog = getByRole(el, 'dialog');
      expect(dialog.matches(':modal')).to.equal(true);
      expect(accessibleName(dialog)).to.equal('Cart');
      expectFocusOn(getByRole(el, 'heading', 'Cart'));
      expect(el.hasAttribute('open')).to.equal(true);
      await waitUntil(() => queryByRole(el, 'spinbutton', 'Quantity for Ethiopia Yirgacheffe Beans'));
      await expect(el).to.be.accessible();
    });

    it('closes on Escape and gives focus back to the trigger', async () => {
      const el = await openDrawer(shop());
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !el.open, 'Escape did not close the drawer');
      expect(dialogOf(el).open).to.equal(false);
      expectFocusOn(getByRole(el, 'button', 'Cart'));
      await expect(el).to.be.accessible();
    });

    it('closes with its "Close" button and gives focus back to the trigger', async () => {
      const el = await openDrawer(shop());
      await sendKeys({ press: 'Tab' });
      expectFocusOn(getByRole(el, 'button', 'Close'));
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => !el.open);
      expectFocusOn(getByRole(el, 'button', 'Cart'));
    });

    it('closes when the shopper clicks the backdrop, but not inside the panel', async () => {
      await setViewport({ width: 1000, height: 700 });
      await cartWithTwoBeans();
      const el = await openDrawer(shop());
      // Once it has slid in: the panel is where the mouse goes.
      await Promise.all(dialogOf(el).getAnimations().map((animation) => animation.finished));
      const panel = el.shadowRoot!.querySelector('[part~=panel]')!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(panel.left + 20), Math.round(panel.top + 200)] });
      await aTimeout(50);
      expect(el.open, 'a click in the panel closed it').to.equal(true);
      await sendMouse({ type: 'click', position: [20, 350] });
      await waitUntil(() => !el.open, 'a backdrop click did not close it');
      expectFocusOn(getByRole(el, 'button', 'Cart'));
    });

    it('keeps focus inside while open, tabbing forward', async () => {
      await cartWithTwoBeans();
      const el = await openDrawer(shop());
      const seen = new Set<Element>();
      for (let step = 0; step < 40; step++) {
        await sendKeys({ press: 'Tab' });
        expect(focusInsideDialog(el), `Tab #${step + 1} left the dialog for ${describeElement(focused())}`).to.equal(true);
        seen.add(focused()!);
      }
      expect(seen.size).to.be.greaterThan(8);
      expect(seen.has(el.querySelector('[slot=empty]')!), 'the hidden empty-state link took focus').to.equal(false);
    });

    itIn(engine !== 'webkit', 'WebKitWebDriver sends Shift+Tab as an unidentified key', 'wraps Shift+Tab from Close round to Checkout', async () => {
      await cartWithTwoBeans();
      const el = await openDrawer(shop());
      getByRole(el, 'button', 'Close').focus();
      await shiftTab();
      expectFocusOn(getByRole(el, 'link', 'Checkout'));
    });

    it('locks the page scroll while open and restores it after', async () => {
      document.documentElement.style.overflow = 'auto';
      const el = await openDrawer(shop());
      expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
      await el.hide();
      expect(document.documentElement.style.overflow).to.equal('auto');
      document.documentElement.style.overflow = '';
    });

    it('slides in', async () => {
      await emulateMedia({ reducedMotion: 'no-preference' });
      const el = await openDrawer(shop());
      expect(getComputedStyle(dialogOf(el)).transitionDuration).to.not.equal('0s');
    });

    itIn(canEmulate.reducedMotion, 'the engine cannot emulate prefers-reduced-motion', 'does not slide for a shopper who prefers reduced motion', async () => {
      const el = await openDrawer(shop());
      expect(getComputedStyle(dialogOf(el)).transitionDuration).to.not.equal('0s');
      expect(await emulateMedia({ reducedMotion: 'reduce' })).to.equal(true);
      expect(getComputedStyle(dialogOf(el)).transitionDuration).to.equal('0s');
    });

    it('opens and closes through show(), hide() and the reflected open attribute', async () => {
      const el = await drawerFor(shop());
      el.setAttribute('open', '');
      await el.updateComplete;
      expect(dialogOf(el).open).to.equal(true);
      await el.hide();
      await waitUntil(() => !dialogOf(el).open);
      expect(el.hasAttribute('open')).to.equal(false);
      await el.show();
      expect(dialogOf(el).open).to.equal(true);
    });

    it('stays an open modal dialog when the host page moves it while open', async () => {
      const el = await openDrawer(shop());
      const elsewhere = document.createElement('section');
      document.body.append(elsewhere);
      try {
        // What a framework does when it re-parents a component.
        elsewhere.append(el);
        await el.updateComplete;
        await aTimeout(20);
        const dialog = getByRole(el, 'dialog');
        expect(el.open).to.equal(true);
        expect(dialog.matches(':modal'), 'no longer modal: the page behind is not inert').to.equal(true);
        expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
        expect(focusInsideDialog(el), `focus on ${describeElement(focused())}`).to.equal(true);
        await sendKeys({ press: 'Escape' });
        await waitUntil(() => !el.open, 'Escape did not close the moved drawer');
        expectFocusOn(getByRole(el, 'button', 'Cart'));
        expect(document.documentElement.style.overflow).to.equal('');
        await expect(el).to.be.accessible();
      } finally {
        elsewhere.remove();
      }
    });

    it('tells the host page the cart was viewed, with GA4 details', async () => {
      await cartWithTwoBeans();
      const el = await drawerFor(shop());
      setTimeout(() => el.show());
      const { detail } = await oneEvent(el, 'cart-viewed');
      expect(detail.currency).to.equal('USD');
      expect(detail.value).to.equal(36);
      expect(detail.items).to.deep.equal([{ item_id: '11', item_name: 'Ethiopia Yirgacheffe Beans', price: 18, quantity: 2 }]);
    });
  });

  describe('states', () => {
    it('shows a loading skeleton until the cart arrives', async () => {
      const held = holdRequests(shop(), 'get', 'v2/cart');
      const el = await fixture<CartDrawer>(html`<cart-drawer base-url=${shop().baseUrl} open></cart-drawer>`);
      await waitUntil(() => held.held() === 1);
      const skeleton = el.shadowRoot!.querySelector('[part~=skeleton]')!;
      expect(skeleton.checkVisibility()).to.equal(true);
      expect(visibleText(skeleton)).to.equal('Loading…');
      expect(el.shadowRoot!.querySelector('[part~=body]')!.getAttribute('aria-busy')).to.equal('true');
      await expect(el).to.be.accessible();
      held.release();
      await waitUntil(() => !el.shadowRoot!.querySelector('[part~=skeleton]'), 'the skeleton stayed');
      expect(el.shadowRoot!.querySelector('[part~=empty]')!.checkVisibility()).to.equal(true);
    });

    it('shows the empty state with its message and slotted content', async () => {
      const el = await openDrawer(shop());
      const empty = el.shadowRoot!.querySelector('[part~=empty]')!;
      expect(empty.checkVisibility()).to.equal(true);
      expect(visibleText(empty)).to.equal('Your cart is empty. Continue shopping');
      expect(queryByRole(el, 'link', 'Checkout')).to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('explains a failed load and recovers with "Try again", focus staying in the drawer', async () => {
      worker.use(
        http.get(shop().url('v2/cart'), () => HttpResponse.json({ code: 'svc_boom', message: 'The shop is down.', data: { status: 500 } }, { status: 500 }), {
          once: true,
        }),
      );
      const el = await fixture<CartDrawer>(html`<cart-drawer base-url=${shop().baseUrl} open></cart-drawer>`);
      await waitUntil(() => queryByRole(el, 'button', 'Try again'), 'no "Try again"');
      expect(alertTexts(el)).to.include('We could not load your cart. The shop is down.');
      await expect(el).to.be.accessible();
      getByRole(el, 'button', 'Try again').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => el.shadowRoot!.querySelector('[part~=empty]')!.checkVisibility(), 'did not recover');
      expect(queryByRole(el, 'button', 'Try again')).to.equal(null);
      expect(alertTexts(el)).to.deep.equal([]);
      // "Try again" went with the error: focus goes to the top of what loaded, not to the page.
      await expectFocusSettlesOn(() => queryByRole(el, 'heading', 'Cart'));
      await expect(el).to.be.accessible();
      // The failed answer came from the one-off handler; the shop saw only the retry.
      expect(requestsTo(shop(), 'GET', 'v2/cart')).to.have.length(1);
    });

    it('puts focus back on "Try again" when the retry fails too', async () => {
      let answered = 0;
      worker.use(
        http.get(shop().url('v2/cart'), () => {
          answered++;
          return HttpResponse.json({ code: 'svc_boom', message: 'The shop is down.', data: { status: 500 } }, { status: 500 });
        }),
      );
      const el = await fixture<CartDrawer>(html`<cart-drawer base-url=${shop().baseUrl} open></cart-drawer>`);
      await waitUntil(() => queryByRole(el, 'button', 'Try again'), 'no "Try again"');
      getByRole(el, 'button', 'Try again').focus();
      const before = answered;
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => answered > before && queryByRole(el, 'button', 'Try again'), 'the retry did not fail');
      await expectFocusSettlesOn(() => queryByRole(el, 'button', 'Try again'));
      expect(alertTexts(el)).to.include('We could not load your cart. The shop is down.');
      await expect(el).to.be.accessible();
    });

    it('shows the shop\'s notices, outside any live region (the drawer announces its own message)', async () => {
      await cartWithTwoBeans();
      const el = await openDrawer(shop());
      const notices = el.shadowRoot!.querySelector('[part~=notices]')!;
      expect(notices.closest('[role=status], [role=alert], [aria-live]')).to.equal(null);
      expect(visibleText(notices)).to.equal('“Ethiopia Yirgacheffe Beans” has been added to your cart.');
      expect(notices.querySelector('[part~=notice-success]')).to.not.equal(null);
    });
  });

  describe('checkout', () => {
    it('links to the checkout-url and tells the host page, which may let it go', async () => {
      await cartWithTwoBeans();
      const el = await openDrawer(shop());
      el.checkoutUrl = 'https://shop.test/checkout/';
      await el.updateComplete;
      const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
      // A guest's link hands the cart to the shop's own checkout page (architecture §3).
      const handOver = `https://shop.test/checkout/?cocart-load-cart=${shop().store().state.cart!.key}`;
      expect(link.href).to.equal(handOver);
      let followed: boolean | undefined;
      // Stop the navigation only after the drawer had its say, to see whether it let the link go.
      const stop = (event: Event) => {
        followed = !event.defaultPrevented;
        event.preventDefault();
      };
      window.addEventListener('click', stop, { once: true });
      setTimeout(() => link.click());
      const { detail } = await oneEvent(el, 'checkout');
      expect(detail.url).to.equal(handOver);
      expect(detail.value).to.equal(36);
      expect(detail.items[0]).to.deep.equal({ item_id: '11', item_name: 'Ethiopia Yirgacheffe Beans', price: 18, quantity: 2 });
      expect(followed).to.equal(true);
    });

    it('stays on the page when the host page cancels the checkout event', async () => {
      await cartWithTwoBeans();
      const el = await openDrawer(shop());
      el.addEventListener('checkout', (event) => event.preventDefault(), { once: true });
      let prevented: boolean | undefined;
      const stop = (event: Event) => {
        prevented = event.defaultPrevented;
        event.preventDefault();
      };
      window.addEventListener('click', stop, { once: true });
      const link = getByRole<HTMLAnchorElement>(el, 'link', 'Checkout');
      expect(link.href).to.equal(`${shop().baseUrl.replace(/\/wp-json$/, '')}/checkout/?cocart-load-cart=${shop().store().state.cart!.key}`);
      link.click();
      expect(prevented).to.equal(true);
    });
  });
});
