import { comparisonLabels, comparisons, periodLabels, periods, type DashboardAnswer } from "@contracts/dashboard";
import { useState, type ReactNode } from "react";
import { Form, useSearchParams } from "react-router";

/** A label above its control, one cell of the form's row. */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * The period, the comparison and the filters, as a form that writes them into the address
 * (GET): a dashboard view can be bookmarked and shared, and holds no personal value.
 */
export function PeriodForm({ range }: { range: DashboardAnswer["range"] }) {
  const [search] = useSearchParams();
  const [period, setPeriod] = useState(search.get("period") ?? "30d");
  const text = (id: string, name: string, label: string, example: string) => (
    <Field id={id} label={label}>
      <input id={id} name={name} placeholder={example} defaultValue={search.get(name) ?? ""} />
    </Field>
  );
  return (
    <Form method="get" className="dashboard-filters" aria-label="Period and filters">
      <Field id="period" label="Period">
        <select id="period" name="period" value={period} onChange={(e) => setPeriod(e.target.value)}>
          {periods.map((p) => (
            <option key={p} value={p}>
              {periodLabels[p]}
            </option>
          ))}
        </select>
      </Field>
      {period === "custom" && (
        <>
          <Field id="from" label="From">
            <input id="from" name="from" type="date" defaultValue={search.get("from") ?? range.from} />
          </Field>
          <Field id="to" label="To">
            <input id="to" name="to" type="date" defaultValue={search.get("to") ?? range.to} />
          </Field>
        </>
      )}
      <Field id="compare" label="Compare with">
        <select id="compare" name="compare" defaultValue={search.get("compare") ?? "previous"}>
          {comparisons.map((c) => (
            <option key={c} value={c}>
              {comparisonLabels[c]}
            </option>
          ))}
        </select>
      </Field>
      {text("f-page", "page", "Page", "/contact")}
      {text("f-source", "source", "Source (referring site)", "www.google.com")}
      {text("f-campaign", "campaign", "Campaign", "spring")}
      <button type="submit">Show</button>
    </Form>
  );
}
