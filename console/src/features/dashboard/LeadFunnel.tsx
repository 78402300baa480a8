import type { LeadRow } from "@contracts/dashboard";
import { pairText } from "./csv";
import { FiguresPanel, FiguresTable } from "./FiguresPanel";

const allStages = ["views", "enquiries", "answered", "qualified", "won"] as const;
const allHeads = ["Page views", "Enquiries", "Answered", "Qualified", "Won", "Won value"];

const money = (r: LeadRow, which: "value" | "previous") =>
  r.wonValue
    .filter((m) => m[which])
    .map((m) => (m[which] ?? 0).toLocaleString("en", { style: "currency", currency: m.currency }))
    .join(", ") || "–";

/**
 * The lead funnel of one breakdown (source, campaign or page sent from): page views → enquiries →
 * answered → qualified → won, with the won deals' value per currency, and the period compared
 * (on the outcomes page, from enquiries alone, without page views).
 */
export function LeadFunnel(props: {
  id: string;
  title: string;
  what: string;
  none: string;
  rows: LeadRow[];
  compared: boolean;
  /** False on the outcomes page (sales read enquiries, not page views): the column is left out. */
  views?: boolean;
}) {
  const { id, title, what, rows, compared } = props;
  const stages = props.views === false ? allStages.slice(1) : allStages;
  const heads = props.views === false ? allHeads.slice(1) : allHeads;
  return (
    <FiguresPanel
      id={id}
      title={title}
      wide
      empty={rows.length === 0 ? "No enquiry arrived in this period." : undefined}
      csv={{
        label: title.toLowerCase(),
        rows: () => [
          [what, ...stages.flatMap((s) => [s, ...(compared ? [`${s} compared`] : [])]), "won value"],
          ...rows.map((r) => [
            r.key || props.none,
            ...stages.flatMap((s) => [r[s]?.value ?? null, ...(compared ? [r[s]?.previous ?? null] : [])]),
            r.wonValue.map((m) => `${m.value} ${m.currency}`).join("; "),
          ]),
        ],
      }}
    >
      <FiguresTable
        caption={title}
        heads={[what, ...heads]}
        rows={rows.map((r) => ({
          key: r.key,
          name: r.key || props.none,
          cells: [
            ...stages.map((s) => pairText(r[s], compared)),
            compared ? `${money(r, "value")} (was ${money(r, "previous")})` : money(r, "value"),
          ],
        }))}
      />
    </FiguresPanel>
  );
}
