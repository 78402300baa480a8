import type { NotFoundRow } from "@contracts/dashboard";
import { Link } from "react-router";
import { comparedFigures } from "./csv";
import { FiguresPanel, FiguresTable } from "./FiguresPanel";

/**
 * Pages visitors asked for and did not find, with the site that linked to them: where a redirect
 * would help. Those who manage redirects (decision 062) get a link per path to the redirects
 * page with the old address filled in (a path of the site in the address, nothing personal).
 */
export function NotFoundPanel({
  rows,
  compared,
  redirects,
}: {
  rows: NotFoundRow[];
  compared: boolean;
  /** Whether the person manages redirects: then each path links to the redirects page. */
  redirects: boolean;
}) {
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
        heads={redirects ? [...heads, "Action"] : heads}
        rows={rows.map((r) => ({
          key: `${r.key} ${r.referrer}`,
          name: r.key,
          cells: [
            r.referrer || "no referring site",
            ...figures(r),
            ...(redirects
              ? [
                  <Link key="redirect" to={`/redirects?${new URLSearchParams({ from: r.key }).toString()}`}>
                    Create a redirect<span className="visually-hidden"> from {r.key}</span>
                  </Link>,
                ]
              : []),
          ],
        }))}
      />
    </FiguresPanel>
  );
}
