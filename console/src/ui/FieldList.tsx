/** One row of a definition list: its label and its value, left out when empty. */
export type FieldRow = [label: string, value: string | null | undefined];

/** A submission's fields as a definition list, leaving out the empty ones (as text: React escapes). */
export function FieldList({ fields }: { fields: FieldRow[] }) {
  return (
    <dl className="fields">
      {fields
        .filter(([, v]) => v !== null && v !== undefined && v !== "")
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
