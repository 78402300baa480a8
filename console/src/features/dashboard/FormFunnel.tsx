import { formStages, type FormRow } from "@contracts/dashboard";
import { changeText } from "./csv";
import { CsvButton } from "./CsvButton";

const stageNames: Record<(typeof formStages)[number], string> = {
  shown: "Shown",
  started: "Started",
  sent: "Sent",
  accepted: "Accepted",
};

/** Each form's funnel: shown → started → sent → accepted, each with the period compared. */
export function FormFunnel({ rows, compared }: { rows: FormRow[]; compared: boolean }) {
  const cell = (p: FormRow["shown"]) =>
    compared ? `${p.value} (was ${p.previous ?? 0}, ${changeText(p.value, p.previous)})` : `${p.value}`;
  const heads = ["Form", ...formStages.map((s) => stageNames[s])];
  return (
    <section className="panel wide" aria-labelledby="h-forms">
      <h2 id="h-forms">Form funnel</h2>
      {rows.length === 0 ? (
        <p className="hint">No form was shown in this period.</p>
      ) : (
        <>
          <table className="figures">
            <caption className="visually-hidden">Form funnel: shown, started, sent, accepted</caption>
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
                <tr key={r.form}>
                  <th scope="row">{r.form}</th>
                  {formStages.map((s) => (
                    <td key={s}>{cell(r[s])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="hint">Form steps carry no source or campaign: this funnel follows the page filter only.</p>
          <CsvButton
            name="form-funnel"
            label="the form funnel"
            rows={() => [
              [
                "Form",
                ...formStages.flatMap((s) => [stageNames[s], ...(compared ? [`${stageNames[s]} compared`] : [])]),
              ],
              ...rows.map((r) => [
                r.form,
                ...formStages.flatMap((s) => [r[s].value, ...(compared ? [r[s].previous] : [])]),
              ]),
            ]}
          />
        </>
      )}
    </section>
  );
}
