// The same page by hand: fetch the cart, count its lines' quantities, show the count.
import { whenShown } from './load-stub.js';

interface WireItem {
  quantity: { value: number };
}

const response = await fetch('https://bench.test/load/wp-json/svc/v2/cart?thumb=true', { headers: { Accept: 'application/json' } });
const cart = (await response.json()) as { items: Record<string, WireItem> | WireItem[] };
const count = Object.values(cart.items).reduce((sum, item) => sum + Number(item.quantity.value), 0);
const badge = document.querySelector<HTMLElement>('#count')!;
badge.textContent = String(count);
badge.hidden = false;
document.querySelector('#cart-count')!.textContent = count === 1 ? '1 item' : `${count} items`;

whenShown(() => badge.textContent === '6' && !badge.hidden);
