import type { AddItemInput } from '../api/cart-api.js';
import { CartItemAddingEvent, type CartItemAddingDetail } from '../events/cart-events.js';

/**
 * Tells the host page an add is coming (`cart-item-adding`, from `host`) and returns what to send:
 * the detail as the page's listeners left it, or `null` when one cancelled the add. A quantity
 * changed to something that is not a positive number keeps the element's own; a variation given
 * as an id is sent as the item's id (how CoCart adds a variation), as attributes with `productId`.
 */
export function askToAdd(host: EventTarget, detail: CartItemAddingDetail): AddItemInput | null {
  const event = new CartItemAddingEvent({ ...detail });
  if (!host.dispatchEvent(event)) return null;
  const { productId, variation, itemData } = event.detail;
  const quantity = wholeCount(event.detail.quantity) ?? wholeCount(detail.quantity) ?? 1;
  const input: AddItemInput = { id: productId, quantity };
  if (variation && typeof variation === 'object') input.variation = variation;
  else if (variation !== undefined && variation !== null && String(variation).trim()) input.id = String(variation).trim();
  if (itemData && typeof itemData === 'object') input.itemData = itemData;
  return input;
}

/** A positive whole number of items, or `undefined`. */
function wholeCount(value: unknown): number | undefined {
  const count = Math.floor(Number(value));
  return Number.isFinite(count) && count > 0 ? count : undefined;
}
