/** CSV cells, quoted, with formula injection neutralised: a leading = + - @ tab or CR gets a ' in front. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Exported columns (the CLI's export and the console's); the network data (ip, user_agent) only when asked for. */
export const exportColumns = [
  "id",
  "kind",
  "reference",
  "created_at",
  "first_name",
  "last_name",
  "email",
  "phone",
  "reason",
  "position",
  "feedback_type",
  "message",
  "spam",
  "selected",
] as const;
export const networkColumns = ["ip", "user_agent"] as const;
