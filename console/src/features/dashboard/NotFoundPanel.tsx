import type { NotFoundRow } from "@contracts/dashboard";
import { comparedFigures } from "./csv";
import { FiguresPanel, FiguresTable } from "./FiguresPanel";

/** Pages visitors asked for and did not find, with the site that linked to them: where a redirect would help. */
export function NotFoundPanel({ rows, compared }: { rows: NotFoundRow[]; compared: boolean }) {
  const heads = ["Page", "Linked from", "Times", ...(compared ? ["Compared", "Change"] : [])];
  const figures = (r: NotFoundRow) => comparedFigures(r.value, r.previous, compared);
  return (
    <FiguresPanel
      id="pages-not-found"
      title="Pages not found"
      wide
      empty={rows.length === 0 ? "Every page asked for in this period was found." : undefined}
      csv={{ label: "pages not found", rows: () => [heads, ...rows.map((r) => [r.key, r.referrer, ...figures(r)])] }}
    >
      <FiguresTable
        caption="Pages not found, by the site that linked to them"
        heads={heads}
        rows={rows.map((r) => ({
          key: `${r.key} ${r.referrer}`,
          name: r.key,
          cells: [r.referrer || "no referring site", ...figures(r)],
        }))}
      />
    </FiguresPanel>
  );
}
