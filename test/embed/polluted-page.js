// The fake shop first (as demo/embed-start.js), then what old plugins still do — an enumerable
// method on Object.prototype and Array.prototype — and only then the built script tag.
import { startMockShop } from '/dist/demo-mock.js';

await startMockShop();
Object.prototype.pluginHelper = function pluginHelper() {};
Array.prototype.pluginHelper = function pluginHelper() {};
await import('/dist/cart-widget.js');
