/**
 * The careers routes' loader data, made from what the server hands them per request (the load
 * context, contracts/careers/pages-renderer.ts). Imported by the routes' loaders only, so React
 * Router keeps it, and the Markdown parser with it, out of the browser's bundle.
 */
import type { CareersPageInput } from "@contracts/careers/pages-renderer";
import type { JobPosting } from "@contracts/careers/roles";
import { roleDescriptionHtml } from "@contracts/careers/role-markdown";
import { listFilter, roleSummary, type CareerListData, type RolePageData } from "./careers-data";

/** The description's first paragraph as plain text, at most 160 characters (the meta description). */
export function descriptionSummary(markdown: string): string {
  const first =
    markdown
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block && !/^(#|[-*+] |\d+\. |>|```)/.test(block)) ?? "";
  const text = first
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= 160) return text;
  return `${text.slice(0, 159).replace(/\s+\S*$/, "")}…`;
}

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
