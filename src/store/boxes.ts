import type { CartItem } from '../api/model.js';

/**
 * The one rule of mix-and-match boxes: a box's children belong to their container. A child line is
 * counted, shown, scaled, removed, restored and carried with its container, never on its own —
 * `<cart-count>` and the trigger count a box once, the drawer shows the children inside their box,
 * a quantity change in flight scales them with it, and removing or restoring the box names them
 * too, and sign-in carries a box as one line (`carry-over.ts`, `linesToCarry`).
 *
 * The key of the container `line` belongs to, or `undefined` for a line of its own. With `keys`
 * (the cart's line keys), only a container the cart holds counts: a child whose box is not in the
 * cart stands on its own.
 */
export function boxOf(line: CartItem, keys?: ReadonlySet<string>): string | undefined {
  const container = line.mnm?.container;
  return container && (!keys || keys.has(container)) ? container : undefined;
}
