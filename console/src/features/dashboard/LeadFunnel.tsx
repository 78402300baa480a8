import type { LeadRow, Pair } from "@contracts/dashboard";
import { changeText } from "./csv";
import { CsvButton } from "./CsvButton";

const stages = ["views", "enquiries", "answered", "qualified", "won"] as const;
const heads = ["Page views", "Enquiries", "Answered", "Qualified", "Won", "Won value"];

const money = (r: LeadRow, which: "value" | "previous") =>
  r.wonValue
    .filter((m) => m[which])
    .map((m) => (m[which] ?? 0).toLocaleString("en", { style: "currency", currency: m.currency }))
    .join(", ") || "–";

/**
 * The lead funnel of one breakdown (source, campaign or page sent from): page views → enquiries →
 * answered → qualified → won, with the won deals' value per currency, and the period compared.
 */
export function LeadFunnel(props: {
  id: string;
  title: string;
  what: string;
  none: string;
  rows: LeadRow[];
  compared: boolean;
}) {
  const { id, title, what, rows, compared } = props;
  const cell = (p: Pair | null) =>
    p === null
      ? "–"
      : compared
        ? `${p.value} (was ${p.previous ?? 0}, ${changeText(p.value, p.previous)})`
        : `${p.value}`;
  return (
    <section className="panel wide" aria-labelledby={`h-${id}`}>
      <h2 id={`h-${id}`}>{title}</h2>
      {rows.length === 0 ? (
        <p className="hint">No enquiry arrived in this period.</p>
      ) : (
        <>
          <table className="figures">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{what}</th>
                {heads.map((h) => (
                  <th scope="col" key={h}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.key || props.none}</th>
                  {stages.map((s) => (
                    <td key={s}>{cell(r[s])}</td>
                  ))}
                  <td>{compared ? `${money(r, "value")} (was ${money(r, "previous")})` : money(r, "value")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <CsvButton
            name={id}
            label={title.toLowerCase()}
            rows={() => [
              [what, ...stages.flatMap((s) => [s, ...(compared ? [`${s} compared`] : [])]), "won value"],
              ...rows.map((r) => [
                r.key || props.none,
                ...stages.flatMap((s) => [r[s]?.value ?? null, ...(compared ? [r[s]?.previous ?? null] : [])]),
                r.wonValue.map((m) => `${m.value} ${m.currency}`).join("; "),
              ]),
            ]}
          />
        </>
      )}
    </section>
  );
}
