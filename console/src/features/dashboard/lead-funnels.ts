import type { DashboardAnswer } from "@contracts/dashboard";

/** The daily totals' days are UTC days (decision 070): said under the period on both pages. */
export const utcDays = "Each day runs from midnight to midnight UTC, whatever the office's time zone.";

type WithLeads = Pick<DashboardAnswer, "leads">;

/** The lead funnel, whole and by each breakdown; `none` names the row of enquiries without that label. */
export const leadFunnels = [
  {
    id: "leads-total",
    title: "Lead funnel",
    what: "All",
    none: "Every enquiry",
    rows: (d: WithLeads) => [d.leads.total],
  },
  {
    id: "leads-source",
    title: "Leads by source",
    what: "Referring site",
    none: "Direct, or not measured",
    rows: (d: WithLeads) => d.leads.bySource,
  },
  {
    id: "leads-campaign",
    title: "Leads by campaign",
    what: "Campaign",
    none: "No campaign, or not measured",
    rows: (d: WithLeads) => d.leads.byCampaign,
  },
  {
    id: "leads-page",
    title: "Leads by page sent from",
    what: "Page",
    none: "Not recorded",
    rows: (d: WithLeads) => d.leads.byPage,
  },
];
