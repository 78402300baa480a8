import { formStages, type FormRow } from "@contracts/dashboard";
import { pairText } from "./csv";
import { FiguresPanel, FiguresTable } from "./FiguresPanel";

const stageNames: Record<(typeof formStages)[number], string> = {
  shown: "Shown",
  started: "Started",
  sent: "Sent",
  accepted: "Accepted",
};

/** Each form's funnel: shown → started → sent → accepted, each with the period compared. */
export function FormFunnel({ rows, compared }: { rows: FormRow[]; compared: boolean }) {
  return (
    <FiguresPanel
      id="form-funnel"
      title="Form funnel"
      wide
      empty={rows.length === 0 ? "No form was shown in this period." : undefined}
      csv={{
        label: "the form funnel",
        rows: () => [
          ["Form", ...formStages.flatMap((s) => [stageNames[s], ...(compared ? [`${stageNames[s]} compared`] : [])])],
          ...rows.map((r) => [
            r.form,
            ...formStages.flatMap((s) => [r[s].value, ...(compared ? [r[s].previous] : [])]),
          ]),
        ],
      }}
    >
      <FiguresTable
        caption="Form funnel: shown, started, sent, accepted"
        heads={["Form", ...formStages.map((s) => stageNames[s])]}
        rows={rows.map((r) => ({ key: r.form, name: r.form, cells: formStages.map((s) => pairText(r[s], compared)) }))}
      />
      <p className="hint">Form steps carry no source or campaign: this funnel follows the page filter only.</p>
    </FiguresPanel>
  );
}
