/**
 * Each field in `root` that names the value in effect in `data-value` shows it, also when that
 * value did not change (an entry the element refused, clamped or left): a number field its count, a
 * radio button whether it is the chosen one. What lit's `live` directive does, without the chunk it
 * cost every page with a drawer or a picker. `CartElement` runs it after every render.
 */
export function showValuesInEffect(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement>('input[data-value]')) {
    const value = field.dataset.value!;
    if (field.type == 'radio') field.checked = field.value == value;
    else if (field.value != value) field.value = value;
  }
}
