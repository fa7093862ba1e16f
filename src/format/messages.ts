import type { ApiError } from '../api/errors.js';

/**
 * Every string a shopper sees. Each element takes a `messages` property with any subset of these;
 * what it leaves out falls back to the English defaults below. Functions receive the values they
 * place (a product name, a count) so translations can order words freely.
 */
export const defaultMessages = {
  // --- shared ---
  tryAgain: 'Try again',
  loading: 'Loading…',
  genericError: 'Something went wrong. Please try again.',
  networkError: 'Could not reach the shop. Check your connection and try again.',
  timeoutError: 'The shop took too long to answer. Please try again.',
  busyError: 'The shop is busy. Please wait a moment and try again.',
  shopTrouble: 'The shop is having trouble right now. Please try again in a moment.',
  notAllowed: 'The shop did not allow that request.',
  notFound: 'The shop could not find what we asked for.',
  requestRefused: 'The shop could not complete that request. Please check it and try again.',
  notOffered: 'This shop does not offer that here.',
  lineGone: 'That item is no longer in your cart.',
  unreadable: 'The shop sent an answer we could not read. Please try again.',
  outcomeUnknown: 'The connection dropped before the shop answered. Here is your cart as the shop has it now.',

  // --- <add-to-cart> ---
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: (name: string) => `${name} was added to your cart.`,
  addedToCart: 'Added to your cart.',

  // --- <cart-drawer> ---
  cart: 'Cart',
  cartCount: (count: number) => (count === 1 ? '1 item' : `${count} items`),
  close: 'Close',
  emptyCart: 'Your cart is empty.',
  loadError: 'We could not load your cart.',
  quantityFor: (name: string) => `Quantity for ${name}`,
  decrease: (name: string) => `Decrease quantity of ${name}`,
  increase: (name: string) => `Increase quantity of ${name}`,
  remove: (name: string) => `Remove ${name}`,
  removeShort: 'Remove',
  removed: (name: string) => `${name} was removed.`,
  undo: 'Undo',
  undoLabel: (name: string) => `Undo removal of ${name}`,
  recentlyRemoved: 'Recently removed',
  restored: (name: string) => `${name} is back in your cart.`,
  cartItems: 'Items in your cart',
  inBox: (quantity: number) => `× ${quantity}`,
  unitPrice: 'Price',
  lineTotal: 'Total',
  boxContents: 'In this box',
  couponCode: 'Coupon code',
  applyCoupon: 'Apply',
  removeCoupon: (code: string) => `Remove coupon ${code}`,
  appliedCoupons: 'Applied coupons',
  couponRemoved: (code: string) => `Coupon ${code} removed.`,
  couponApplied: (code: string) => `Coupon ${code} applied.`,
  couponEmpty: 'Enter a coupon code.',
  shipping: 'Shipping',
  shippingTo: (destination: string) => `Shipping to ${destination}`,
  shippingUpdated: (rate: string) => `Shipping method: ${rate}.`,
  calculatedAtCheckout: 'Calculated at checkout',
  rateSelected: '(selected)',
  shippingChosenAtCheckout: 'You can change the shipping method at checkout.',
  signedInCheckoutNote: 'At checkout, sign in to the shop with the same account: your cart is kept there.',
  notMerged: (names: string) => `We could not move ${names} from your guest cart into your account's cart.`,
  free: 'Free',
  subtotal: 'Subtotal',
  discount: 'Discount',
  fees: 'Fees',
  tax: 'Tax',
  total: 'Total',
  crossSells: 'You may also like',
  addNamed: (name: string) => `Add ${name} to cart`,
  addShort: 'Add',
  regularPrice: 'Regular price',
  salePrice: 'Sale price',
  checkout: 'Checkout',
  quantityUpdated: (name: string, quantity: number) => `${name}: quantity ${quantity}.`,
  quantityRolledBack: (name: string) => `We could not change the quantity of ${name}.`,
  quantityLimit: (max: number) => `Only ${max} available.`,
  removeFailed: (name: string) => `We could not remove ${name}.`,
  restoreFailed: (name: string) => `We could not put ${name} back in your cart.`,
  addFailed: (name: string) => `We could not add ${name} to your cart.`,
  shippingFailed: 'We could not change the shipping method.',
  couponFailed: (code: string) => `We could not apply coupon ${code}.`,
  couponRemoveFailed: (code: string) => `We could not remove coupon ${code}.`,
  calculateShipping: 'Calculate shipping',
  changeAddress: 'Change address',
  shippingAddress: 'Shipping address',
  country: 'Country',
  stateRegion: 'State / Region',
  postcode: 'Postcode',
  updateEstimate: 'Update',
  cancel: 'Cancel',
  chooseState: 'Choose a state or region.',
  postcodeNotValid: (country: string) => `That postcode is not valid for ${country}. Check it and try again.`,
  countryNotShipped: (country: string) => `The shop does not ship to ${country}.`,
  stateNotValid: 'The shop does not recognise that state or region.',
  estimateFailed: 'We could not calculate shipping.',
  estimateNeedsItems: 'Your cart is empty: add something to see shipping costs.',
  estimateNotOffered: 'This shop calculates shipping at checkout.',
  ratesForShopRegion: "Rates are for the shop's region; the final cost is set at checkout.",

  // --- <login-form> ---
  identifier: 'Username, email or phone',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signedInAs: (name: string) => `Signed in as ${name}`,
  signOut: 'Sign out',
  identifierRequired: 'Enter your username, email or phone.',
  passwordRequired: 'Enter your password.',
  twoFactorTitle: 'Two-step verification',
  verificationMethod: 'Verification method',
  verificationCode: 'Verification code',
  codeRequired: 'Enter the verification code.',
  emailSent: 'We sent a verification code to your email address.',
  verify: 'Verify',
  sendNewCode: 'Send a new code',
  back: 'Back',
  invalidCode: 'That code is not valid. Check it and try again.',
  invalidProvider: (provider: string) => `The verification method “${provider}” is not available.`,
  providerName: (provider: string) =>
    ({ email: 'Email', totp: 'Authenticator app', backup: 'Backup code' })[provider] ?? provider,
  verifying: 'Verifying…',
  codeSent: 'We sent a new code to your email address.',
  signInFailed: 'The username, email, phone or password is not correct.',
  insecureConnection: 'Signing in needs a secure (https) connection to the shop.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signedOutElsewhere: 'You were signed out in another window.',

  // --- <mnm-container-picker> ---
  quantityOf: (name: string) => `Quantity of ${name}`,
  containerQuantity: 'Number of boxes',
  fewer: (name: string) => `One fewer ${name}`,
  more: (name: string) => `One more ${name}`,
  selected: (count: number, min: number, max: number | null) =>
    max === null
      ? min > 0 ? `${count} of ${min}+ selected` : `${count} selected`
      : `${count} of ${min === max ? max : `${min}–${max}`} selected`,
  chooseMore: (n: number) => `Choose ${n} more`,
  removeSome: (n: number) => `Too many: remove ${n}`,
  selectionComplete: 'Your box is ready.',
  outOfStock: 'Out of stock',
  boxPrice: 'Box price',
  boxAdded: 'Your box was added to the cart.',
  boxError: 'We could not add your box. Check your selection and try again.',
  boxLoadError: 'We could not load this box.',

  // --- <cart-count> ---
  itemsInCart: (count: number) => (count === 1 ? '1 item in your cart' : `${count} items in your cart`),
  cartTotalIs: (total: string) => `Cart total: ${total}`,
  cartSubtotalIs: (subtotal: string) => `Cart subtotal: ${subtotal}`,
};

