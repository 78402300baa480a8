/**
 * What a careers page is made from (issue 26): the open roles of /career with the chosen filter,
 * or one role's page. The server renders the page from this data and writes it into the page as
 * JSON (`<script type="application/json" id="careers-data">`); in the browser the route reads it
 * back from there, so hydration renders exactly what the server rendered, whatever the build held.
 * Plain data and words only: no Markdown parser or validator reaches the browser from here.
 */
import {
  employmentTypes,
  officeCities,
  salaryPeriods,
  type EmploymentType,
  type JobPosting,
  type OfficeCity,
  type Salary,
  type Workplace,
} from "@contracts/careers/roles";

/** A role as the list and its page show it. */
export interface RoleSummary {
  slug: string;
  title: string;
  position: string;
  offices: OfficeCity[];
  workplace: Workplace;
  employmentType: EmploymentType;
  salary: Salary | null;
  datePosted: string;
  validThrough: string;
}

export interface RoleListFilter {
  office?: OfficeCity;
  type?: EmploymentType;
}

export interface CareerListData {
  kind: "list";
  /** Every open role, newest posting first (the heading counts them all). */
  roles: RoleSummary[];
  /** The filter of the address, with values that are not an office or type of an open role left out. */
  filter: RoleListFilter;
  /** The positions the application form offers now (the positions table), in its order. */
  positions: string[];
}

export interface RolePageData {
  kind: "role";
  role: RoleSummary & {
    /** The description through roleDescriptionHtml (sanitised), as the page and its JobPosting show it. */
    descriptionHtml: string;
    /** Plain text of the description's first paragraph, for the meta description. */
    summary: string;
  };
  /** The positions the application form offers now (the positions table), in its order. */
  positions: string[];
}

/** A role that was public and is not any more (closed, or past its last day): 410. */
export interface RoleGoneData {
  kind: "gone";
  title: string;
}

/** An address under /career that names no public role: the site's 404 words. */
export interface RoleMissingData {
  kind: "missing";
}

export type RoleRouteData = RolePageData | RoleGoneData | RoleMissingData;
export type CareersData = CareerListData | RoleRouteData;

export const careersDataId = "careers-data";

/** The data as the page carries it: JSON that cannot end its <script> element early. */
export function careersDataJson(data: CareersData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The page's data in the browser, as the server wrote it into the page. */
export function readCareersData<K extends CareersData["kind"]>(kinds: readonly K[]): Extract<CareersData, { kind: K }> {
  const text = document.getElementById(careersDataId)?.textContent;
  const data = text ? (JSON.parse(text) as CareersData) : undefined;
  if (!data || !(kinds as readonly string[]).includes(data.kind)) {
    throw new Error(`The page carries no careers data of kind ${kinds.join(" or ")}.`);
  }
  return data as Extract<CareersData, { kind: K }>;
}

export function roleSummary(role: Omit<JobPosting, "id" | "state" | "updatedAt" | "description">): RoleSummary {
  return {
    slug: role.slug,
    title: role.title,
    position: role.position,
    offices: [...role.offices],
    workplace: role.workplace,
    employmentType: role.employmentType,
    salary: role.salary,
    datePosted: role.datePosted,
    validThrough: role.validThrough,
  };
}

/** The offices and types the filter offers: those of at least one open role, in the contract's order. */
export function filterChoices(roles: readonly RoleSummary[]) {
  return {
    offices: officeCities.filter((city) => roles.some((r) => r.offices.includes(city))),
    types: (Object.keys(employmentTypes) as EmploymentType[]).filter((type) =>
      roles.some((r) => r.employmentType === type),
    ),
  };
}

/**
 * The filter an address asks for (`?office=London&type=FULL_TIME`). A value that is not one of
 * the choices is ignored, so no other text from the address ever reaches the page or the cache.
 */
export function listFilter(
  query: Record<string, string | string[] | undefined>,
  roles: readonly RoleSummary[],
): RoleListFilter {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const choices = filterChoices(roles);
  const office = choices.offices.find((c) => c === one(query.office));
  const type = choices.types.find((t) => t === one(query.type));
  return { ...(office ? { office } : {}), ...(type ? { type } : {}) };
}

export function matchesFilter(role: RoleSummary, filter: RoleListFilter): boolean {
  return (
    (!filter.office || role.offices.includes(filter.office)) && (!filter.type || role.employmentType === filter.type)
  );
}

/** The address of the list with a filter, as its links and form make it. */
export function listHref(filter: RoleListFilter): string {
  const query = new URLSearchParams();
  if (filter.office) query.set("office", filter.office);
  if (filter.type) query.set("type", filter.type);
  const search = query.toString();
  return search ? `/career?${search}` : "/career";
}

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "9 November 2026" from "2026-11-09". Written out by hand rather than with Intl, so that the
 * server's and the browser's words are the same byte for byte (hydration compares them).
 */
export function dayInWords(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${months[(m ?? 1) - 1]} ${y}`;
}

const currencySymbols: Record<Salary["currency"], string> = { USD: "$", GBP: "£", INR: "₹", AUD: "A$", EUR: "€" };

/** 85000 as "85,000"; rupees in lakhs as India writes them ("18,00,000"). */
function grouped(amount: number, currency: Salary["currency"]): string {
  const digits = String(Math.round(amount));
  if (currency === "INR" && digits.length > 3) {
    const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
    return `${head},${digits.slice(-3)}`;
  }
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** "£70,000–£85,000 a year" (by hand, as dayInWords, for byte-equal hydration). */
export function salaryInWords(salary: Salary): string {
  const sym = currencySymbols[salary.currency];
  const range =
    salary.min === salary.max
      ? `${sym}${grouped(salary.min, salary.currency)}`
      : `${sym}${grouped(salary.min, salary.currency)}–${sym}${grouped(salary.max, salary.currency)}`;
  return `${range} ${salaryPeriods[salary.period]}`;
}

export const officesInWords = (offices: readonly string[]) =>
  offices.length <= 1 ? (offices[0] ?? "") : `${offices.slice(0, -1).join(", ")} or ${offices.at(-1)}`;

export const rolesHeading = (count: number) =>
  count === 0 ? "No roles open right now" : `${count} ${count === 1 ? "role" : "roles"} open now`;
