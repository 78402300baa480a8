/**
 * Every retention period in one table (docs/decisions/028-layers-and-retention-policy.md): what
 * it applies to, its default, the setting that changes it (null: fixed here) and the legal pages
 * that state it. Here in contracts/ because both sides read it: the site's build writes each
 * legal page's periods from it (`statePeriods`, placeholders such as {{enquiries}} in
 * app/content/legal/) and records them in the site manifest, and the server's config takes its
 * defaults from it, refusing a setting that differs from what the pages published
 * (server/published-periods.ts). The purge and the console's dates are in server/retention/.
 */

export type PeriodUnit = "months" | "days" | "hours" | "minutes";

/** The legal pages under app/content/legal/ that state periods. */
export const legalPages = ["privacy-policy", "recruitment-privacy-policy", "cookies"] as const;
export type LegalPage = (typeof legalPages)[number];

export interface RetentionPeriod {
  /** What the period applies to, as the purge reports it. */
  what: string;
  /** The environment variable that changes it, or null when it is fixed. */
  setting: string | null;
  default: number;
  unit: PeriodUnit;
  /** What happens when it runs out. */
  end: "deleted" | "cleared";
  statedIn: readonly LegalPage[];
}

export const retentionPolicy = {
  // The three periods of an application: which one applies, and from which date, is the rule in
  // application-retention.ts (docs/decisions/033-recruitment-retention.md).
  applications: {
    what: "applications: from the decision when not selected, from arrival while undecided",
    setting: "APPLICATION_RETENTION_MONTHS",
    default: 12,
    unit: "months",
    end: "deleted",
    statedIn: ["recruitment-privacy-policy"],
  },
  hiredApplications: {
    what: "applications of hired candidates, from the decision (their file lives in HR's own systems)",
    setting: null,
    default: 30,
    unit: "days",
    end: "deleted",
    statedIn: ["recruitment-privacy-policy"],
  },
  futureRoles: {
    // Fixed: the candidate agreed to these words ("for up to 24 months"); a new length is a new
    // wording, with its own version (contracts/forms/application.ts).
    what: "applications kept for future roles with the candidate's consent, from arrival",
    setting: null,
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: ["recruitment-privacy-policy"],
  },
  enquiries: {
    what: "contact enquiries",
    setting: "ENQUIRY_RETENTION_MONTHS",
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: ["privacy-policy"],
  },
  feedback: {
    what: "feedback",
    setting: "FEEDBACK_RETENTION_MONTHS",
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: ["privacy-policy"],
  },
  spam: {
    what: "submissions caught as spam",
    setting: "SPAM_RETENTION_DAYS",
    default: 30,
    unit: "days",
    end: "deleted",
    statedIn: ["privacy-policy"],
  },
  networkData: {
    what: "IP address and user agent of a submission",
    setting: "IP_RETENTION_DAYS",
    default: 30,
    unit: "days",
    end: "cleared",
    statedIn: ["privacy-policy", "recruitment-privacy-policy"],
  },
  analytics: {
    what: "measurements (page views, form steps, Web Vitals)",
    setting: "ANALYTICS_RETENTION_MONTHS",
    default: 13,
    unit: "months",
    end: "deleted",
    statedIn: ["cookies"],
  },
  dailyTotals: {
    // Anonymous: long enough to compare a year with the year before (docs/decisions/057).
    what: "daily totals without personal data (page views, form steps, Web Vitals in ranges, erased enquiries' part of the lead funnel)",
    setting: null,
    default: 25,
    unit: "months",
    end: "deleted",
    statedIn: ["privacy-policy", "cookies"],
  },
  consentRecords: {
    what: "consent records",
    setting: null,
    default: 36,
    unit: "months",
    end: "deleted",
    statedIn: ["cookies"],
  },
  auditLog: {
    what: "audit log entries",
    setting: null,
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: [],
  },
  sessions: {
    what: "staff console sessions (from sign-in)",
    setting: null,
    default: 12,
    unit: "hours",
    end: "deleted",
    statedIn: [],
  },
  idleSessions: {
    what: "staff console sessions without a request",
    setting: null,
    default: 30,
    unit: "minutes",
    end: "deleted",
    statedIn: [],
  },
  invitations: {
    what: "invitations to the staff console (the link works this long; the row goes once it is used, cancelled or expired)",
    setting: null,
    default: 24,
    unit: "hours",
    end: "deleted",
    statedIn: [],
  },
  unmatchedMail: {
    what: "records of inbound mail that matched no conversation (when, why and the sender's domain; no address or words)",
    setting: null,
    default: 30,
    unit: "days",
    end: "deleted",
    statedIn: [],
  },
  mailAlerts: {
    // The newest record stays past it: it is the mark the next alert counts new failures from
    // (server/mail/alerts.ts), and the console's banner shows its time.
    what: "records of mail-failure alerts (counts and the first sending error, no addresses), except the newest",
    setting: null,
    default: 90,
    unit: "days",
    end: "deleted",
    statedIn: [],
  },
  weeklyReports: {
    // Each row holds the staff address it went to; only the current week's row stops a second
    // copy (server/mail/weekly-report-queue.ts), so older ones need not stay.
    what: "weekly reports to staff (the address each went to and the week's counts), once sent or given up",
    setting: null,
    default: 90,
    unit: "days",
    end: "deleted",
    statedIn: [],
  },
} as const satisfies Record<string, RetentionPeriod>;

