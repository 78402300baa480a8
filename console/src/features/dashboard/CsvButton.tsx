import { downloadCsv } from "./csv";

/** Exports one view of the dashboard as CSV: the rows it shows, with their heads. */
export function CsvButton({
  name,
  label,
  rows,
}: {
  name: string;
  label: string;
  rows: () => (string | number | null)[][];
}) {
  return (
    <button type="button" className="csv" onClick={() => downloadCsv(name, rows())}>
      Export {label} as CSV
    </button>
  );
}
