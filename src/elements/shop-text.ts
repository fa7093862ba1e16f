import { readNamedReferencesWith } from '../api/wire/text.js';

/**
 * The page's own HTML parser reads the shop's named character references (`Caf&eacute;`,
 * `&hearts;`), every one a browser knows, for the api layer (which never touches the DOM itself).
 * Only a single reference (`&name;`, letters and digits) is ever given to the parser, in a
 * `<textarea>` that is never attached to the page: nothing but that reference can be parsed, and
 * what comes back is read as text.
 */
let reader: HTMLTextAreaElement | undefined;
const read = new Map<string, string | undefined>();

readNamedReferencesWith((name) => {
  if (!read.has(name)) {
    reader ??= document.createElement('textarea');
    reader.innerHTML = `&${name};`;
    const text = reader.value;
    read.set(name, text === `&${name};` ? undefined : text);
  }
  return read.get(name);
});
