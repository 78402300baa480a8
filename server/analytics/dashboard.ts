/**
 * The dashboard's figures (docs/decisions/057-marketing-dashboard.md) for one range and the range
 * compared: page views from the daily totals, form steps from theirs, and the lead funnel from
 * the enquiries themselves (spam and held ones left out) plus what erased enquiries left as
 * anonymous counts. Filters: page (a page view's path, an enquiry's page sent from), source (the
 * referrer host) and campaign (utm_campaign); the form funnel follows the page filter only, as
 * form steps carry no source. Counts only: nothing personal leaves the database.
 */
import type { Kysely } from "kysely";
import type {
  BreakdownRow,
  DashboardAnswer,
  DashboardQuery,
  FormRow,
  LeadRow,
  NotFoundRow,
  OutcomesAnswer,
  Pair,
} from "../../contracts/dashboard";
import { answeredStatuses } from "../../contracts/outcomes";
import type { Database } from "../db/schema";
import { daysOf, endOf, monthsOf, type DayRange } from "./dashboard-range";
import { vitalRows } from "./dashboard-vitals";

type Filters = Pick<DashboardQuery, "page" | "source" | "campaign">;
const top = 10;

interface ViewGroup {
  path: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  viewport: string;
  browser: string;
  views: number;
  entries: number;
}

interface Lead {
  path: string;
  referrer: string;
  campaign: string;
  answered: boolean;
  outcome: string;
  currency: string;
  enquiries: number;
  value: number;
}

/** Page views by one label at a time: path, entry, referrer, campaign, utm_campaign, viewport, browser, all. */
type Dimensions = Map<string, Map<string, number>>;

interface Figures {
  views: Dimensions;
  days: Map<string, number>;
  steps: { form: string; step: string; events: number }[];
  leads: Lead[];
}

async function figuresOf(db: Kysely<Database>, range: DayRange, f: Filters): Promise<Figures> {
  const filtered = Boolean(f.page || f.source || f.campaign);
  const views: Dimensions = new Map();
  const add = (dimension: string, value: string, n: number) => {
    if (value === "" && dimension !== "all") return;
    const m = views.get(dimension) ?? new Map<string, number>();
    m.set(value, (m.get(value) ?? 0) + n);
    views.set(dimension, m);
  };
  let days: Map<string, number>;
  if (!filtered) {
    // Unfiltered: the totals by one label at a time, a few dozen rows a month for the period's
    // whole months and a few dozen a day for the days at its ends (migration 032).
    const { months, days: ends } = monthsOf(range);
    if (months) {
      const rows = await db
        .selectFrom("pageview_month_totals")
        .where("month", ">=", months.from)
        .where("month", "<=", months.to)
        .select((eb) => ["dimension", "value", eb.fn.sum<string | number>("views").as("views")])
        .groupBy(["dimension", "value"])
        .execute();
      for (const r of rows) add(r.dimension, r.value, Number(r.views));
    }
    if (ends.length > 0) {
      const rows = await db
        .selectFrom("pageview_day_totals")
        .where((eb) => eb.or(ends.map((d) => eb.and([eb("day", ">=", d.from), eb("day", "<=", d.to)]))))
        .select((eb) => ["dimension", "value", eb.fn.sum<string | number>("views").as("views")])
        .groupBy(["dimension", "value"])
        .execute();
      for (const r of rows) add(r.dimension, r.value, Number(r.views));
    }
    // The chart's views per day: the "all" rows alone, through their index.
    const perDay = await db
      .selectFrom("pageview_day_totals")
      .where("dimension", "=", "all")
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .select(["day", "views"])
      .execute();
    days = new Map(perDay.map((r) => [r.day, r.views]));
  } else {
    // Filtered: the detailed totals of the rows the filter keeps (indexed by path, referrer, campaign).
    let rollups = db.selectFrom("pageview_rollups").where("day", ">=", range.from).where("day", "<=", range.to);
    if (f.page) rollups = rollups.where("path", "=", f.page);
    if (f.source) rollups = rollups.where("referrer_host", "=", f.source);
    if (f.campaign) rollups = rollups.where("utm_campaign", "=", f.campaign);
    const dims = ["path", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "viewport", "browser"] as const;
    const rows: ViewGroup[] = (
      await rollups
        .select((eb) => [
          ...dims,
          eb.fn.sum<string | number>("views").as("views"),
          eb.fn.sum<string | number>("entries").as("entries"),
        ])
        .groupBy([...dims])
        .execute()
    ).map((r) => ({ ...r, views: Number(r.views), entries: Number(r.entries) }));
    for (const v of rows) {
      add("all", "", v.views);
      add("path", v.path, v.views);
      add("entry", v.path, v.entries);
      add("referrer", v.referrer_host, v.views);
      if (v.utm_source || v.utm_medium || v.utm_campaign)
        add("campaign", `${v.utm_source} / ${v.utm_medium} / ${v.utm_campaign}`, v.views);
      add("utm_campaign", v.utm_campaign, v.views);
      add("viewport", v.viewport, v.views);
      add("browser", v.browser, v.views);
    }
    days = new Map(
      (
        await rollups
          .select((eb) => ["day", eb.fn.sum<string | number>("views").as("views")])
          .groupBy("day")
          .execute()
      ).map((r) => [r.day, Number(r.views)]),
    );
  }
  let forms = db.selectFrom("form_rollups").where("day", ">=", range.from).where("day", "<=", range.to);
  if (f.page) forms = forms.where("path", "=", f.page);
  const steps = (
    await forms
      .select((eb) => ["form", "step", eb.fn.sum<string | number>("events").as("events")])
      .groupBy(["form", "step"])
      .execute()
  ).map((r) => ({ ...r, events: Number(r.events) }));

  return { views, days, steps, leads: await leadsOf(db, range, f) };
}

