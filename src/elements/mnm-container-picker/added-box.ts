import type { Cart, CartItem, Product } from '../../api/model.js';
import { analyticsItem, type AnalyticsDetail, type AnalyticsItem } from '../../events/analytics.js';
import type { Selection } from './box-selection.js';

/**
 * The `cart-item-added` detail for a box just added: the container line and its children as the
 * returned cart has them, each with the quantity this add put in. When the cart does not show the
 * box (a service that answers with something else), the chosen products stand in for the lines.
 */
export function addedBoxDetail(cart: Cart, product: Product, selection: Selection, boxes: number): AnalyticsDetail & { cart: Cart } {
  const currency = cart.currency;
  const box = findBox(cart, product.id, selection);
  const perProduct = product.mnm?.perProductPricing ?? false;
  const items: AnalyticsItem[] = box
    ? [box.container, ...box.children].map((line) => analyticsItem(line, addedQuantity(line, product.id, selection, boxes), currency))
    : [
        analyticsItem({ id: product.id, name: product.name, price: product.prices.price }, boxes, currency),
        ...(product.mnm?.products ?? [])
          .filter((child) => selection.has(child.id))
          .map((child) =>
            analyticsItem(
              { id: child.id, name: child.name, price: perProduct ? child.prices.price : 0 },
              (selection.get(child.id) ?? 0) * boxes,
              currency,
            ),
          ),
      ];
  const scale = 10 ** currency.minorUnit;
  const value = Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * scale) / scale;
  return { currency: currency.code, value, items, cart };
}

function addedQuantity(line: CartItem, containerId: number, selection: Selection, boxes: number): number {
  return line.id === containerId && !line.mnm?.container ? boxes : (selection.get(line.id) ?? 0) * boxes;
}

/** The container line holding exactly this selection (children in the same proportion), if any. */
function findBox(cart: Cart, containerId: number, selection: Selection): { container: CartItem; children: CartItem[] } | undefined {
  for (const container of cart.items) {
    if (container.id !== containerId || !container.mnm || container.mnm.container) continue;
    const children = cart.items.filter((item) => item.mnm?.container === container.key);
    const boxes = container.quantity.value;
    const same =
      children.length === selection.size &&
      children.every((child) => (selection.get(child.id) ?? 0) * boxes === child.quantity.value);
    if (same) return { container, children };
  }
  return undefined;
}
