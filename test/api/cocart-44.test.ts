/**
 * Contract tests on CoCart 4.4.0-beta.6 (issue 21): answers recorded from the 4.4 store by
 * scripts/record-cocart44.mjs (test/fixtures/cocart-4.4/, INDEX.md there) go through the api layer
 * with their recorded status, headers and body. Expected amounts are read off the recordings by
 * hand: Jacket $1,234.50 + Beanie $18.00 = $1,252.50, 10% tax $125.25, flat rate $5.00 + 50¢ tax.
 */
import { expect } from '../helpers/testing.js';
import { CartApi } from '../../src/api/cart-api.js';
import type { Cart, Currency } from '../../src/api/model.js';
import { parseCart } from '../../src/api/schemas.js';
import { defaultMessages, describeError } from '../../src/format/messages.js';
import { formatMoney } from '../../src/format/money.js';
import { ada, newShop, useShops } from '../store/session-fixtures.js';
import { eachCase, fails, fixtureFiles, loadFixture, recorded, succeeds } from './real-server.js';

const SLOW = 60_000;
const F = 'cocart-4.4';
const USD: Currency = { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' };

/** The console's warnings while `run` runs. */
async function warnings<T>(run: () => Promise<T>): Promise<{ result: T; warned: string[] }> {
  const warned: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args.map(String).join(' '));
  try {
    const result = await run();
    // The note comes from the developers' chunk (api/blocked.ts), loaded when it is needed: once it
    // is here, every note asked for meanwhile is said before the next task.
    await import('../../src/api/blocked.js');
    await new Promise((resolve) => setTimeout(resolve));
    return { result, warned };
  } finally {
    console.warn = original;
  }
}


describe('CoCart 4.4 recordings: totals that add up', function () {
  this.timeout(SLOW);

  const cases = [
    { id: 'cart-usd-1383', sent: 100, total: 138325, shown: '$1,383.25' },
    { id: 'cart-eur-comma-1383', sent: 138, total: 138325, shown: '1.383,25\u00a0€' },
    { id: 'cart-eur-comma-small', sent: 4500, total: 4510, shown: '45,10\u00a0€' },
    { id: 'cart-jpy-1384', sent: 1, total: 1384, shown: '¥1,384' },
    { id: 'cart-virtual-only', sent: 2750, total: 2750, shown: '$27.50' },
  ];

  it('shows the sum of the parts when the shop cut its total at a separator, and the shop\'s total when it adds up', () =>
    eachCase(cases, async ({ id, sent, total, shown }) => {
      const { result: cart, fixture } = await succeeds(`${F}/${id}`, (api) => api.getCart());
      expect(Number(recorded<{ totals: { total: string } }>(fixture).totals.total), `${id}: what the shop sent`).to.equal(sent);
      const t = cart.totals;
      expect(t.subtotal + t.fees + t.shipping + t.totalTax - t.discount, `${id}: the parts`).to.equal(total);
      expect(t.total, id).to.equal(total);
      expect(formatMoney(t.total, cart.currency).replace(/\s/g, '\u00a0'), id).to.equal(shown);
    }));

  it('reads the $1,383.25 cart line by line: Jacket, Beanie, flat rate and tax', async () => {
    const { result: cart } = await succeeds(`${F}/cart-usd-1383`, (api) => api.getCart());
    expect(cart.currency).to.deep.equal(USD);
    expect(cart.items.map((i) => [i.name, i.price, i.quantity.value, i.totals.subtotal])).to.deep.equal([
      ['Jacket', 123450, 1, 123450],
      ['Beanie', 1800, 1, 1800],
    ]);
    expect(cart.totals).to.deep.include({ subtotal: 125250, shipping: 500, shippingTax: 50, totalTax: 12575, total: 138325 });
    expect(cart.taxes).to.deep.equal([{ id: 0, label: 'RW Sales Tax', compound: false, total: 12575, shippingTotal: 0 }]);
    expect(cart.shipping.packages.map((p) => p.chosenRate)).to.deep.equal(['flat_rate:1']);
  });

  it('tells the console once per shop, naming it, that its total did not add up', async () => {
    // Shops of this test's own (the note is said once per shop for the page's life).
    const a = new CartApi({ baseUrl: 'https://shop.test/a/wp-json', namespace: 'cocart' });
    const b = new CartApi({ baseUrl: 'https://shop.test/b/wp-json', namespace: 'cocart' });
    const { warned } = await warnings(async () => {
      await succeeds(`${F}/cart-usd-1383`, () => a.getCart(), { anyRoute: true });
      await succeeds(`${F}/cart-jpy-1384`, () => a.getCart(), { anyRoute: true });
      await succeeds(`${F}/cart-usd-1383`, () => a.getCart(), { anyRoute: true });
      await succeeds(`${F}/cart-usd-1383`, () => b.getCart(), { anyRoute: true });
    });
    expect(warned, warned.join('\n')).to.have.length(2);
    expect(warned[0]).to.include('https://shop.test/a/wp-json/cocart').and.include('(100)').and.include('sum, 138325').and.include('thousands separator');
    expect(warned[1]).to.include('https://shop.test/b/wp-json/cocart');
  });

  it('keeps the shop\'s own total on every recorded 4.3.6 cart, and says nothing', async () => {
    const bodies = (await fixtureFiles('server')).filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json') && f !== 'INDEX.json');
    let carts = 0;
    const { warned } = await warnings(async () => {
      for (const file of bodies) {
        const fixture = await loadFixture(`server/${file.replace(/\.json$/, '')}`);
        let raw: { totals?: { total?: unknown } };
        try {
          raw = JSON.parse(fixture.body);
        } catch {
          continue;
        }
        if (!raw || typeof raw !== 'object' || !raw.totals || !('items' in raw)) continue;
        const cart: Cart = parseCart(raw, { amounts: 'auto' });
        const sent = parseCart({ ...raw, totals: { ...raw.totals } }, { amounts: 'auto' });
        expect(cart.totals.total, file).to.equal(sent.totals.total);
        const t = cart.totals;
        expect(Math.abs(t.total - (t.subtotal + t.fees + t.shipping + t.totalTax - t.discount)), `${file} adds up`).to.be.at.most(
          cart.items.length + cart.fees.length + cart.taxes.length,
        );
        carts++;
      }
    });
    expect(carts).to.be.greaterThan(20);
    expect(warned.filter((w) => w.includes('did not add up') || w.includes('do not add up'))).to.deep.equal([]);
  });
});

