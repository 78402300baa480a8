/**
 * The careers routes' loader data, made from what the server hands them per request (the load
 * context, contracts/careers/pages-renderer.ts). Imported by the routes' loaders only, so React
 * Router keeps it, and the Markdown parser with it, out of the browser's bundle.
 */
import type { CareersPageInput } from "@contracts/careers/pages-renderer";
import type { JobPosting } from "@contracts/careers/roles";
import { roleDescriptionHtml } from "@contracts/careers/role-markdown";
import { listFilter, roleSummary, type CareerListData, type RolePageData } from "./careers-data";

/** A Markdown link, an image, an autolink or a bare address: a sentence holding one is a pointer, not a summary. */
const linkInText = /!?\[[^\]]*\]\([^)]*\)|<(?:https?:|mailto:)[^>]*>|\bhttps?:\/\/|\bwww\./i;

/**
 * The meta and og:description of a role (issue 44): the sentences of the description's first
 * paragraph that hold no link, as plain text, at most 160 characters. A sentence such as "Read
 * about our [engineering culture](/about)." says nothing about the role once its link is gone,
 * so it is left out, and a paragraph of such sentences only gives way to the next paragraph.
 */
export function descriptionSummary(markdown: string): string {
  const paragraphs = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block && !/^(#|[-*+] |\d+\. |>|```)/.test(block));
  for (const paragraph of paragraphs) {
    const sentences = paragraph
      .replace(/\s+/g, " ")
      .split(/(?<=[.!?])\s+(?=[^a-z])/)
      .filter((sentence) => !linkInText.test(sentence));
    const text = sentences
      .join(" ")
      .replace(/[*_`~]+/g, "")
      .trim();
    if (!text) continue;
    if (text.length <= 160) return text;
    return `${text.slice(0, 159).replace(/\s+\S*$/, "")}…`;
  }
  return "";
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
