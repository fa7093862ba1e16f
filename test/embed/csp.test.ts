/**
 * The merchant's path: `demo/embed.html` is plain HTML plus the built `dist/cart-widget.js` (and, for
 * the demo only, the built fake shop), under `script-src 'self'; style-src 'self'`. `npm test` builds
 * `dist/` first. Nothing here imports the widget's source: the page runs the shipped files.
 */
import { expect, waitUntil } from '../helpers/testing.js';
import { allByRole, byRole, descriptionOf, openEmbed, type EmbedFrame } from './embed-frame.js';

const slow = { timeout: 5000, interval: 20 };

describe('the script-tag embed under a strict Content-Security-Policy', () => {
  let page: EmbedFrame;

  beforeEach(async () => {
    page = await openEmbed();
  });

  afterEach(() => {
    page.remove();
  });

  /** The drawer's trigger, once the widget is defined and the cart has loaded. */
  async function cartButton(): Promise<HTMLButtonElement> {
    await waitUntil(() => byRole(page.document, 'button', 'Cart') && descriptionOf(byRole(page.document, 'button', 'Cart')!), 'no cart loaded', slow);
    return byRole<HTMLButtonElement>(page.document, 'button', 'Cart')!;
  }

  function addButton(productId: string, name = 'Add to cart'): HTMLButtonElement {
    const host = page.document.querySelector(`add-to-cart[product-id="${productId}"]`);
    if (!host) throw new Error(`no add-to-cart for product ${productId}`);
    const button = byRole<HTMLButtonElement>(host, 'button', name);
    if (!button) throw new Error(`no "${name}" button for product ${productId}`);
    return button;
  }

  it('renders every element with the cart loaded and reports no policy violation', async () => {
    const trigger = await cartButton();
    expect(descriptionOf(trigger)).to.equal('0 items');
    await waitUntil(() => byRole(page.document, 'spinbutton', 'Quantity of Kenya Sample'), 'the tasting box did not load', slow);
    expect(byRole(page.document, 'textbox', 'Username, email or phone'), 'the sign-in form').to.exist;
    expect(allByRole(page.document, 'button', 'Add to cart')).to.have.length.of.at.least(2);
    expect(page.violations()).to.deep.equal([]);
  });

  it('adds products from plain HTML buttons and opens the drawer with their lines', async () => {
    const trigger = await cartButton();

    addButton('15', 'Add two mugs').click();
    await waitUntil(() => descriptionOf(trigger) === '2 items', 'the mugs were not added', slow);

    addButton('11').click();
    await waitUntil(() => byRole<HTMLDialogElement>(page.document, 'dialog', 'Cart')?.open, 'the drawer did not open', slow);
    const drawer = byRole<HTMLDialogElement>(page.document, 'dialog', 'Cart')!;
    await waitUntil(() => byRole(drawer, 'spinbutton', 'Quantity for Ethiopia Yirgacheffe Beans'), 'the new line is not listed', slow);

    expect(byRole<HTMLInputElement>(drawer, 'spinbutton', 'Quantity for Ethiopia Yirgacheffe Beans')!.value).to.equal('1');
    expect(byRole<HTMLInputElement>(drawer, 'spinbutton', 'Quantity for Enamel Mug')!.value).to.equal('2');
    expect(descriptionOf(trigger)).to.equal('3 items');
    expect(page.violations()).to.deep.equal([]);
  });

  it('notices a violation when one happens, so the checks above can fail', async () => {
    await cartButton();
    page.document.body.setAttribute('style', 'outline: 1px solid red');
    await waitUntil(() => page.violations().length > 0, 'an inline style went unreported', slow);
    expect(page.violations()[0]).to.match(/^style-src(-attr)? /);
  });
});
