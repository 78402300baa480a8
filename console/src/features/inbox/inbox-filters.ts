/** The inbox's filters: its own module, so the inbox and its export buttons both read it without a cycle. */
import type { Kind } from "../../api";

export type Filters = {
  kind: "" | Kind;
  status: string;
  from: string;
  to: string;
  q: string;
  /** A role's slug, or `withoutRole` (contracts/pipeline-answers.ts). */
  role: string;
  position: string;
  /** A sender domain chosen in the inbox's groups (DomainGroups.tsx): hidden state, never the address. */
  domain: string;
  /** Mine or Unassigned (InboxViews.tsx); "" is All. */
  view: string;
};

/** Filters without empty values, as the API takes them. */
export function filterBody(f: Filters) {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ""));
}

/**
 * The filters the inbox's address carries: all but the search words, which may be a name and so
 * stay out of addresses, history lists and logs (they live in the history entry's hidden state).
 */
export const filtersInAddress = [
  "kind",
  "status",
  "role",
  "position",
  "from",
  "to",
  "view",
] as const satisfies readonly (keyof Filters)[];

/** The filters kept out of the address (the search words, a chosen domain), for the history entry. */
export function hiddenFilters(f: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries({ q: f.q, domain: f.domain }).filter(([, v]) => v));
}

/** `?kind=application&role=…`: the address's query of these filters (empty ones left out). */
export function filterQuery(f: Partial<Filters>): string {
  const params = new URLSearchParams();
  for (const key of filtersInAddress) if (f[key]) params.set(key, f[key]);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The inbox's address for these filters: the Hiring table's counts link here. */
export function inboxHref(f: Partial<Filters>): string {
  return `/${filterQuery(f)}`;
}

/** The fields of the filter form itself (the view and a chosen domain are shown outside it). */
const formFields = [
  "kind",
  "status",
  "from",
  "to",
  "q",
  "role",
  "position",
] as const satisfies readonly (keyof Filters)[];

/** How many of the form's filters differ from the person's defaults: what the folded form's button counts. */
export function appliedFilters(f: Filters, defaults: Filters): number {
  return formFields.filter((key) => f[key] !== defaults[key]).length;
}
