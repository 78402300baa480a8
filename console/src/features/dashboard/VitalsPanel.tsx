import { coreVitals, verdictLabels, type CoreVital, type VitalFigure, type VitalRow } from "@contracts/dashboard";
import { FiguresPanel, FiguresTable } from "./FiguresPanel";

const metricNames: Record<CoreVital, string> = {
  LCP: "Largest paint (LCP)",
  INP: "Response to input (INP)",
  CLS: "Layout shift (CLS)",
};

/** LCP and INP in whole milliseconds (2,501 ms is not good where "2.5 s" would hide why), CLS unitless. */
const valueText = (metric: CoreVital, p75: number) =>
  metric === "CLS" ? p75.toFixed(3) : `${Math.round(p75).toLocaleString("en")} ms`;

function FigureCell({ metric, figure }: { metric: CoreVital; figure: VitalFigure | null }) {
  if (!figure) return <span className="hint">not measured</span>;
  return (
    <>
      {valueText(metric, figure.p75)}{" "}
      <span className={`verdict verdict-${figure.verdict}`}>{verdictLabels[figure.verdict]}</span>{" "}
      <span className="samples">
        ({figure.samples.toLocaleString("en")} {figure.samples === 1 ? "sample" : "samples"})
      </span>
    </>
  );
}

const worstText = (w: VitalRow["worst"]) =>
  !w ? "" : w.attribution ? `${w.metric}: ${w.attribution} (${w.samples} slow samples)` : `${w.metric}: not named`;

/**
 * Field Web Vitals per page, worst first: each metric's 75th percentile with Google's verdict in
 * words (the colour only repeats it) and its samples, and for the worst pages what slows them.
 */
export function VitalsPanel({ rows }: { rows: VitalRow[] }) {
  const heads = ["Page", ...coreVitals.map((m) => metricNames[m]), "Most often named"];
  return (
    <FiguresPanel
      id="web-vitals"
      title="Web Vitals"
      wide
      empty={rows.length === 0 ? "No page measured a Web Vital in this period." : undefined}
      csv={{
        label: "Web Vitals",
        rows: () => [
          [
            "Page",
            ...coreVitals.flatMap((m) => [`${m} p75`, `${m} verdict`, `${m} samples`]),
            "Worst metric",
            "Most often named",
            "Slow samples naming it",
          ],
          ...rows.map((r) => [
            r.path,
            ...coreVitals.flatMap((m) => {
              const f = r[m];
              return f ? [f.p75, verdictLabels[f.verdict], f.samples] : [null, "", 0];
            }),
            r.worst?.metric ?? "",
            r.worst?.attribution ?? "",
            r.worst?.samples ?? null,
          ]),
        ],
      }}
    >
      <FiguresTable
        caption="Web Vitals per page, worst first: the 75th percentile of each metric with its verdict"
        heads={heads}
        rows={rows.map((r) => ({
          key: r.path,
          name: r.path,
          cells: [
            ...coreVitals.map((m) => <FigureCell key={m} metric={m} figure={r[m]} />),
            <span key="worst" className="named">
              {worstText(r.worst)}
            </span>,
          ],
        }))}
      />
      <p className="hint">
        Good at or under 2,500 ms LCP, 200 ms INP and 0.1 CLS; poor over 4,000 ms, 500 ms and 0.25. For the five worst
        pages, the element or interaction named most often by the samples over the good line. Web Vitals carry no source
        or campaign: this panel follows the page filter only, and compares nothing.
      </p>
    </FiguresPanel>
  );
}
