/**
 * The script tag's autoloader (`dist/cart-widget.js`, built by `npm test` first): each element is
 * defined from its chunk in `dist/chunks/` the first time the page has it, and a language pack is a
 * chunk of its own, fetched only when the page's `lang` asks for it — all under the embed page's
 * strict `script-src 'self'`.
 */
import { expect, waitUntil } from '../helpers/testing.js';
import { byRole, descriptionOf, openEmbed, signInOn, type EmbedFrame } from './embed-frame.js';

const slow = { timeout: 5000, interval: 20 };

describe('the script tag loads what the page has, when it has it', () => {
  let page: EmbedFrame;

  beforeEach(async () => {
    page = await openEmbed();
    await waitUntil(() => {
      const trigger = byRole(page.document, 'button', 'Cart');
      return trigger && descriptionOf(trigger);
    }, 'no cart loaded', slow);
  });

  afterEach(() => {
    page.remove();
  });

  const frame = () => page.document.defaultView as Window & typeof globalThis;
  const scripts = () => frame().performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/dist/'));

  it('defines an element added after the page loaded, from its own chunk', async () => {
    expect(frame().customElements.get('cart-count'), 'no <cart-count> on the page yet').to.equal(undefined);
    expect(scripts().some((path) => path.startsWith('/dist/chunks/cart-count-'))).to.equal(false);

    const count = page.document.createElement('cart-count');
    page.document.querySelector('cart-provider')!.append(count);

    await waitUntil(() => frame().customElements.get('cart-count'), '<cart-count> was never defined', slow);
    await waitUntil(() => count.shadowRoot?.textContent?.includes('0'), '<cart-count> shows no count', slow);
    expect(scripts().some((path) => path.startsWith('/dist/chunks/cart-count-'))).to.equal(true);
    expect(page.violations()).to.deep.equal([]);
  });

  it("asks for the open drawer's code as the page loads, not after the cart came in", async () => {
    const requests = frame().performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const request = (path: RegExp) => requests.find((entry) => path.test(new URL(entry.name).pathname));
    const cart = request(/\/cart$/);
    expect(cart, "the page's cart request").to.exist;
    for (const chunk of ['panel', 'store-actions']) {
      const early = request(new RegExp(`^/dist/chunks/${chunk}-`));
      expect(early, `${chunk}.js was not asked for before any tap`).to.exist;
      // Asked for with the page's element chunks, as the script starts: not once the count shows
      // (the cart had to come in first), nor at the tap; on a phone each would be one round trip
      // more between a first tap and a drawer that works.
      expect(early!.startTime, `${chunk}.js left after the cart came in`).to.be.below(cart!.responseEnd);
    }
  });

  it('fetches a language pack only when the page asks for that language', async () => {
    expect(scripts().some((path) => /^\/dist\/chunks\/de-/.test(path)), 'German before anyone asked').to.equal(false);

    page.document.documentElement.lang = 'de';

    await waitUntil(() => byRole(page.document, 'button', 'In den Warenkorb'), 'the page never spoke German', slow);
    expect(scripts().some((path) => /^\/dist\/chunks\/de-/.test(path))).to.equal(true);
    expect(scripts().some((path) => /^\/dist\/chunks\/fr-/.test(path)), 'a language nobody asked for').to.equal(false);
    expect(page.violations()).to.deep.equal([]);
  });
});

describe('dist/cart-widget.all.js', () => {
  it('runs the merchant page by itself: every element renders and adds to the cart, and no element chunk is fetched', async () => {
    const page = await openEmbed(undefined, '/demo/embed.html?all');
    try {
      const frame = page.document.defaultView as Window & typeof globalThis;
      await waitUntil(() => byRole(page.document, 'button', 'Cart') && descriptionOf(byRole(page.document, 'button', 'Cart')!), 'no cart loaded', slow);
      const trigger = byRole(page.document, 'button', 'Cart')!;
      expect(descriptionOf(trigger)).to.equal('0 items');
      await waitUntil(() => byRole(page.document, 'spinbutton', 'Quantity of Kenya Sample'), 'the tasting box did not load', slow);
      expect(byRole(page.document, 'textbox', 'Username, email or phone'), 'the sign-in form').to.exist;

      const host = page.document.querySelector('add-to-cart[product-id="11"]')!;
      byRole<HTMLButtonElement>(host, 'button', 'Add to cart')!.click();
      await waitUntil(() => byRole<HTMLDialogElement>(page.document, 'dialog', 'Cart')?.open, 'the drawer did not open', slow);
      const drawer = byRole<HTMLDialogElement>(page.document, 'dialog', 'Cart')!;
      await waitUntil(() => byRole(drawer, 'spinbutton', 'Quantity for Ethiopia Yirgacheffe Beans'), 'the new line is not listed', slow);
      expect(descriptionOf(trigger)).to.equal('1 item');

      const scripts = frame.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js'));
      expect(scripts.filter((path) => path.startsWith('/dist/chunks/')), 'chunks fetched').to.deep.equal([]);
      expect(scripts).to.include('/dist/cart-widget.all.js');
      expect(scripts).not.to.include('/dist/cart-widget.js');
      expect(page.violations()).to.deep.equal([]);
    } finally {
      page.remove();
    }
  });

  it('reads an error answer with its on-demand reader, which takes what it shares from the file (one copy, no third file)', async () => {
    const page = await openEmbed(undefined, '/demo/embed.html?all');
    try {
      const frame = page.document.defaultView as Window & typeof globalThis;
      const form = await signInOn(page, 'grace', 'not-her-password');
      await waitUntil(() => form.querySelector('[role="alert"]')?.textContent?.trim(), 'no message for the wrong password', slow);
      expect(form.querySelector('[role="alert"]')!.textContent).to.match(/password is not correct/);
      const scripts = frame.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js'));
      expect(scripts.filter((path) => path.startsWith('/dist/chunks/')).map((path) => path.replace(/-[\w-]{8}\.js$/, ''))).to.deep.equal(['/dist/chunks/http-errors']);
      expect(scripts).not.to.include('/dist/cart-widget.js');
      expect(page.violations()).to.deep.equal([]);
    } finally {
      page.remove();
    }
  });

  it('has every element in the file itself: only language packs, the US/CA/AU state names, the strings reader, the lease for a page without Web Locks, the token refresh, what an error answer means, the shipping estimate and the developers\' explanations come later', async () => {
    const file = await (await fetch('/dist/cart-widget.all.js')).text();
    // A chunk's name, then its 8-character hash, which may itself hold or begin with "-".
    const later = new Set([...file.matchAll(/import\(\s*[`'"]\.\/chunks\/([a-z-]+?)-[\w-]{8}\.js[`'"]\s*\)/g)].map((match) => match[1]));
    // The US/CA/AU states load from the shipping estimate's chunk, not from the file.
    expect([...later]).to.have.members(['message-json', 'storage-lease', 'token-exchange', 'blocked', 'http-errors', 'shipping-estimate', 'de', 'fr', 'es', 'it', 'nl', 'pt-br', 'pl', 'sv', 'ja', 'ar']);
    for (const tag of ['cart-provider', 'cart-drawer', 'add-to-cart', 'login-form', 'mnm-container-picker', 'cart-count']) {
      expect(new RegExp(`define\\(\\s*[\`'"]${tag}[\`'"]`).test(file), `<${tag}> defined in the file`).to.equal(true);
    }
  });
});
