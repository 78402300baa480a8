/**
 * A legal page as the site's build writes it: its Markdown body with the retention periods filled
 * from the table (contracts/retention-periods.ts `statePeriods`, as app/content/markdown.server.ts
 * does), so tests read the words a visitor reads.
 */
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { statePeriods } from "../../contracts/retention-periods";

/** The Markdown as stored, placeholders and all (front matter left off). */
export function legalMarkdown(page: string): string {
  return matter(fs.readFileSync(path.resolve("app/content/legal", `${page}.md`), "utf8")).content;
}

export function legalPageText(page: string): string {
  return statePeriods(page, legalMarkdown(page));
}
