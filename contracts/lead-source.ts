/**
 * Where an enquiry came from (issue 27, "leads with their source"): the site page its form was
 * sent from, and, only with the visitor's consent to measurement, the visit's first external
 * referrer host and utm_campaign. They travel beside the form's fields under the request keys
 * below (never fields of a definition: no one types them), and the server keeps each one only
 * when it is clean: anything else a stranger sends is stored as null, never as sent.
 * See docs/decisions/038-lead-source.md.
 */

/** The request keys, beside the form's own fields. */
export const sourceFields = {
  path: "source_path",
  referrer: "source_referrer",
  campaign: "source_campaign",
} as const;

/** Where the page keeps the visit's source in sessionStorage (after consent only; gone on withdrawal). */
export { visitSourceKey } from "./consent";

/** What the page keeps: the first external referrer host and utm_campaign of this visit. */
export interface VisitSource {
  referrer?: string;
  campaign?: string;
}

export interface LeadSource {
  path: string | null;
  referrer: string | null;
  campaign: string | null;
}

const pathPattern = /^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/;
/** A host name's letters: labels of a-z, 0-9 and inner hyphens, 253 characters at most. */
const hostPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** The same safe letters as the analytics collector keeps of a campaign, at most 100. */
const campaignPattern = /^[A-Za-z0-9 ._+-]{1,100}$/;

const text = (fields: Record<string, unknown>, key: string) => {
  const value = fields[key];
  return typeof value === "string" && value.length <= 300 ? value : undefined;
};

/** A path of a site page's shape (letters, digits, ._~- between slashes; no query, no dots alone); else null. */
export function sourcePathShape(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 200 || !pathPattern.test(value)) return null;
  return value.split("/").some((part) => part === "." || part === "..") ? null : value;
}

/** A clean site path ("/services/cloudservice") that is one of `pages`; else null. */
export function cleanSourcePath(value: unknown, pages: ReadonlySet<string>): string | null {
  const path = sourcePathShape(value);
  return path !== null && pages.has(path) ? path : null;
}

/** A host name as a browser's URL parser gives it (lower case, no port); else null. */
export function cleanReferrerHost(value: unknown): string | null {
  return typeof value === "string" && hostPattern.test(value) ? value : null;
}

/** A campaign of safe letters, 100 at most, trimmed; else null. */
export function cleanCampaign(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return campaignPattern.test(trimmed) ? trimmed : null;
}

/** The source a post names, each part checked on its own: one hostile part voids only itself. */
export function sentLeadSource(fields: Record<string, unknown>, pages: ReadonlySet<string>): LeadSource {
  return {
    path: cleanSourcePath(text(fields, sourceFields.path), pages),
    referrer: cleanReferrerHost(text(fields, sourceFields.referrer)),
    campaign: cleanCampaign(text(fields, sourceFields.campaign)),
  };
}

/** The post without the source's keys: what the spam rules read (a page path is not a link in a message). */
export function withoutSource(fields: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...fields };
  for (const key of Object.values(sourceFields)) delete rest[key];
  return rest;
}

/** The console's line: "Sent from /services/cloudservice · arrived from google.com · campaign spring". */
export function leadSourceLine(source: LeadSource): string | null {
  const parts = [
    source.path && `Sent from ${source.path}`,
    source.referrer && `arrived from ${source.referrer}`,
    source.campaign && `campaign ${source.campaign}`,
  ].filter(Boolean) as string[];
  if (parts.length === 0) return null;
  const line = parts.join(" · ");
  return line.charAt(0).toUpperCase() + line.slice(1);
}
