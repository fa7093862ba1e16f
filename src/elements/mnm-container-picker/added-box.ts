import type { Cart, CartItem, Product } from '../../api/model.js';
import { analyticsItem, type AnalyticsDetail } from '../../events/analytics.js';
import type { Selection } from './box-selection.js';

/**
 * The `cart-item-added` detail for a box just added: the container line and its children as the
 * returned cart has them, each with the quantity this add put in. When the cart does not show the
 * box (a service that answers with something else), the chosen products stand in for the lines.
 */
export function addedBoxDetail(cart: Cart, product: Product, selection: Selection, boxes: number): AnalyticsDetail & { cart: Cart } {
  const { currency, items } = cart;
  const contents = (container: CartItem) => items.filter((item) => item.mnm?.container === container.key);
  // The container line holding exactly this selection (children in the same proportion), if any.
  const box = items.find((line) => {
    if (line.id !== product.id || !line.mnm || line.mnm.container) return false;
    const children = contents(line);
    return (
      children.length === selection.size &&
      children.every((child) => (selection.get(child.id) ?? 0) * line.quantity.value === child.quantity.value)
    );
  });
  const lines: Array<Pick<CartItem, 'id' | 'name' | 'price'>> = box
    ? [box, ...contents(box)]
    : [
        { id: product.id, name: product.name, price: product.prices.price },
        ...(product.mnm?.products ?? [])
          .filter((child) => selection.has(child.id))
          .map(({ id, name, prices }) => ({ id, name, price: product.mnm!.perProductPricing ? prices.price : 0 })),
      ];
  // The container comes once per box; each product, its quantity in every box.
  const added = lines.map((line, index) => analyticsItem(line, index ? (selection.get(line.id) ?? 0) * boxes : boxes, currency));
  const scale = 10 ** currency.minorUnit;
  const value = Math.round(added.reduce((sum, item) => sum + item.price * item.quantity, 0) * scale) / scale;
  return { currency: currency.code, value, items: added, cart };
}
