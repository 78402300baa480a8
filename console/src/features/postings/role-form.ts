/**
 * The role editor's form as the page holds it (strings, as the inputs give them) and as the
 * server takes it (roleInput in contracts/careers/role-input.ts). The server is the one
 * validator: it answers each field's message, keyed as `fieldIds` names them here.
 */
import type { JobPosting, OfficeCity } from "@contracts/careers/roles";
import { employmentTypes, salaryPeriods, utcDay, workplaces } from "@contracts/careers/roles";

export interface RoleDraft {
  title: string;
  slug: string;
  position: string;
  offices: OfficeCity[];
  employmentType: string;
  workplace: string;
  salaryMin: string;
  salaryMax: string;
  currency: string;
  period: string;
  description: string;
  datePosted: string;
  validThrough: string;
}

export function emptyDraft(today: Date): RoleDraft {
  return {
    title: "",
    slug: "",
    position: "",
    offices: [],
    employmentType: "",
    workplace: "",
    salaryMin: "",
    salaryMax: "",
    currency: "",
    period: "",
    description: "",
    datePosted: utcDay(today),
    validThrough: "",
  };
}

export function draftOf(role: JobPosting): RoleDraft {
  return {
    title: role.title,
    slug: role.slug,
    position: role.position,
    offices: [...role.offices],
    employmentType: role.employmentType,
    workplace: role.workplace,
    salaryMin: role.salary ? String(role.salary.min) : "",
    salaryMax: role.salary ? String(role.salary.max) : "",
    currency: role.salary?.currency ?? "",
    period: role.salary?.period ?? "",
    description: role.description,
    datePosted: role.datePosted,
    validThrough: role.validThrough,
  };
}

/** "85,000" and "85 000" are 85000; anything else is sent as null, which the server names. */
function amount(text: string): number | null {
  const digits = text.replace(/[\s,]/g, "");
  return /^\d{1,12}$/.test(digits) ? Number(digits) : null;
}

/** What the server takes: the salary is all four parts or null, an empty address means "make one". */
export function bodyOf(draft: RoleDraft) {
  const salaryParts = [draft.salaryMin, draft.salaryMax, draft.currency, draft.period];
  return {
    title: draft.title,
    slug: draft.slug.trim() || undefined,
    position: draft.position,
    offices: draft.offices,
    employmentType: draft.employmentType,
    workplace: draft.workplace,
    salary: salaryParts.every((part) => part.trim() === "")
      ? null
      : {
          min: amount(draft.salaryMin),
          max: amount(draft.salaryMax),
          currency: draft.currency || null,
          period: draft.period || null,
        },
    description: draft.description,
    datePosted: draft.datePosted,
    validThrough: draft.validThrough,
  };
}

/**
 * Each field the server may name, in the form's order, with the id of the control that takes the
 * focus when it is the first one to fix (a group's first control).
 */
export const fieldIds = {
  title: "r-title",
  slug: "r-slug",
  position: "r-position",
  offices: "r-office-0",
  employmentType: "r-type",
  workplace: "r-workplace",
  datePosted: "r-posted",
  validThrough: "r-closes",
  salary: "r-salary-min",
  "salary.min": "r-salary-min",
  "salary.max": "r-salary-max",
  "salary.currency": "r-currency",
  "salary.period": "r-period",
  description: "r-description",
} as const;
export type RoleField = keyof typeof fieldIds;

/** The first field in the form's order that has a message. */
export function firstInvalid(errors: Partial<Record<string, string>>): RoleField | undefined {
  return (Object.keys(fieldIds) as RoleField[]).find((field) => errors[field]);
}

export const typeWords = employmentTypes;
export const workplaceWords = workplaces;
export const periodWords = salaryPeriods;

/** A date as the console shows it: 9 Nov 2026. */
export function dayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" });
}

/** A role's state as HR reads it, with what the server's clock decided (open, expired). */
export function standingText(
  role: { state: JobPosting["state"]; datePosted: string },
  open: boolean,
  expired: boolean,
) {
  if (role.state === "draft") return "Draft";
  if (role.state === "closed") return "Closed";
  if (expired) return "Expired";
  if (open) return "Published";
  return `Published, shown from ${dayText(role.datePosted)}`;
}
