import { expect, fixture, html } from '../helpers/testing.js';
import { LitElement } from 'lit';
import { http, HttpResponse } from 'msw';
import { getCartStore, type CartStore } from '../../src/store/cart-store.js';
import { StoreController } from '../../src/store/store-controller.js';
import type { CartState } from '../../src/store/state.js';
import { newShop, wireCart, worker, type TestShop } from './fixtures.js';

/** A host that renders one slice of the store and counts its renders. */
class SliceHost extends LitElement {
  store?: CartStore;
  select: (state: CartState) => unknown = (state) => state.cart?.itemCount ?? 0;
  renders = 0;
  readonly slice = new StoreController(
    this,
    () => this.store,
    (state) => this.select(state),
  );

  override render() {
    this.renders++;
    return html`<p>${String(this.slice.value)}</p>`;
  }
}
customElements.define('store-controller-host', SliceHost);

/** A shop whose cart holds `count()` items at each request. */
function countingShop(count: () => number): TestShop {
  const shop = newShop();
  worker.use(http.get(shop.url('v2/cart'), () => HttpResponse.json(wireCart({ key: 't_a', lines: [{ key: 'a', quantity: count() }] }))));
  return shop;
}

async function host(store: CartStore, select?: SliceHost['select']): Promise<SliceHost> {
  const element = document.createElement('store-controller-host') as SliceHost;
  element.store = store;
  if (select) element.select = select;
  return fixture<SliceHost>(html`<div>${element}</div>`).then(() => element);
}

const text = (element: SliceHost) => element.shadowRoot?.textContent?.trim();
const settle = (element: SliceHost) => element.updateComplete;

describe('StoreController', () => {
  it('renders the slice and again when it changes', async () => {
    let count = 2;
    const store = getCartStore(countingShop(() => count).config);
    const element = await host(store);
    expect(text(element)).to.equal('0');

    await store.load();
    await settle(element);
    expect(text(element)).to.equal('2');

    count = 3;
    await store.load();
    await settle(element);
    expect(text(element)).to.equal('3');
  });

  it('leaves the host alone when other parts of the state change', async () => {
    const store = getCartStore(countingShop(() => 2).config);
    const element = await host(store);
    await store.load();
    await settle(element);
    const renders = element.renders;

    // Status goes loading → idle and a new (equal) cart arrives: the item count stays 2.
    await store.load();
    await settle(element);

    expect(element.renders).to.equal(renders);
  });

  it('leaves the host alone while a slice stays undefined', async () => {
    const store = getCartStore(countingShop(() => 1).config);
    const element = await host(store, (state) => state.error);
    const renders = element.renders;
    await store.load();
    await store.load();
    await settle(element);
    expect(element.renders).to.equal(renders);
  });

  it('stops listening while disconnected and catches up when connected again', async () => {
    let count = 1;
    const store = getCartStore(countingShop(() => count).config);
    const element = await host(store);
    const parent = element.parentElement!;
    element.remove();
    const renders = element.renders;

    count = 4;
    await store.load();
    expect(element.renders).to.equal(renders);

    parent.append(element);
    await settle(element);
    expect(text(element)).to.equal('4');
  });

  it('follows the host to another store', async () => {
    const first = getCartStore(countingShop(() => 1).config);
    const second = getCartStore(countingShop(() => 5).config);
    await Promise.all([first.load(), second.load()]);
    const element = await host(first);
    expect(text(element)).to.equal('1');

    element.store = second;
    element.requestUpdate();
    await settle(element);

    expect(text(element)).to.equal('5');
  });
});