/** The lead funnel's rows of a range: live enquiries (spam left out) and erased ones' anonymous counts. */
async function leadsOf(db: Kysely<Database>, range: DayRange, f: Filters): Promise<Lead[]> {
  let enquiries = db
    .selectFrom("submissions")
    .where("kind", "=", "contact")
    .where("spam", "=", 0)
    .where("created_at", ">=", `${range.from}T00:00:00.000Z`)
    .where("created_at", "<", endOf(range));
  if (f.page) enquiries = enquiries.where("source_path", "=", f.page);
  if (f.source) enquiries = enquiries.where("source_referrer", "=", f.source);
  if (f.campaign) enquiries = enquiries.where("source_campaign", "=", f.campaign);
  const live = await enquiries
    .select((eb) => [
      "source_path",
      "source_referrer",
      "source_campaign",
      "status",
      "outcome",
      "outcome_currency",
      eb.fn.countAll<string | number>().as("n"),
      eb.fn.sum<string | number | null>("outcome_value").as("value"),
    ])
    .groupBy(["source_path", "source_referrer", "source_campaign", "status", "outcome", "outcome_currency"])
    .execute();
  let erased = db.selectFrom("erased_lead_counts").where("day", ">=", range.from).where("day", "<=", range.to);
  if (f.page) erased = erased.where("source_path", "=", f.page);
  if (f.source) erased = erased.where("source_referrer", "=", f.source);
  if (f.campaign) erased = erased.where("source_campaign", "=", f.campaign);
  const gone = await erased.selectAll().execute();
  return [
    ...live.map((r) => ({
      path: r.source_path ?? "",
      referrer: r.source_referrer ?? "",
      campaign: r.source_campaign ?? "",
      answered: r.outcome !== null || (answeredStatuses as readonly string[]).includes(r.status),
      outcome: r.outcome ?? "",
      currency: r.outcome === "won" ? (r.outcome_currency ?? "") : "",
      enquiries: Number(r.n),
      value: r.outcome === "won" ? Number(r.value ?? 0) : 0,
    })),
    ...gone.map((r) => ({
      path: r.source_path,
      referrer: r.source_referrer,
      campaign: r.source_campaign,
      answered: r.answered === 1,
      outcome: r.outcome,
      currency: r.currency,
      enquiries: r.enquiries,
      value: Number(r.value),
    })),
  ];
}