describe('CoCart 4.4 recordings: the other differences', function () {
  this.timeout(SLOW);
  useShops();

  it('reads a sold-individually 403 as the shop refusing the line, not the credentials: its sentence, no refresh', async () => {
    const { error } = await fails(`${F}/error-add-sold-individually-again`, (api) => api.addItem({ id: 15, quantity: 1 }));
    expect(error).to.deep.include({ kind: 'http', status: 403, code: 'cocart_product_sold_individually' });
    expect(error.refusedCredentials).to.equal(false);
    expect(describeError(error, defaultMessages)).to.equal("You cannot add another 'Gift Card' to your cart.");
    // A signed-in session given this failure neither refreshes its token nor signs out.
    const test = newShop({ shape: 'real', namespace: 'cocart' });
    const session = test.tab();
    await session.signIn({ username: 'ada', password: ada.password });
    expect(await session.recover(error)).to.equal(false);
    expect(test.requests('jwt/refresh-token')).to.have.length(0);
    expect(session.state.kind).to.equal('bearer');
  });

  it('reads a cart that ships nothing (`shipping: []`) as no packages, and needing no shipping', async () => {
    const { result: cart, fixture } = await succeeds(`${F}/cart-virtual-only`, (api) => api.getCart());
    expect(recorded(fixture).shipping).to.deep.equal([]);
    expect(cart.shipping.packages).to.deep.equal([]);
    expect(cart.needsShipping).to.equal(false);
    expect(cart.items.map((i) => [i.name, i.quantity])).to.deep.equal([['Gift Card', { value: 1, min: 1, max: 1 }]]);
  });

  it('reads an empty cart whose money fields are numbers 0 as zeros', async () => {
    const { result: cart, fixture } = await succeeds(`${F}/cart-empty`, (api) => api.getCart());
    const sent = recorded<{ totals: Record<string, unknown> }>(fixture).totals;
    expect([sent.subtotal, sent.fee_total, sent.shipping_total]).to.deep.equal([0, 0, 0]);
    expect(Object.values(cart.totals).every((v) => v === 0)).to.equal(true);
    expect(cart.items).to.deep.equal([]);
    expect(JSON.stringify(cart)).not.to.include('hash');
  });

  it('reads lines that carry `extensions`, and a cross-sell whose `sale_price` is "" as not on sale', async () => {
    const { result: cart, fixture } = await succeeds(`${F}/cart-usd-1383`, (api) => api.getCart());
    const raw = recorded<{ items: { extensions: unknown }[]; cross_sells: { sale_price: unknown }[] }>(fixture);
    expect(raw.items.map((i) => i.extensions)).to.deep.equal([[], []]);
    expect(raw.cross_sells[0]!.sale_price).to.equal('');
    expect(cart.items).to.have.length(2);
    expect(cart.crossSells).to.deep.equal([{ id: 12, name: 'Cap', title: 'Cap', price: 1600, regularPrice: 1600, salePrice: null, image: null }]);
  });

  it('reads a unit price the shop sent with tax (prices shown with tax) on the line subtotal\'s footing: price × quantity = line total', async () => {
    const { result: cart, fixture } = await succeeds(`${F}/cart-tax-display-incl`, (api) => api.getCart());
    expect(recorded<{ items: { price: string }[] }>(fixture).items[0]!.price).to.equal('1980');
    const [beanie] = cart.items;
    expect(beanie!.price).to.equal(1800);
    expect(beanie!.price * beanie!.quantity.value).to.equal(beanie!.totals.subtotal);
    expect(beanie!.totals).to.deep.equal({ subtotal: 3600, subtotalTax: 360, total: 3600, tax: 360 });
    expect(cart.totals.total).to.equal(4510);
  });

  it('keeps the unit price as sent where the shop shows prices without tax', async () => {
    const { result: cart } = await succeeds(`${F}/cart-eur-comma-small`, (api) => api.getCart());
    expect(cart.items.map((i) => [i.price, i.totals.subtotal])).to.deep.equal([[1800, 3600]]);
  });

  it('reads an add-item answer that carries an error notice about another line as the add done, with that notice', async () => {
    const { result: cart } = await succeeds(`${F}/add-item-notice-other-line`, (api) => api.addItem({ id: 11, quantity: 1 }));
    expect(cart.items.map((i) => [i.name, i.quantity.value])).to.deep.equal([
      ['Belt (2 in stock)', 2],
      ['Beanie', 1],
    ]);
    expect(cart.notices).to.deep.equal([
      {
        type: 'error',
        message: 'Sorry, we do not have enough "Belt (2 in stock)" in stock to fulfill your order (1 available). We apologize for any inconvenience caused.',
      },
      { type: 'success', message: '“Beanie” has been added to your cart.' },
    ]);
    expect(cart.totals.total).to.equal(14905);
  });
});
