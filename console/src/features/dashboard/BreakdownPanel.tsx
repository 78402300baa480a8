import type { BreakdownRow } from "@contracts/dashboard";
import { changeText } from "./csv";
import { CsvButton } from "./CsvButton";

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
}) {
  const { id, title, what, rows, compared } = props;
  const heads = [what, "Period", ...(compared ? ["Compared", "Change"] : [])];
  return (
    <section className="panel" aria-labelledby={`h-${id}`}>
      <h2 id={`h-${id}`}>{title}</h2>
      {rows.length === 0 ? (
        <p className="hint">{props.empty}</p>
      ) : (
        <>
          <table className="figures">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
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
                  <th scope="row">{r.key}</th>
                  <td>{r.value.toLocaleString("en")}</td>
                  {compared && <td>{(r.previous ?? 0).toLocaleString("en")}</td>}
                  {compared && <td>{changeText(r.value, r.previous)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          <CsvButton
            name={id}
            label={title.toLowerCase()}
            rows={() => [
              heads,
              ...rows.map((r) => [r.key, r.value, ...(compared ? [r.previous, changeText(r.value, r.previous)] : [])]),
            ]}
          />
        </>
      )}
    </section>
  );
}
