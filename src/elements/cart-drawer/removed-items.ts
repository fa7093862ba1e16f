import { css, html, nothing } from 'lit';
import type { RemovedItem } from '../../api/model.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';

/** Lines the shopper removed recently, each with "Undo" (`aria-disabled` while it is in flight). */
export function renderRemovedItems(items: readonly RemovedItem[], m: Messages, pending: readonly string[]) {
  if (!items.length) return nothing;
  return html`<ul class="removed" part="removed" aria-label=${m.recentlyRemoved}>
    ${items.map(
      (item) => html`<li class="removed-line" part="removed-line">
        <span part="removed-name">${m.removed(item.name)}</span>
        <button
          class="undo"
          part="undo"
          type="button"
          data-action="undo"
          data-key=${item.key}
          aria-label=${m.undoLabel(item.name)}
          aria-disabled=${pending.includes(item.key) ? 'true' : nothing}
        >
          ${m.undo}
        </button>
      </li>`,
    )}
  </ul>`;
}

/** Recently removed lines. */
export const removedStyles = css`
    .removed {
      display: flex;
      flex-direction: column;
      gap: calc(var(--_space) / 2);
      font-size: 0.875em;
    }
    .removed-line {
      display: flex;
      justify-content: space-between;
      gap: var(--_space);
    }
    .undo {
      padding: 0;
      color: var(--_accent);
      text-decoration: underline;
    }
`;