const dimensionOf = (f: Figures, dimension: string) => f.views.get(dimension) ?? new Map<string, number>();

/** The top rows of the period, each with its count in the period compared. */
function breakdown(now: Map<string, number>, before: Map<string, number> | null, limit = top): BreakdownRow[] {
  return [...now]
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, value]) => ({ key, value, previous: before ? (before.get(key) ?? 0) : null }));
}

const pairOf = (value: number, previous: number | undefined | null): Pair => ({ value, previous: previous ?? null });

const stepNames: Record<string, keyof Omit<FormRow, "form">> = {
  shown: "shown",
  started: "started",
  submit: "sent",
  success: "accepted",
};

function formRows(now: Figures["steps"], before: Figures["steps"] | null): FormRow[] {
  const names = [...new Set(now.map((s) => s.form))].sort();
  const count = (steps: Figures["steps"], form: string, stage: string) =>
    steps.filter((s) => s.form === form && stepNames[s.step] === stage).reduce((a, s) => a + s.events, 0);
  return names.map((form) => {
    const stage = (name: keyof Omit<FormRow, "form">) =>
      pairOf(count(now, form, name), before ? count(before, form, name) : null);
    return { form, shown: stage("shown"), started: stage("started"), sent: stage("sent"), accepted: stage("accepted") };
  });
}

function leadTotals(leads: readonly Lead[]) {
  const of = (p: (l: Lead) => boolean) => leads.filter(p).reduce((a, l) => a + l.enquiries, 0);
  const value = new Map<string, number>();
  for (const l of leads)
    if (l.outcome === "won" && l.currency) value.set(l.currency, (value.get(l.currency) ?? 0) + l.value);
  return {
    enquiries: of(() => true),
    answered: of((l) => l.answered),
    qualified: of((l) => l.outcome === "qualified" || l.outcome === "won"),
    won: of((l) => l.outcome === "won"),
    value,
  };
}

function leadRow(key: string, views: Pair | null, now: readonly Lead[], before: readonly Lead[] | null): LeadRow {
  const a = leadTotals(now);
  const b = before ? leadTotals(before) : null;
  const currencies = [...new Set([...a.value.keys(), ...(b ? b.value.keys() : [])])].sort();
  return {
    key,
    views,
    enquiries: pairOf(a.enquiries, b?.enquiries),
    answered: pairOf(a.answered, b?.answered),
    qualified: pairOf(a.qualified, b?.qualified),
    won: pairOf(a.won, b?.won),
    // Stored in hundredths.
    wonValue: currencies.map((currency) => ({
      currency,
      value: (a.value.get(currency) ?? 0) / 100,
      previous: b ? (b.value.get(currency) ?? 0) / 100 : null,
    })),
  };
}

function leadRows(
  now: Pick<Figures, "leads"> & Partial<Figures>,
  before: (Pick<Figures, "leads"> & Partial<Figures>) | null,
  leadKey: (l: Lead) => string,
  dimension: string,
): LeadRow[] {
  // Without page views (the outcomes of sales, who read enquiries and no measurement) views are null.
  const viewsNow = now.views ? dimensionOf(now as Figures, dimension) : null;
  const viewsBefore = before?.views ? dimensionOf(before as Figures, dimension) : null;
  const keys = [...new Set(now.leads.map(leadKey))];
  return keys
    .map((key) =>
      leadRow(
        key,
        key === "" || !viewsNow
          ? null
          : pairOf(viewsNow.get(key) ?? 0, viewsBefore ? (viewsBefore.get(key) ?? 0) : null),
        now.leads.filter((l) => leadKey(l) === key),
        before ? before.leads.filter((l) => leadKey(l) === key) : null,
      ),
    )
    .sort((a, b) => b.enquiries.value - a.enquiries.value || a.key.localeCompare(b.key));
}

