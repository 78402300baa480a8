/**
 * The role an application is sent for (issue 26, "apply from the role"): the role's page gives
 * its form the role, the form posts the role's slug beside the definition's fields, and the
 * server keeps it in `submissions.role` only when a role with that slug exists. The candidate's
 * confirmation, the team's notification, the webhook, the exports and the console then name it.
 */
import type { JobPosting } from "./roles";
import { slugPattern } from "./roles";

/** The request key of the slug, beside the form's own fields (never one of them: it is not typed). */
export const roleField = "role";

/** The form's field the role chooses: the role's position starts selected there. */
export const rolePositionField = "position";

/** What the form needs of a role: the page passes it from its own data, never from the DOM. */
export type AppliedRole = Pick<JobPosting, "slug" | "title" | "position"> & { offices?: readonly string[] };

/** A role as the team and the candidate read it, from the database: its slug and title. */
export interface NamedRole {
  slug: string;
  title: string;
}

/** "London", "London or Sydney", "San Francisco, London or Sydney". */
function places(offices: readonly string[]): string {
  if (offices.length <= 1) return offices[0] ?? "";
  return `${offices.slice(0, -1).join(", ")} or ${offices.at(-1)}`;
}

/** The role as a sentence names it: "Senior React Developer in London". */
export function roleName(role: Pick<AppliedRole, "title" | "offices">): string {
  const where = places(role.offices ?? []);
  return where ? `${role.title} in ${where}` : role.title;
}

/** The line above the form's fields on a role's page. */
export const applyingForLine = (role: Pick<AppliedRole, "title" | "offices">) =>
  `You are applying for ${roleName(role)}.`;

/** Longest slug a role can have (contracts/careers/role-input.ts): longer is not worth a look-up. */
const slugMax = 100;

/**
 * The slug a post names, if it could be a role's at all: a string of the slug's shape. Anything
 * else (a path, markup, 10 KB) is dropped here, before it reaches a query, a page or a log.
 */
export function sentRoleSlug(fields: Record<string, unknown>): string | null {
  const value = fields[roleField];
  if (typeof value !== "string" || value.length === 0 || value.length > slugMax) return null;
  return slugPattern.test(value) ? value : null;
}
