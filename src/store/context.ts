import { createContext } from '@lit/context';
import type { CartStore } from './cart-store.js';

/** What `<cart-provider>` gives its descendants: the shared store (stable identity). */
export const storeContext = createContext<CartStore | undefined>(Symbol.for('cart-widget/store'));