export type PeriodName = keyof typeof retentionPolicy;

export const periodNames = Object.keys(retentionPolicy) as PeriodName[];

/** What a legal page states of a period: its length and unit, as the build wrote them. */
export interface StatedPeriod {
  amount: number;
  unit: PeriodUnit;
  pages: LegalPage[];
}

/** Every period the legal pages state, as the table has it: what the build publishes. */
export function publishedPeriods(): Partial<Record<PeriodName, StatedPeriod>> {
  return Object.fromEntries(
    periodNames
      .filter((n) => retentionPolicy[n].statedIn.length > 0)
      .map((n) => {
        const { default: amount, unit, statedIn } = retentionPolicy[n];
        return [n, { amount, unit, pages: [...statedIn] }];
      }),
  );
}

/** "24 months", "30 days", "1 month"; in years ("3 years") when asked and whole. */
export function periodWords(name: PeriodName, inYears = false): string {
  const { default: amount, unit }: { default: number; unit: PeriodUnit } = retentionPolicy[name];
  if (inYears) {
    if (unit !== "months" || amount % 12 !== 0) throw new Error(`${name} (${amount} ${unit}) is not whole years`);
    return amount === 12 ? "1 year" : `${amount / 12} years`;
  }
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}

const placeholder = /\{\{\s*(\w+)( in years)?\s*\}\}/g;

/**
 * A legal page's Markdown with its periods written from the table: `{{enquiries}}` becomes
 * "24 months", `{{consentRecords in years}}` "3 years". Fails, and with it the build, on a name
 * that is not a period the table says this page states, and when a period the table says it
 * states appears nowhere on it, so `statedIn` stays true.
 */
export function statePeriods(page: string, markdown: string): string {
  const used = new Set<string>();
  const stated = (n: PeriodName) => (retentionPolicy[n].statedIn as readonly string[]).includes(page);
  const text = markdown.replace(placeholder, (_m, name: string, years?: string) => {
    if (!(periodNames as string[]).includes(name) || !stated(name as PeriodName)) {
      throw new Error(`${page}.md: {{${name}}} is not a period the retention table says this page states`);
    }
    used.add(name);
    return periodWords(name as PeriodName, years !== undefined);
  });
  const missing = periodNames.filter((n) => stated(n) && !used.has(n));
  if (missing.length > 0) throw new Error(`${page}.md states no {{${missing.join("}}, {{")}}}`);
  return text;
}
