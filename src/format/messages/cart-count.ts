import { sharedMessages } from './shared.js';

/** What `<cart-count>` says. */
export const cartCountMessages = {
  ...sharedMessages,
  itemsInCart: (count: number) => (count === 1 ? '1 item in your cart' : `${count} items in your cart`),
  cartTotalIs: (total: string) => `Cart total: ${total}`,
  cartSubtotalIs: (subtotal: string) => `Cart subtotal: ${subtotal}`,
};

export type CartCountMessages = typeof cartCountMessages;
