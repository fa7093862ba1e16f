// A theme that keeps its own UI and uses only the store.
import { getCartStore } from 'cart-widget/store';

const store = getCartStore({ baseUrl: 'https://shop.example/wp-json', namespace: 'cocart' });
console.log(store);
