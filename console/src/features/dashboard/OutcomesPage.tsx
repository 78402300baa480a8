import { outcomesAnswer } from "@contracts/dashboard";
import { useLoaderData } from "react-router";
import { api } from "../../api";
import { useTitle } from "../../ui/useTitle";
import { dashboardSearch } from "./dashboard-loader";
import { LeadFunnel } from "./LeadFunnel";
import { leadFunnels } from "./lead-funnels";
import { PeriodForm } from "./PeriodForm";
import { utcDays } from "./lead-funnels";

export const outcomesLoader = (_id: number, search: URLSearchParams) =>
  api(`dashboard/outcomes?${dashboardSearch(search).toString()}`, outcomesAnswer);

/**
 * The dashboard's lead funnel for those who mark enquiries' outcomes (sales): enquiries →
 * answered → qualified → won, with the won value, by source, campaign and page sent from, for a
 * period against the one compared. Counted from the enquiries they read; no page views, which
 * are marketing's measurements (decision 057).
 */
export function OutcomesPage() {
  useTitle("Outcomes");
  const d = useLoaderData<typeof outcomesLoader>();
  const compared = d.previousRange !== null;
  return (
    <>
      <h1 tabIndex={-1}>Outcomes</h1>
      <p className="consent-note">
        Every enquiry counts here, with where its sender came from when they allowed measurement. Page views are on the
        marketing dashboard.
      </p>
      <PeriodForm range={d.range} />
      <p className="period">
        {d.range.from} to {d.range.to}
        {d.previousRange && `, compared with ${d.previousRange.from} to ${d.previousRange.to}`}.
      </p>
      <p className="hint">{utcDays}</p>
      <div className="dashboard">
        {leadFunnels.map(({ rows, ...panel }) => (
          <LeadFunnel key={panel.id} {...panel} rows={rows(d)} compared={compared} views={false} />
        ))}
      </div>
    </>
  );
}
