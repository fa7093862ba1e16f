// The npm package's entry: every element defined, plus the store API, types and events.
// Theme developers who want one element import `cart-widget/elements/<tag>` instead.
import './elements/cart-provider/define.js';
import './elements/cart-drawer/define.js';
import './elements/add-to-cart/define.js';
import './elements/login-form/define.js';
import './elements/mnm-container-picker/define.js';
import './elements/cart-count/define.js';

export { CartProvider } from './elements/cart-provider/cart-provider.js';
export { CartDrawer } from './elements/cart-drawer/cart-drawer.js';
export { AddToCart } from './elements/add-to-cart/add-to-cart.js';
export { LoginForm } from './elements/login-form/login-form.js';
export { MnmContainerPicker } from './elements/mnm-container-picker/mnm-container-picker.js';
export { CartCount, type CartCountShow } from './elements/cart-count/cart-count.js';
export { CartElement } from './elements/cart-element.js';

export { getCartStore, CartStore } from './store/cart-store.js';
export { StoreController } from './store/store-controller.js';
export { storeContext } from './store/context.js';
export type * from './store/types.js';

export { ApiCore, CartApi, isSecureBase } from './api/client.js';
export type { ApiConfig, CallContext, Credentials } from './api/client.js';
export { listSessions, type KeyPair } from './api/admin-sessions.js';
export { ApiError, isApiError } from './api/errors.js';
export type { ApiErrorKind } from './api/errors.js';
export type * from './api/model.js';
// The service's answers as zod/mini schemas: `*Wire` is an answer as sent (both the interface
// document's and real CoCart servers' shapes, each field normalised), `*Schema` reads it into the
// types above. Parse with them to check a fixture or a proxy's answer the way the widget reads it.
export { cartSchema, CartWire } from './api/wire/cart.js';
export { productSchema, ProductWire } from './api/wire/product.js';
export { currencySchema } from './api/wire/money.js';
export { customerAddressesSchema } from './api/wire/customer.js';
export { loginSchema, LoginWire, tokenPairSchema, twoFactorSchema, errorBodySchema, ErrorBodyWire, type ErrorBody } from './api/wire/auth.js';
export { sessionsSchema, routeIndexSchema } from './api/wire/sessions.js';

export { formatMoney } from './format/money.js';
export { defaultMessages, describeError, type Messages } from './format/messages.js';
export * from './events/cart-events.js';
export * from './events/auth-events.js';
export type { AnalyticsDetail, AnalyticsItem } from './events/analytics.js';
