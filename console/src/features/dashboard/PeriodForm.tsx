import { comparisonLabels, comparisons, periodLabels, periods, type DashboardAnswer } from "@contracts/dashboard";
import { useState } from "react";
import { Form, useSearchParams } from "react-router";

/**
 * The period, the comparison and the filters, as a form that writes them into the address
 * (GET): a dashboard view can be bookmarked and shared, and holds no personal value.
 */
export function PeriodForm({ range }: { range: DashboardAnswer["range"] }) {
  const [search] = useSearchParams();
  const [period, setPeriod] = useState(search.get("period") ?? "30d");
  return (
    <Form method="get" className="dashboard-filters" aria-label="Period and filters">
      <label htmlFor="period">Period</label>
      <select id="period" name="period" value={period} onChange={(e) => setPeriod(e.target.value)}>
        {periods.map((p) => (
          <option key={p} value={p}>
            {periodLabels[p]}
          </option>
        ))}
      </select>
      {period === "custom" && (
        <>
          <label htmlFor="from">From</label>
          <input id="from" name="from" type="date" defaultValue={search.get("from") ?? range.from} />
          <label htmlFor="to">To</label>
          <input id="to" name="to" type="date" defaultValue={search.get("to") ?? range.to} />
        </>
      )}
      <label htmlFor="compare">Compare with</label>
      <select id="compare" name="compare" defaultValue={search.get("compare") ?? "previous"}>
        {comparisons.map((c) => (
          <option key={c} value={c}>
            {comparisonLabels[c]}
          </option>
        ))}
      </select>
      <label htmlFor="f-page">Page</label>
      <input id="f-page" name="page" placeholder="/contact" defaultValue={search.get("page") ?? ""} />
      <label htmlFor="f-source">Source (referring site)</label>
      <input id="f-source" name="source" placeholder="www.google.com" defaultValue={search.get("source") ?? ""} />
      <label htmlFor="f-campaign">Campaign</label>
      <input id="f-campaign" name="campaign" placeholder="spring" defaultValue={search.get("campaign") ?? ""} />
      <button type="submit">Show</button>
    </Form>
  );
}
