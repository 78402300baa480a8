import type { BreakdownRow } from "@contracts/dashboard";
import { comparedFigures } from "./csv";
import { FiguresPanel, FiguresTable } from "./FiguresPanel";

/**
 * One breakdown of the page views (top pages, referrers, campaigns, …): each row's count in the
 * period and in the period compared, and the change, with its CSV export.
 */
export function BreakdownPanel(props: {
  id: string;
  title: string;
  what: string;
  rows: BreakdownRow[];
  compared: boolean;
  empty: string;
  /** How a row's key reads in the table and the CSV (the key itself when not given). */
  label?: (key: string) => string;
}) {
  const { id, title, what, rows, compared, label = (key: string) => key } = props;
  const heads = [what, "Period", ...(compared ? ["Compared", "Change"] : [])];
  const figures = (r: BreakdownRow) => comparedFigures(r.value, r.previous, compared);
  return (
    <FiguresPanel
      id={id}
      title={title}
      empty={rows.length === 0 ? props.empty : undefined}
      csv={{ label: title.toLowerCase(), rows: () => [heads, ...rows.map((r) => [label(r.key), ...figures(r)])] }}
    >
      <FiguresTable
        caption={title}
        heads={heads}
        rows={rows.map((r) => ({ key: r.key, name: label(r.key), cells: figures(r).map(shown) }))}
      />
    </FiguresPanel>
  );
}

const shown = (cell: string | number) => (typeof cell === "number" ? cell.toLocaleString("en") : cell);
