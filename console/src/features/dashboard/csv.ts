/** A dashboard view as a CSV file (RFC 4180 quoting), made in the browser from the figures shown. */
export function csvText(rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? "" : String(v);
    // A cell that a spreadsheet would read as a formula is kept as text: campaign names and
    // referrers come from strangers' links ("-2+3" and "=HYPERLINK(…)" alike; numbers are numbers).
    const safe = typeof v === "string" && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

export function downloadCsv(name: string, rows: readonly (readonly (string | number | null)[])[]) {
  const url = URL.createObjectURL(new Blob([csvText(rows)], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${name}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** The change from the period compared: "+12%", "−5%", "new", or "" without a comparison. */
export function changeText(value: number, previous: number | null): string {
  if (previous === null) return "";
  if (previous === 0) return value === 0 ? "0%" : "new";
  const pct = Math.round(((value - previous) / previous) * 100);
  return `${pct > 0 ? "+" : pct < 0 ? "−" : ""}${Math.abs(pct)}%`;
}

/** A count as the dashboard shows it: the period's figure, then, when compared, the other period's and the change. */
export function comparedFigures(value: number, previous: number | null, compared: boolean): (number | string)[] {
  return compared ? [value, previous ?? 0, changeText(value, previous)] : [value];
}

/** One stage of a funnel in a table cell: its figure, and when compared the other period's and the change. */
export function pairText(pair: { value: number; previous: number | null } | null, compared: boolean): string {
  if (pair === null) return "–";
  return compared
    ? `${pair.value} (was ${pair.previous ?? 0}, ${changeText(pair.value, pair.previous)})`
    : `${pair.value}`;
}
