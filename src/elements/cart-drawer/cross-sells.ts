import { css, html, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { CrossSell, Currency } from '../../api/model.js';
import { formatMoney } from '../../format/money.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';
import { productImage } from './product-image.js';

/** Products the shop suggests, each with its price and "Add NAME to cart". */
export function renderCrossSells(products: readonly CrossSell[], m: Messages, currency: Currency, adding: ReadonlySet<string>) {
  if (!products.length) return nothing;
  const money = (minor: number) => formatMoney(minor, currency);
  return html`<section class="cross-sells" part="cross-sells" aria-labelledby="cross-sells-title">
    <h3 class="section-title" part="section-title" id="cross-sells-title">${m.crossSells}</h3>
    <ul class="cross-sell-list" part="cross-sell-list">
      ${products.map(
        // Keyed: a place in the list that now holds another suggestion is made anew, so a suggestion
        // that went into the cart takes its own button along, never another's (a list of a few).
        (product) => keyed(product.id, html`<li class="cross-sell" part="cross-sell">
          ${productImage(product.image, 'cross-sell-image')}
          <span class="cross-sell-name" part="cross-sell-name">${product.name}</span>
          ${product.salePrice === null
            ? html`<span part="cross-sell-price">${money(product.price)}</span>`
            : html`<span part="cross-sell-price">
                <del class="regular-price" part="regular-price"><span class="visually-hidden">${m.regularPrice} </span>${money(product.regularPrice)}</del>
                <ins class="sale-price" part="sale-price"><span class="visually-hidden">${m.salePrice} </span>${money(product.salePrice)}</ins>
              </span>`}
          <button
            part="cross-sell-add button"
            type="button"
            data-action="add"
            data-id=${product.id}
            aria-label=${m.addNamed(product.name)}
            aria-disabled=${adding.has(String(product.id)) ? 'true' : nothing}
          >
            ${m.addShort}
          </button>
        </li>`),
      )}
    </ul>
  </section>`;
}

/** Suggestions, with their heading. */
export const crossSellStyles = css`
    .cross-sells {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
    }
    .cross-sell-name {
      font-weight: 600;
      overflow-wrap: anywhere;
      unicode-bidi: plaintext;
      /* Lined up with the drawer's own direction, whatever the name's. */
      text-align: match-parent;
      text-align: -webkit-match-parent;
    }
    .section-title {
      font-size: 1em;
    }
    .cross-sell-list {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(8em, 1fr));
      gap: var(--_space);
    }
    .cross-sell {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: calc(var(--_space) / 2);
    }
    .regular-price {
      color: var(--_muted);
    }
    .sale-price {
      text-decoration: none;
      font-weight: 600;
    }

`;