export type Messages = typeof defaultMessages;

/**
 * A language's strings (`src/format/locales/<lang>.ts`, each its own chunk). A string it leaves out
 * is shown in English; `test/format/language-packs.test.ts` names any that are missing.
 */
export type LanguagePack = Partial<Messages>;

/** `base` (the English defaults unless given) with an element's overrides applied. */
export function withMessages(overrides: Partial<Messages> | undefined, base: Messages = defaultMessages): Messages {
  return overrides ? { ...base, ...overrides } : base;
}

/**
 * The sentence a shopper reads about a failed request: the shop's own sentence when its answer
 * had one meant for shoppers (the shop wrote it in its language), else ours. Empty for a cancelled
 * request. Developer detail (`error.message`) never reaches the page.
 */
export function describeError(error: ApiError, messages: Messages): string {
  if (error.kind === 'aborted') return '';
  return error.shopMessage ?? ourError(error, messages);
}

/** Our own sentence for a failed request, by what the failure means. */
export function ourError(error: ApiError, m: Messages): string {
  const { kind, status = 0 } = error;
  if (error.outcomeUnknown && error.cartReread) return m.outcomeUnknown;
  if (kind === 'network') return m.networkError;
  if (kind === 'timeout') return m.timeoutError;
  if (kind === 'insecure-transport') return m.insecureConnection;
  if (kind === 'invalid-response') return m.unreadable;
  if (kind === 'auth') return m.sessionEnded;
  if (error.missingRoute) return m.notOffered;
  if (error.lineGone) return m.lineGone;
  if (status === 429) return m.busyError;
  if (status >= 500) return m.shopTrouble;
  if (status === 403) return m.notAllowed;
  if (status === 404) return m.notFound;
  if (status >= 400) return m.requestRefused;
  return m.genericError;
}
