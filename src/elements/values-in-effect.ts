const FIELDS = 'input[data-value]';

/**
 * Each field in `root` that names the value in effect in `data-value` shows it, also when that
 * value did not change (an entry the element refused, clamped or left): a number field its count, a
 * radio button whether it is the chosen one. What lit's `live` directive does, without the chunk it
 * cost. Returns what the element runs after each of its renders (the open drawer, the picker).
 *
 * The first run visits every field; the later ones only those that may differ from their
 * `data-value`: the fields that came or whose `data-value` changed since (the bindings lit set,
 * taken from a `MutationObserver` at once), and those the shopper edited (`input`, `change`; one
 * edited while it has no `data-value` is visited when its `data-value` comes back), and with a
 * radio button every radio button (choosing one unchecks another). A quantity change in a 1000-line
 * drawer visited all 1000 fields twice (issue 32's bench: 4–6 ms of its 58).
 */
export function followValuesInEffect(root: ParentNode & Node): () => void {
  /** The fields the shopper edited since the last run; none before the first, which visits all. */
  let edited: Set<Element> | undefined;
  const edit = ({ target }: Event) => edited?.add(target as Element);
  root.addEventListener('input', edit, true);
  root.addEventListener('change', edit, true);
  const bound = new MutationObserver(() => {});
  bound.observe(root, { subtree: true, childList: true, attributeFilter: ['data-value'] });
  return () => {
    const fields = new Set(edited ?? root.querySelectorAll(FIELDS));
    edited = new Set();
    for (const record of bound.takeRecords()) {
      if (record.type == 'attributes') fields.add(record.target as Element);
      for (const node of record.addedNodes) {
        if (node instanceof Element) for (const field of [node, ...node.querySelectorAll(FIELDS)]) fields.add(field);
      }
    }
    // Not a search of the whole drawer at every render: only when a radio button is among them.
    if ([...fields].some((field) => (field as HTMLInputElement).type == 'radio')) {
      for (const radio of root.querySelectorAll('input[type=radio]')) fields.add(radio);
    }
    for (const field of fields as Set<HTMLInputElement>) {
      if (!field.matches(FIELDS)) continue;
      const value = field.dataset.value!;
      if (field.type == 'radio') field.checked = field.value == value;
      else if (field.value != value) field.value = value;
    }
  };
}
