import type { Messages } from '../src/format/messages.js';
import { startMockShop } from './start-mock.js';

await startMockShop();
await import('../src/elements/index.js');

// The page is `lang="ar"`: every element speaks Arabic from its language pack, with nothing set
// here. Any string can still be replaced, from JavaScript as below or with a `data-messages` script.
for (const element of document.querySelectorAll<HTMLElement & { messages?: Partial<Messages> }>('cart-drawer')) {
  element.messages = { checkout: 'إتمام الطلب الآن' };
}

document.addEventListener('checkout', (event) => {
  event.preventDefault();
  alert('This is a demo: the checkout would open here.');
});
