import type { CartDrawer } from '../src/elements/cart-drawer/cart-drawer.js';
import type { Messages } from '../src/format/messages.js';
import { startMockShop } from './start-mock.js';

await startMockShop();
await import('../src/index.js');

// Every visible string can be replaced; what is left out keeps its English default.
const arabic: Partial<Messages> = {
  cart: 'السلة',
  close: 'إغلاق',
  emptyCart: 'سلتك فارغة.',
  quantityFor: (name) => `الكمية من ${name}`,
  decrease: (name) => `إنقاص كمية ${name}`,
  increase: (name) => `زيادة كمية ${name}`,
  unitPrice: 'السعر',
  lineTotal: 'الإجمالي',
  // The button shows the short word; the name read out adds the product (and starts with that word).
  removeShort: 'إزالة',
  remove: (name) => `إزالة ${name}`,
  recentlyRemoved: 'أُزيل مؤخرًا',
  undo: 'تراجع',
  undoLabel: (name) => `تراجع عن إزالة ${name}`,
  couponCode: 'رمز القسيمة',
  applyCoupon: 'تطبيق',
  shipping: 'الشحن',
  shippingTo: (destination) => `الشحن إلى ${destination}`,
  subtotal: 'المجموع الفرعي',
  discount: 'الخصم',
  tax: 'الضريبة',
  total: 'الإجمالي',
  checkout: 'إتمام الشراء',
  addToCart: 'أضف إلى السلة',
  crossSells: 'قد يعجبك أيضًا',
  addShort: 'أضف',
  addNamed: (name) => `أضف ${name} إلى السلة`,
};
for (const element of document.querySelectorAll<CartDrawer | HTMLElement>('cart-drawer, add-to-cart')) {
  Object.assign(element, { messages: arabic });
}

document.addEventListener('checkout', (event) => {
  event.preventDefault();
  alert('This is a demo: the checkout would open here.');
});
