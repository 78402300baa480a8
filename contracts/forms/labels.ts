import type { FieldDefinition } from "./definition";

/** The label the team's views and a field's own messages use ("Feedback must be at most 5,000 characters."). */
export function staffLabel(field: FieldDefinition): string {
  return field.staffLabel ?? field.label;
}
