/**
 * The demo shop end to end, in every engine, the way a shopper uses it: real mouse clicks and key
 * presses on controls found by their names, what the page then shows checked after each step.
 * One journey, in order, because each step starts from the cart the previous one left; a failure
 * names its step.
 */
import { expect } from '../helpers/testing.js';
import {
  allByRole,
  amountFor,
  byRole,
  click,
  descriptionOf,
  field,
  focusedIn,
  hasField,
  moneyValue,
  nameOf,
  openDemo,
  press,
  textOf,
  typeInto,
  waitFor,
  waitUntilSeen,
  type DemoPage,
} from './demo-page.js';

const ETHIOPIA = 'Ethiopia Yirgacheffe Beans';
const COLOMBIA = 'Colombia Huila Beans';
/** The demo's two-factor account (`src/mock/auth-users.ts`): the code goes to its e-mail. */
const GRACE = { username: 'grace', password: 'compiler-1952', name: 'Grace Hopper' };

describe('the demo shop, driven like a shopper', () => {
  let page: DemoPage;
  let doc: Document;

  before(async function () {
    this.timeout(40_000);
    page = await openDemo();
    doc = page.document;
  });

  after(async () => {
    await page?.remove();
  });

  /** Runs one step of the journey; a failure says which. */
  async function step(name: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (error instanceof Error) error.message = `[${name}] ${error.message}`;
      throw error;
    }
  }

  const cartButton = () => byRole<HTMLButtonElement>(doc, 'button', 'Cart');
  const drawer = () => byRole<HTMLDialogElement>(doc, 'dialog', 'Cart');
  const loginForm = () => doc.querySelector('login-form')!;
  const picker = () => doc.querySelector('mnm-container-picker')!;

  /** What the Cart button says about its count ('' while there is no such button yet). */
  const countText = () => allByRole(doc, 'button', 'Cart').map(descriptionOf).join(' | ');

  async function expectCount(text: string): Promise<void> {
    await waitUntilSeen(() => countText() === text, `the Cart button to say "${text}"`).catch((error: Error) => {
      throw new Error(`${error.message}; it says "${countText()}"`);
    });
  }

  /** The "Add to cart" button on the product card headed `name`. */
  function addButtonFor(name: string): HTMLButtonElement {
    const card = byRole(doc, 'heading', name).closest('li');
    if (!card) throw new Error(`no product card for ${name}`);
    return byRole<HTMLButtonElement>(card, 'button', 'Add to cart');
  }

  async function openDrawer(): Promise<HTMLDialogElement> {
    await click(cartButton());
    return waitFor(() => drawer().open && drawer(), 'the drawer to open');
  }

  async function closeDrawer(how: 'Escape' | 'Close'): Promise<void> {
    if (how === 'Escape') await press('Escape');
    else await click(byRole(drawer(), 'button', 'Close'));
    await waitUntilSeen(() => allByRole(doc, 'dialog', 'Cart').length === 0, 'the drawer to close');
    expect(focusedIn(doc), 'focus after closing the drawer').to.equal(cartButton());
  }

  const lineQuantity = (name: string) => byRole<HTMLInputElement>(drawer(), 'spinbutton', `Quantity for ${name}`);
  const hasLine = (name: string) => allByRole(drawer(), 'spinbutton', `Quantity for ${name}`).length === 1;

  it('lets a shopper fill a cart, discount and ship it, sign in with a mailed code, add a box and sign out', async function () {
    this.timeout(60_000);

    await step('the page loads with an empty cart', async () => {
      await expectCount('0 items');
      await waitFor(() => allByRole(picker(), 'spinbutton', 'Quantity of Kenya Sample').length, 'the tasting box');
      await page.expectAccessible();
    });

    await step('adding a product opens the drawer with its line', async () => {
      await click(addButtonFor(ETHIOPIA));
      await waitFor(() => drawer().open && hasLine(ETHIOPIA), `the drawer to open with ${ETHIOPIA}`);
      expect(lineQuantity(ETHIOPIA).value).to.equal('1');
      await closeDrawer('Escape');
    });

    await step('a second product joins the first', async () => {
      await click(addButtonFor(COLOMBIA));
      await waitFor(() => drawer().open && hasLine(COLOMBIA), `the drawer to open with ${COLOMBIA}`);
      expect(hasLine(ETHIOPIA)).to.equal(true);
      await closeDrawer('Close');
      await expectCount('2 items');
    });

    await step('the Cart button opens the drawer and a typed quantity is saved', async () => {
      await openDrawer();
      await typeInto(lineQuantity(ETHIOPIA), '3');
      await press('Enter');
      await expectCount('4 items');
      // Beans at $18.00 × 3 and $16.00.
      await waitUntilSeen(() => amountFor(drawer(), 'Subtotal') === '$70.00', 'the subtotal of 3 + 1 bags');
      expect(lineQuantity(ETHIOPIA).value).to.equal('3');
    });

    await step('a removed line comes back with Undo', async () => {
      await click(byRole(drawer(), 'button', `Remove ${COLOMBIA}`));
      const undo = await waitFor(() => byRole(drawer(), 'button', `Undo removal of ${COLOMBIA}`), 'the Undo button');
      expect(hasLine(COLOMBIA)).to.equal(false);
      expect(textOf(byRole(drawer(), 'list', 'Recently removed'))).to.contain(`${COLOMBIA} was removed.`);
      await expectCount('3 items');
      expect(textOf(undo)).to.equal('Undo');
      // The pressed button went with its line: focus waits on Undo, so the keyboard can take it back.
      expect(focusedIn(doc), 'focus after removing').to.equal(undo);
      await press('Enter');
      await waitFor(() => hasLine(COLOMBIA), `${COLOMBIA} back in the cart`);
      await expectCount('4 items');
      expect(allByRole(drawer(), 'list', 'Recently removed')).to.have.length(0);
    });

    await step('coupon SAVE10 takes 10% off', async () => {
      await typeInto(field(drawer(), 'Coupon code'), 'SAVE10');
      await press('Enter');
      const coupons = await waitFor(() => byRole(drawer(), 'list', 'Applied coupons'), 'the applied coupon');
      expect(textOf(coupons)).to.match(/save10 -\$7\.00/i);
      await waitUntilSeen(() => amountFor(drawer(), 'Discount') === '-$7.00', 'the discount in the totals');
    });

    await step('another shipping rate changes the total', async () => {
      const rates = () => byRole(drawer(), 'radiogroup', 'Shipping');
      const chosenRates = () => allByRole<HTMLInputElement>(rates(), 'radio').filter((radio) => radio.checked).map(nameOf);
      expect(chosenRates()).to.deep.equal(['Flat rate $5.00']);
      const before = moneyValue(amountFor(drawer(), 'Total'));
      await click(byRole(rates(), 'radio', /^Local pickup/));
      await waitUntilSeen(() => amountFor(drawer(), 'Shipping') === 'Free', 'free shipping in the totals');
      expect(chosenRates()).to.deep.equal(['Local pickup Free']);
      expect(moneyValue(amountFor(drawer(), 'Total'))).to.be.below(before);
      await page.expectAccessible();
      await closeDrawer('Close');
    });

    await step('signing in asks for the code from the e-mail, and the cart stays', async () => {
      await typeInto(field(loginForm(), 'Username, email or phone'), GRACE.username);
      await typeInto(field(loginForm(), 'Password'), GRACE.password);
      await press('Enter');
      const codeField = await waitFor(
        () => hasField(loginForm(), 'Verification code') && field(loginForm(), 'Verification code'),
        'the two-factor step',
      );
      expect(field<HTMLSelectElement>(loginForm(), 'Verification method').value).to.equal('email');
      expect(textOf(loginForm())).to.contain('We sent a verification code to your email address.');
      await page.expectAccessible();

      const inbox = byRole(doc, 'heading', 'Fake inbox').parentElement!;
      const mailed = await waitFor(() => /\b(\d{6})\b/.exec(textOf(inbox))?.[1], 'the code in the fake inbox');
      await typeInto(codeField, mailed);
      await click(byRole(loginForm(), 'button', 'Verify'));
      await waitFor(() => allByRole(loginForm(), 'button', 'Sign out').length, 'the signed-in view');
      expect(textOf(loginForm())).to.contain(`Signed in as ${GRACE.name}`);
      await expectCount('4 items');
    });

    await step('a tasting box of three samples goes into the cart as one line', async () => {
      const add = () => byRole<HTMLButtonElement>(picker(), 'button', 'Add to cart');
      // Signing in reloads the box: member prices may differ.
      await waitFor(add, 'the tasting box after signing in');
      expect(add().disabled, 'Add to cart before choosing').to.equal(true);
      await typeInto(byRole(picker(), 'spinbutton', 'Quantity of Kenya Sample'), '2');
      await typeInto(byRole(picker(), 'spinbutton', 'Quantity of Guatemala Sample'), '1');
      expect(textOf(byRole(picker(), 'status', /selected/))).to.contain('3 of 3–6 selected');
      expect(add().disabled, 'Add to cart with three samples').to.equal(false);
      await click(add());
      await waitUntilSeen(() => textOf(picker()).includes('Your box was added to the cart.'), 'the box to be added');
      await expectCount('5 items');

      // The shop's answer to the add lists the whole cart: the bags carried over from the guest cart are in it.
      await openDrawer();
      const box = await waitFor(() => byRole(drawer(), 'list', 'In this box'), 'the box contents in the drawer');
      expect(textOf(box)).to.equal('Kenya Sample × 2 Guatemala Sample × 1');
      expect(lineQuantity('Tasting Box').value).to.equal('1');
      expect(lineQuantity(ETHIOPIA).value).to.equal('3');
      expect(lineQuantity(COLOMBIA).value).to.equal('1');
      await page.expectAccessible();
      await closeDrawer('Escape');
    });

    await step('signing out leaves a fresh guest cart', async () => {
      await click(byRole(loginForm(), 'button', 'Sign out'));
      await waitFor(() => hasField(loginForm(), 'Username, email or phone'), 'the sign-in form');
      expect(textOf(loginForm())).not.to.contain('Signed in as');
      await expectCount('0 items');
    });
  });
});