/** Pages not found in a range, by path and referrer host; the top 20 with the range compared. */
async function notFoundRows(db: Kysely<Database>, range: DayRange, previous: DayRange | null): Promise<NotFoundRow[]> {
  const counts = async (r: DayRange) =>
    new Map(
      (
        await db
          .selectFrom("not_found_counts")
          .select((eb) => ["path", "referrer_host", eb.fn.sum<string | number>("hits").as("hits")])
          .where("day", ">=", r.from)
          .where("day", "<=", r.to)
          .groupBy(["path", "referrer_host"])
          .execute()
      ).map((row) => [
        `${row.path} ${row.referrer_host}`,
        { path: row.path, referrer: row.referrer_host, hits: Number(row.hits) },
      ]),
    );
  const now = await counts(range);
  const before = previous ? await counts(previous) : null;
  return [...now]
    .sort((a, b) => b[1].hits - a[1].hits || a[0].localeCompare(b[0]))
    .slice(0, 20)
    .map(([key, r]) => ({
      key: r.path,
      referrer: r.referrer,
      value: r.hits,
      previous: before ? (before.get(key)?.hits ?? 0) : null,
    }));
}

export async function dashboardFigures(
  db: Kysely<Database>,
  range: DayRange,
  previous: DayRange | null,
  filters: Filters,
): Promise<DashboardAnswer> {
  const now = await figuresOf(db, range, filters);
  const before = previous ? await figuresOf(db, previous, filters) : null;
  const by = (dimension: string) =>
    breakdown(dimensionOf(now, dimension), before ? dimensionOf(before, dimension) : null);
  const total = (f: Figures) => dimensionOf(f, "all").get("") ?? 0;
  const previousDays = previous ? daysOf(previous) : [];
  return {
    range,
    previousRange: previous,
    views: {
      total: pairOf(total(now), before ? total(before) : null),
      days: daysOf(range).map((day, i) => ({
        day,
        value: now.days.get(day) ?? 0,
        previous: before && previousDays[i] ? (before.days.get(previousDays[i]) ?? 0) : null,
      })),
    },
    topPages: by("path"),
    entryPages: by("entry"),
    referrers: by("referrer"),
    campaigns: by("campaign"),
    devices: by("viewport"),
    browsers: by("browser"),
    forms: formRows(now.steps, before?.steps ?? null),
    notFound: await notFoundRows(db, range, previous),
    vitals: await vitalRows(db, range, filters.page),
    leads: {
      total: leadRow("", pairOf(total(now), before ? total(before) : null), now.leads, before?.leads ?? null),
      bySource: leadRows(now, before, (l) => l.referrer, "referrer"),
      byCampaign: leadRows(now, before, (l) => l.campaign, "utm_campaign"),
      byPage: leadRows(now, before, (l) => l.path, "path"),
    },
  };
}

/**
 * The lead funnel alone, from the enquiries (and erased ones' counts), without page views: what
 * those who set outcomes (sales) see of the dashboard. They read every enquiry it counts.
 */
export async function outcomeFigures(
  db: Kysely<Database>,
  range: DayRange,
  previous: DayRange | null,
  filters: Filters,
): Promise<OutcomesAnswer> {
  const now = { leads: await leadsOf(db, range, filters) };
  const before = previous ? { leads: await leadsOf(db, previous, filters) } : null;
  return {
    range,
    previousRange: previous,
    leads: {
      total: leadRow("", null, now.leads, before?.leads ?? null),
      bySource: leadRows(now, before, (l) => l.referrer, "referrer"),
      byCampaign: leadRows(now, before, (l) => l.campaign, "utm_campaign"),
      byPage: leadRows(now, before, (l) => l.path, "path"),
    },
  };
}
