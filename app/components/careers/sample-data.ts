/**
 * The data the careers templates are prerendered with: today's first roles and the seed's
 * positions (forms/application.ts), as data. Used at
 * build time only (the routes read it under import.meta.env.SSR), so beasties finds real markup
 * to inline the CSS of; the server renders the same sample to find the part it replaces.
 */
import { firstRoles } from "@contracts/careers/first-roles";
import { positions as seedPositions } from "@contracts/forms/application";
import type { JobRole } from "@contracts/careers/roles";
import { roleDescriptionHtml } from "@contracts/careers/role-markdown";
import { roleSummary, type CareerListData, type RolePageData } from "./careers-data";

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
  role: Omit<JobRole, "id" | "state" | "updatedAt">,
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

export function sampleListData(): CareerListData {
  return { kind: "list", roles: firstRoles.map(roleSummary), filter: {}, positions: [...seedPositions] };
}

export function sampleRoleData(): RolePageData {
  return rolePageData(firstRoles[0]!, seedPositions);
}
