/**
 * The careers routes' loader data, made from what the server hands them per request (the load
 * context, contracts/careers/pages-renderer.ts). Imported by the routes' loaders only, so React
 * Router keeps it, and the Markdown parser with it, out of the browser's bundle.
 */
import type { CareersPageInput } from "@contracts/careers/pages-renderer";
import type { JobPosting } from "@contracts/careers/roles";
import { roleDescriptionHtml } from "@contracts/careers/role-markdown";
import { descriptionSummary } from "@contracts/careers/role-summary";
import { listFilter, roleSummary, type CareerListData, type RolePageData } from "./careers-data";

export function rolePageData(
  role: Omit<JobPosting, "id" | "state" | "updatedAt">,
  positions: readonly string[],
): RolePageData {
  return {
    kind: "role",
    positions: [...positions],
    role: {
      ...roleSummary(role),
      descriptionHtml: roleDescriptionHtml(role.description),
      summary: descriptionSummary(role.description),
    },
  };
}

/** /career's data: the open roles, the address's filter (unknown values left out) and the form's positions. */
export function listPageData(input: Extract<CareersPageInput, { kind: "list" }>): CareerListData {
  const roles = input.roles.map(roleSummary);
  return { kind: "list", roles, filter: listFilter(input.query, roles), positions: [...input.positions] };
}
