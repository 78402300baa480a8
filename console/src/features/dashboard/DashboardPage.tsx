import { useLoaderData } from "react-router";
import { can } from "@contracts/staff/permissions";
import type { Staff } from "../../api";
import { useTitle } from "../../ui/useTitle";
import { BreakdownPanel } from "./BreakdownPanel";
import { campaignLabel } from "./campaign-label";
import type { dashboardLoader } from "./dashboard-loader";
import { FormFunnel } from "./FormFunnel";
import { LeadFunnel } from "./LeadFunnel";
import { leadFunnels } from "./lead-funnels";
import { NotFoundPanel } from "./NotFoundPanel";
import { VitalsPanel } from "./VitalsPanel";
import { PeriodForm } from "./PeriodForm";
import { utcDays } from "./lead-funnels";
import { ViewsChart } from "./ViewsChart";
import { WeeklyReportChoice } from "./WeeklyReportChoice";
import { changeText } from "./csv";

type Answer = Awaited<ReturnType<typeof dashboardLoader>>;

/** The page views' breakdowns, in the order the dashboard shows them. */
const breakdowns = [
  {
    id: "top-pages",
    title: "Top pages",
    what: "Page",
    empty: "No page views in this period.",
    rows: (d: Answer) => d.topPages,
  },
  {
    id: "entry-pages",
    title: "Entry pages",
    what: "Page",
    empty: "No visit entered in this period.",
    rows: (d: Answer) => d.entryPages,
  },
  {
    id: "referrers",
    title: "Referring sites",
    what: "Site",
    empty: "No visit came from another site.",
    rows: (d: Answer) => d.referrers,
  },
  {
    id: "campaigns",
    title: "Campaigns",
    what: "Source / medium / campaign",
    empty: "No visit came from a campaign link.",
    rows: (d: Answer) => d.campaigns,
    label: campaignLabel,
  },
  {
    id: "devices",
    title: "Screen size",
    what: "Screen class",
    empty: "No page views in this period.",
    rows: (d: Answer) => d.devices,
  },
  {
    id: "browsers",
    title: "Browsers",
    what: "Browser family",
    empty: "No page views in this period.",
    rows: (d: Answer) => d.browsers,
  },
];

/**
 * The marketing dashboard (decision 057): what the site brings, from a page view to a won deal,
 * for a period against the one compared, filtered by page, source and campaign (all in the
 * address). Counts only; each view exports as CSV.
 */
export function DashboardPage({ staff }: { staff: Staff }) {
  useTitle("Dashboard");
  const d = useLoaderData<typeof dashboardLoader>();
  const compared = d.previousRange !== null;
  const total = d.views.total;
  return (
    <>
      <h1 tabIndex={-1}>Dashboard</h1>
      <p className="consent-note">
        These figures count only visitors who allowed measurement in the cookie settings; enquiries are counted whether
        or not their sender allowed it.
      </p>
      <WeeklyReportChoice />
      <PeriodForm range={d.range} />
      <p className="period">
        {d.range.from} to {d.range.to}
        {d.previousRange && `, compared with ${d.previousRange.from} to ${d.previousRange.to}`}:{" "}
        <strong>{total.value.toLocaleString("en")} page views</strong>
        {compared &&
          ` (${(total.previous ?? 0).toLocaleString("en")} before, ${changeText(total.value, total.previous)})`}
        .
      </p>
      <p className="hint">{utcDays}</p>
      <div className="dashboard">
        <ViewsChart days={d.views.days} compared={compared} />
        {breakdowns.map(({ rows, ...panel }) => (
          <BreakdownPanel key={panel.id} {...panel} rows={rows(d)} compared={compared} />
        ))}
        <FormFunnel rows={d.forms} compared={compared} />
        {leadFunnels.map(({ rows, ...panel }) => (
          <LeadFunnel key={panel.id} {...panel} rows={rows(d)} compared={compared} />
        ))}
        <VitalsPanel rows={d.vitals} />
        <NotFoundPanel rows={d.notFound} compared={compared} redirects={can(staff, "redirects:manage")} />
      </div>
    </>
  );
}
