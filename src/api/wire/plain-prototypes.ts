/**
 * The page is the merchant's (architecture §3): old plugins still add enumerable methods to
 * `Object.prototype` and `Array.prototype`, and zod 4 (4.6.7) installs a schema kind's members with a
 * `for…in` over an object literal and no own-property check, the first time a schema of that kind is
 * built — so one such method threw "Cannot read properties of undefined (reading 'get')" and left
 * the page without a cart (issue 31). While zod builds or reads, the page's additions are made
 * non-enumerable, then put back exactly as they were: nothing else runs in between, and a page that
 * added nothing (the usual case) costs one `Object.keys` per prototype.
 */

/** Makes the page's enumerable additions to the two prototypes non-enumerable; returns their undo. */
function hidePageAdditions(): (() => void) | undefined {
  const hidden: [object, string][] = [];
  for (const prototype of [Object.prototype, Array.prototype]) {
    for (const key of Object.keys(prototype)) {
      // One the page made unconfigurable cannot be hidden (nor could any script change it back).
      if (!Object.getOwnPropertyDescriptor(prototype, key)?.configurable) continue;
      Object.defineProperty(prototype, key, { enumerable: false });
      hidden.push([prototype, key]);
    }
  }
  return hidden.length ? () => hidden.forEach(([prototype, key]) => Object.defineProperty(prototype, key, { enumerable: true })) : undefined;
}

/** Runs `work` (building or reading with zod) with the prototypes as the language made them. */
export function withPlainPrototypes<T>(work: () => T): T {
  const restore = hidePageAdditions();
  try {
    return work();
  } finally {
    restore?.();
  }
}

/**
 * For the schemas built as the script loads, module after module: hidden from now until the
 * modules being evaluated together have run (a microtask runs only after all of them), then put back
 * before any other script of the page runs.
 */
export function plainPrototypesWhileLoading(): void {
  const restore = hidePageAdditions();
  if (restore) queueMicrotask(restore);
}
