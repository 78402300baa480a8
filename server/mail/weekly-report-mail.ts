/**
 * What the weekly report says (docs/decisions/057-marketing-dashboard.md, "Weekly report"): the
 * dashboard's figures for the week against the week before. Counts, page paths, referring hosts
 * and a link only: no name, address or message, so everyone who chose it gets the same text.
 */
import { verdictLabels, type DashboardAnswer, type LeadRow, type Pair } from "../../contracts/dashboard";
import type { ReportWeek } from "../analytics/weekly-report";
import { escapeHtml } from "./templates";

const number = (n: number) => n.toLocaleString("en");

function change(p: Pair): string {
  const before = p.previous ?? 0;
  if (before === 0) return p.value === 0 ? "no change" : "none the week before";
  const percent = Math.round(((p.value - before) / before) * 100);
  return `${percent >= 0 ? "+" : ""}${percent}%`;
}

const line = (label: string, p: Pair) =>
  `${label}: ${number(p.value)} (week before: ${number(p.previous ?? 0)}, ${change(p)})`;

function wonValue(total: LeadRow): string {
  if (total.wonValue.length === 0) return "no value recorded";
  return total.wonValue
    .map((m) => `${m.currency} ${number(m.value)} (week before: ${number(m.previous ?? 0)})`)
    .join("; ");
}

function list(title: string, rows: DashboardAnswer["topPages"], empty: string): string[] {
  if (rows.length === 0) return [title, `  ${empty}`];
  return [title, ...rows.slice(0, 5).map((r, i) => `  ${i + 1}. ${r.key} ${number(r.value)} (${change(r)})`)];
}

/**
 * The week's worst Web Vital: the dashboard lists pages worst first and names, for the worst ones
 * not good on every metric, the metric and what its slow samples name most often.
 */
function worstVital(rows: DashboardAnswer["vitals"]): string {
  if (rows.length === 0) return "Worst Web Vital: no page measured one this week.";
  const worst = rows[0]!.worst;
  if (!worst) return "Worst Web Vital: none; every page measured was good on LCP, INP and CLS.";
  const figure = rows[0]![worst.metric]!;
  const value = worst.metric === "CLS" ? figure.p75.toFixed(3) : `${Math.round(figure.p75).toLocaleString("en")} ms`;
  const named = worst.attribution ? `, most often ${worst.attribution}` : "";
  return `Worst Web Vital: ${rows[0]!.path} ${worst.metric} ${value} at p75, ${verdictLabels[figure.verdict].toLowerCase()} (${number(figure.samples)} samples${named}).`;
}

/** The report's subject, plain text and HTML, from the dashboard's figures; the link opens the console (ADMIN_ORIGIN). */
export function weeklyReportMail(week: ReportWeek, figures: DashboardAnswer, consoleOrigin: string) {
  const { range, previous } = week;
  const link = `${consoleOrigin}/admin/dashboard?period=custom&from=${range.from}&to=${range.to}&compare=previous`;
  const leads = figures.leads.total;
  const paragraphs = [
    [`The website's week ${week.week}, ${range.from} to ${range.to}, against ${previous.from} to ${previous.to}.`],
    [
      line("Page views", figures.views.total),
      line("Enquiries", leads.enquiries),
      line("Answered", leads.answered),
      line("Qualified", leads.qualified),
      line("Won", leads.won),
      `Won value: ${wonValue(leads)}`,
    ],
    list("Top pages", figures.topPages, "No page views this week."),
    list("Top referring sites", figures.referrers, "No visit came from another site."),
    [worstVital(figures.vitals)],
    [
      "Page views count only visitors who allowed measurement; enquiries are counted whether or not their sender allowed it.",
    ],
    [`The dashboard for this week: ${link}`],
  ];
  const text = paragraphs.map((p) => p.join("\n")).join("\n\n") + "\n";
  const html = paragraphs
    .map((p) => `<p>${p.map(escapeHtml).join("<br>")}</p>`)
    .join("")
    .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`);
  return {
    subject: `Altiva Cloud website, week ${week.week}: ${number(figures.views.total.value)} page views`,
    text,
    html,
  };
}
