/**
 * What a visitor has typed or chosen in an island before it hydrates lives only in the DOM. The
 * components' fields are uncontrolled, and hydration keeps the DOM's values, but Preact sets a
 * <textarea>'s value as it hydrates; so every field's value is read before and written back after.
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function keepTypedValues(root: HTMLElement): () => void {
  const fields = [...root.querySelectorAll<Field>("input, select, textarea")].filter(
    (f) => !(f instanceof HTMLInputElement && (f.type === "file" || f.type === "hidden")),
  );
  const kept = fields.map((f) => ({
    f,
    value: f.value,
    checked: f instanceof HTMLInputElement ? f.checked : undefined,
  }));
  return () => {
    for (const { f, value, checked } of kept) {
      if (!f.isConnected) continue;
      if (f.value !== value) f.value = value;
      if (f instanceof HTMLInputElement && checked !== undefined && f.checked !== checked) f.checked = checked;
    }
  };
}
