/**
 * How a stored submission reads to the team, from its form's definition: the notification, the
 * console's detail and quarantine views and the inbox list all show these, so they cannot
 * disagree. Values are returned as stored; each view escapes or flattens them for its medium.
 */
import { isStored, storedFields, type FormDefinition, type StoredFieldDefinition } from "./definition";
import { staffLabel } from "./labels";

/** One value as the team reads it. */
export interface ShownField {
  label: string;
  value: string;
  /** Keeps its line breaks (a message, a cover letter); every other value is one line. */
  multiLine: boolean;
}

type Row = Record<string, unknown>;

function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

/** A stored value as the team reads it: a choice by its option's label. */
function shown(field: StoredFieldDefinition, row: Row): string {
  const value = text(row[field.column]);
  if (field.input === "select") return field.options.find((o) => o.value === value)?.label ?? value;
  // A kept consent stores the version of the words ticked; not ticked, it is left out.
  // Given by replying to the team's e-mail, it is recorded as "e-mail:<version>".
  if (field.input === "checkbox") {
    if (!value) return "";
    return value.startsWith("e-mail:")
      ? `Yes, by e-mail (the words of version ${value.slice("e-mail:".length)})`
      : `Yes (the words of version ${value})`;
  }
  return value;
}

/**
 * The form's stored fields, in its order, fields of one group joined into one value ("Name"),
 * empty ones left out.
 */
export function shownFields(form: FormDefinition, row: Row): ShownField[] {
  const out: ShownField[] = [];
  const groups = new Map<string, ShownField>();
  for (const field of storedFields(form)) {
    const value = shown(field, row);
    if (field.group) {
      const joined = groups.get(field.group);
      if (joined) {
        joined.value = [joined.value, value].filter(Boolean).join(" ");
        continue;
      }
      const first = { label: field.group, value, multiLine: false };
      groups.set(field.group, first);
      out.push(first);
      continue;
    }
    out.push({ label: staffLabel(field), value, multiLine: field.input === "textarea" });
  }
  return out.filter((f) => f.value !== "");
}

/** The columns whose values make up a group ("Name": first_name, last_name), in the form's order. */
export function groupColumns(form: FormDefinition, group: string): string[] {
  return storedFields(form)
    .filter((f) => f.group === group)
    .map((f) => f.column);
}

/** The submitter's name as one line: the "Name" group. */
export function nameOf(form: FormDefinition, row: Row): string {
  return groupColumns(form, "Name")
    .map((c) => text(row[c]))
    .filter(Boolean)
    .join(" ");
}

/** The inbox's one-line subject of a submission: its summary field, as shown. */
export function summaryOf(form: FormDefinition, row: Row): string | null {
  const field = storedFields(form).find((f) => f.summary);
  return field ? shown(field, row) || null : null;
}

export { isStored };
