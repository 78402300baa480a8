/**
 * An open role as data (issue 26): what HR edits in the console, what the server stores in
 * `job_roles` and what the careers pages and their JobPosting are made from. Plain data and
 * small rules here; the editing validator is `roleInput` in role-input.ts (zod, kept apart
 * so that the site's pages, which read these words, do not load it).
 */

export const roleStates = ["draft", "published", "closed"] as const;
export type RoleState = (typeof roleStates)[number];

/** schema.org / Google's employmentType values, each with the words the pages show. */
export const employmentTypes = {
  FULL_TIME: "Full-time",
  PART_TIME: "Part-time",
  CONTRACTOR: "Contract",
  TEMPORARY: "Temporary",
  INTERN: "Internship",
} as const;
export type EmploymentType = keyof typeof employmentTypes;

export const workplaces = { "on-site": "On-site", hybrid: "Hybrid", remote: "Remote" } as const;
export type Workplace = keyof typeof workplaces;

/** The unit a salary range is paid in (schema.org QuantitativeValue unitText). */
export const salaryPeriods = { YEAR: "a year", MONTH: "a month", DAY: "a day", HOUR: "an hour" } as const;
export type SalaryPeriod = keyof typeof salaryPeriods;

/** ISO 4217 codes of the countries we hire in. */
export const salaryCurrencies = ["USD", "GBP", "INR", "AUD", "EUR"] as const;

/**
 * The cities of our offices, as the contact page names them without a note (app/content/
 * company-pages.ts holds their addresses; app/content/validate.ts checks the two agree).
 */
export const officeCities = ["San Francisco", "London", "Bengaluru", "Sydney"] as const;
export type OfficeCity = (typeof officeCities)[number];

export interface Salary {
  min: number;
  max: number;
  currency: (typeof salaryCurrencies)[number];
  period: SalaryPeriod;
}

export interface JobPosting {
  id: number;
  /** The role's address, /career/<slug>; fixed once the role has been published. */
  slug: string;
  title: string;
  /** The application form's Position the role belongs to (positions in forms/application.ts). */
  position: string;
  offices: OfficeCity[];
  employmentType: EmploymentType;
  workplace: Workplace;
  salary: Salary | null;
  /** Markdown: responsibilities, requirements, benefits. Raw HTML is never rendered. */
  description: string;
  /** YYYY-MM-DD (UTC calendar). */
  datePosted: string;
  /** YYYY-MM-DD: the last day applications are taken (until 23:59:59 UTC). */
  validThrough: string;
  state: RoleState;
  /** ISO-8601 of the last change (the sitemap's lastmod). */
  updatedAt: string;
}

/** What a role's page and the list need: a published role, without the editing fields. */
export type PublicRole = Omit<JobPosting, "state" | "id">;

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `YYYY-MM-DD` of a moment, in UTC: the calendar the roles' dates are written in. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * Whether a role takes applications at a moment: published, posted on or before that day, and
 * not past its last day. Decided on each request, so a role expires without anyone acting.
 */
export function isOpen(role: Pick<JobPosting, "state" | "datePosted" | "validThrough">, moment: Date): boolean {
  const today = utcDay(moment);
  return role.state === "published" && role.datePosted <= today && today <= role.validThrough;
}

/**
 * Whether a role has been on the site by a moment: published (or closed since) and posted by that
 * day. Only such a role may be named by an application: a draft's or a future role's title must
 * never reach a stranger who guessed its address.
 */
export function wasPublic(role: Pick<JobPosting, "state" | "datePosted">, moment: Date): boolean {
  return role.state !== "draft" && role.datePosted <= utcDay(moment);
}

/** An address for a new role from its title and first office: "Senior React Developer", London. */
export function slugFor(title: string, offices: readonly string[]): string {
  return [title, offices[0] ?? ""]
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
}

export const careerPath = "/career";
export const rolePath = (slug: string) => `${careerPath}/${slug}`;
