/// <reference path="./elements/index.ts" preserve="true" />
// (↑ the tag → class map for `document.querySelector('cart-drawer')` and friends, in index.d.ts only.)
// The npm package's entry: the element classes, the store API, types, events and helpers. It
// defines nothing: importing a helper (`import { formatMoney } from 'cart-widget'`) registers no
// tag, so bundlers drop the elements a page does not use. To define elements, import their entry
// points: `cart-widget/elements/<tag>` (one element, with <cart-provider>) or `cart-widget/elements`
// (every element).

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
export type * from './store/state.js';
export type { AuthKind, ResolvedStoreConfig, StoreConfig } from './store/config.js';
/** What `addItem` takes: the add-item route's fields. */
export type { AddItemInput } from './api/cart-api.js';
/** What `signIn` takes: the login route's fields. */
export type { SignInInput } from './store/session.js';

// `ApiCore` is `ShopConnection`'s first name, kept for code written against it.
export { ShopConnection, ApiCore, CartApi, isSecureBase } from './api/cart-api.js';
export type { ApiConfig, CallContext, Credentials } from './api/cart-api.js';
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
export { tokenPairSchema, twoFactorSchema, errorBodySchema, ErrorBodyWire, type ErrorBody } from './api/wire/auth.js';
export { loginSchema, LoginWire } from './api/wire/login.js';
export { sessionsSchema, routeIndexSchema } from './api/wire/sessions.js';

export { formatMoney } from './format/money.js';
export { defaultMessages, describeError, type Messages } from './format/messages.js';
export * from './events/cart-events.js';
export * from './events/auth-events.js';
export type { AnalyticsDetail, AnalyticsItem } from './events/analytics.js';
