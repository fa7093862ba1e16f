import { DEFAULT_USERS, PRODUCTS, showInbox } from '../src/mock/index.js';
import { formatMoney } from '../src/format/money.js';
import { startMockShop } from './start-mock.js';

const shop = await startMockShop();
await import('../src/elements/index.js');

const usd = { code: 'USD', symbol: '$', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',', prefix: '$', suffix: '' };
const list = document.querySelector('#products')!;

for (const product of PRODUCTS) {
  if (product.type === 'variation' || product.type === 'mix-and-match' || product.parentId) continue;
  const item = document.createElement('li');
  item.className = 'product';
  const image = Object.assign(document.createElement('img'), { src: product.image, alt: '', width: 96, height: 96 });
  const name = Object.assign(document.createElement('h3'), { textContent: product.name });
  const price = document.createElement('p');
  price.className = 'price';
  price.textContent = formatMoney(product.salePrice ?? product.regularPrice, usd);
  if (product.stock === 0) {
    const soldOut = Object.assign(document.createElement('p'), { className: 'sold-out', textContent: 'Out of stock' });
    item.append(image, name, price, soldOut);
    list.append(item);
    continue;
  }
  const button = document.createElement('add-to-cart');
  button.setAttribute('product-id', String(product.id));
  button.toggleAttribute('open-on-add', true);
  item.append(image, name, price);
  for (const attribute of product.attributes ?? []) {
    const label = Object.assign(document.createElement('label'), { textContent: `${attribute.label} ` });
    const select = document.createElement('select');
    select.name = `attribute_${attribute.taxonomy}`;
    for (const option of attribute.options) select.append(new Option(option.name, option.slug));
    label.append(select);
    item.append(label);
  }
  if (product.attributes) {
    const choose = () => {
      const chosen: Record<string, string> = {};
      for (const select of item.querySelectorAll('select')) chosen[select.name] = select.value;
      Object.assign(button, { variation: chosen });
    };
    item.addEventListener('change', choose);
    choose();
  }
  item.append(button);
  list.append(item);
}

const users = document.querySelector('#demo-users')!;
for (const user of DEFAULT_USERS) {
  const entry = document.createElement('li');
  const twoFactor = user.twoFactor ? ` — two-factor: ${user.twoFactor.enabled.join(', ')}` : '';
  entry.textContent = `${user.username} / ${user.password}${twoFactor}`;
  users.append(entry);
}

if (shop.auth) showInbox(shop.auth.inbox, document.querySelector('#inbox')!);

document.addEventListener('checkout', (event) => {
  event.preventDefault();
  alert('This is a demo: the checkout would open here.');
});
