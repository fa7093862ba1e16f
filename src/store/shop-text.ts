import { readNamedReferencesWith } from '../api/wire/text.js';

/**
 * The page's own HTML parser reads the shop's named character references (`Caf&eacute;`,
 * `&hearts;`: every one a browser knows) for the api layer, which never touches the DOM itself.
 * The store hands it in as it hands in storage: `cart-store.ts` calls this when it runs, before
 * any answer is read, on every page with a store (with or without elements). A call, not an import for its
 * effect: bundlers drop a module imported only for its effect unless package.json lists it, which
 * is how `dist/cart-widget.js` once showed "Caf&eacute;" (scripts/check-side-effects.mjs guards the
 * class). Only a single reference (`&name;`, letters and digits) is ever given to the parser, in a
 * `<textarea>` that is never attached to the page: nothing but that reference can be parsed, and
 * what comes back is read as text. Outside a browser (no `document`) the api's own few names stay.
 */
export function readShopTextWithThePage(): void {
  if (typeof document === 'undefined') return;
  const reader = document.createElement('textarea');
  readNamedReferencesWith((name) => {
    reader.innerHTML = `&${name};`;
    const text = reader.value;
    return text === `&${name};` ? undefined : text;
  });
}
