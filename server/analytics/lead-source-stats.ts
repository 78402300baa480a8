/**
 * The `stats` report's enquiries by source (issue 27): contact enquiries of the period (spam and
 * held ones left out) counted by where the visit came from and by the page they were sent from,
 * with each page's conversion rate = its enquiries ÷ its page views in the same period. Counts
 * only: no name, address or message leaves the database.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface EnquirySource {
  /** The visit's first external referrer host; null: none recorded. */
  referrer: string | null;
  /** Its utm_campaign; null: none recorded. */
  campaign: string | null;
  enquiries: number;
}

export interface EnquiryPage {
  /** The site page the form was sent from; null: not recorded (before migration 014, or refused). */
  path: string | null;
  enquiries: number;
  /** Page views of that path in the period (measured with consent only). */
  views: number;
  /** enquiries ÷ views, 0 to any (a page measured for few visitors may exceed 1); null without views. */
  rate: number | null;
}

const byEnquiries = <T extends { enquiries: number }>(a: T, b: T) => b.enquiries - a.enquiries;
/** Ties in name order, the unrecorded (null) last. */
const key = (value: string | null) => value ?? "\uffff";

export async function enquiriesBySource(
  db: Kysely<Database>,
  since: string,
  pageViews: readonly { path: string; views: number }[],
): Promise<{ sources: EnquirySource[]; pages: EnquiryPage[] }> {
  const enquiries = () =>
    db.selectFrom("submissions").where("kind", "=", "contact").where("spam", "=", 0).where("created_at", ">=", since);
  const sources = (
    await enquiries()
      .select((eb) => ["source_referrer", "source_campaign", eb.fn.countAll<string | number>().as("n")])
      .groupBy(["source_referrer", "source_campaign"])
      .execute()
  )
    .map((r) => ({ referrer: r.source_referrer, campaign: r.source_campaign, enquiries: Number(r.n) }))
    .sort(
      (a, b) =>
        byEnquiries(a, b) ||
        key(a.referrer).localeCompare(key(b.referrer)) ||
        key(a.campaign).localeCompare(key(b.campaign)),
    );
  const views = new Map(pageViews.map((p) => [p.path, p.views]));
  const pages = (
    await enquiries()
      .select((eb) => ["source_path", eb.fn.countAll<string | number>().as("n")])
      .groupBy("source_path")
      .execute()
  )
    .map((r) => {
      const seen = r.source_path === null ? 0 : (views.get(r.source_path) ?? 0);
      const n = Number(r.n);
      return { path: r.source_path, enquiries: n, views: seen, rate: seen > 0 ? n / seen : null };
    })
    .sort((a, b) => byEnquiries(a, b) || key(a.path).localeCompare(key(b.path)));
  return { sources, pages };
}

export function enquirySourceLines(sources: readonly EnquirySource[]): string[] {
  return sources.map((s) => {
    const from =
      s.referrer === null && s.campaign === null
        ? "direct, or without consent to measurement"
        : `${s.referrer ?? "-"} / ${s.campaign ?? "-"}`;
    return `  ${String(s.enquiries).padStart(7)}  ${from}`;
  });
}

export function enquiryPageLines(pages: readonly EnquiryPage[]): string[] {
  return pages.map((p) => {
    const rate = p.rate === null ? "no page views" : `${(p.rate * 100).toFixed(1)}%`;
    return `  ${String(p.enquiries).padStart(7)}  ${(p.path ?? "(not recorded)").padEnd(32)} ${String(p.views).padStart(7)} views  ${rate}`;
  });
}
