import type { NotFoundRow } from "@contracts/dashboard";
import { changeText } from "./csv";
import { CsvButton } from "./CsvButton";

/** Pages visitors asked for and did not find, with the site that linked to them: where a redirect would help. */
export function NotFoundPanel({ rows, compared }: { rows: NotFoundRow[]; compared: boolean }) {
  const heads = ["Page", "Linked from", "Times", ...(compared ? ["Compared", "Change"] : [])];
  return (
    <section className="panel wide" aria-labelledby="h-not-found">
      <h2 id="h-not-found">Pages not found</h2>
      {rows.length === 0 ? (
        <p className="hint">Every page asked for in this period was found.</p>
      ) : (
        <>
          <table className="figures">
            <caption className="visually-hidden">Pages not found, by the site that linked to them</caption>
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
                <tr key={`${r.key} ${r.referrer}`}>
                  <th scope="row">{r.key}</th>
                  <td>{r.referrer || "no referring site"}</td>
                  <td>{r.value}</td>
                  {compared && <td>{r.previous ?? 0}</td>}
                  {compared && <td>{changeText(r.value, r.previous)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          <CsvButton
            name="pages-not-found"
            label="pages not found"
            rows={() => [
              heads,
              ...rows.map((r) => [
                r.key,
                r.referrer,
                r.value,
                ...(compared ? [r.previous, changeText(r.value, r.previous)] : []),
              ]),
            ]}
          />
        </>
      )}
    </section>
  );
}
