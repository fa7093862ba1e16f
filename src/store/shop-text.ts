import { readNamedReferencesWith } from '../api/wire/text.js';

/**
 * The page's own HTML parser reads the shop's named character references (`Caf&eacute;`,
 * `&hearts;`: every one a browser knows) for the api layer, which never touches the DOM itself.
 * The store hands it in as it hands in storage: imported by `cart-store.ts`, so it is in place
 * before any answer is read, on every page with a store (with or without elements). Only a single
 * reference (`&name;`, letters and digits) is ever given to the parser, in a `<textarea>` that is
 * never attached to the page: nothing but that reference can be parsed, and what comes back is
 * read as text. Outside a browser (no `document`) the api's own few names stay.
 */
if (typeof document !== 'undefined') {
  const reader = document.createElement('textarea');
  readNamedReferencesWith((name) => {
    reader.innerHTML = `&${name};`;
    const text = reader.value;
    return text === `&${name};` ? undefined : text;
  });
}
