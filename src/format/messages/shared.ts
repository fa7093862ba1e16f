import type { ApiError } from '../../api/errors.js';

/**
 * The English every element may show: what a failed request says (`describeError`), and the few
 * words of the elements a page shows first (`<add-to-cart>`, the drawer's button and count). These
 * are in the script tag's entry; each element's other strings travel in its own chunk
 * (`./cart-drawer.ts`, `./login-form.ts`, …). `../messages.ts` has them all, for theme developers.
 * Functions receive the values they place (a product name, a count) so translations can order
 * words freely.
 */
export const sharedMessages = {
  tryAgain: 'Try again',
  loading: 'Loading…',

  // --- a failed request (`describeError`) ---
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
  insecureConnection: 'Signing in needs a secure (https) connection to the shop.',
  sessionEnded: 'Your session has ended. Please sign in again.',

  // --- <add-to-cart> (and the picker's button, the drawer's suggestions) ---
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: (name: string) => `${name} was added to your cart.`,
  addedToCart: 'Added to your cart.',

  // --- <cart-drawer>'s button ---
  cart: 'Cart',
  cartCount: (count: number) => (count === 1 ? '1 item' : `${count} items`),
};

export type SharedMessages = typeof sharedMessages;

/**
 * The sentence a shopper reads about a failed request: the shop's own sentence when its answer
 * had one meant for shoppers (the shop wrote it in its language), else ours. Empty for a cancelled
 * request. Developer detail (`error.message`) never reaches the page.
 */
export function describeError(error: ApiError, messages: SharedMessages): string {
  if (error.kind === 'aborted') return '';
  return error.shopMessage ?? ourError(error, messages);
}

/** Our own sentence for a failed request, by what the failure means. */
export function ourError(error: ApiError, m: SharedMessages): string {
  const { kind } = error;
  if (error.outcomeUnknown && error.cartReread) return m.outcomeUnknown;
  if (kind === 'network') return m.networkError;
  if (kind === 'timeout') return m.timeoutError;
  if (kind === 'insecure-transport') return m.insecureConnection;
  if (kind === 'invalid-response') return m.unreadable;
  if (kind === 'auth') return m.sessionEnded;
  if (error.missingRoute) return m.notOffered;
  if (error.lineGone) return m.lineGone;
  if (error.rateLimited) return m.busyError;
  // Answers and their absence are told apart above: what is left of `transient` is a shop in trouble (5xx).
  if (error.transient) return m.shopTrouble;
  if (error.forbidden) return m.notAllowed;
  if (error.notFound) return m.notFound;
  if (error.refused) return m.requestRefused;
  return m.genericError;
}

/**
 * Sentences one after another, as the language writes them: with a space, but none after a
 * full-width full stop (Japanese "…できませんでした。ショップが…" has no Latin space). Empty ones are left out.
 */
export function sentences(...parts: ReadonlyArray<string | undefined>): string {
  let text = '';
  for (const part of parts) {
    if (!part) continue;
    text += text && !/[。！？」』）]$/.test(text) ? ` ${part}` : part;
  }
  return text;
}
