/**
 * The one-time import of today's case studies (app/content/case-studies/*.md, front matter read
 * with gray-matter) into the content store: `npm run admin -- content-import` (decision 065). The
 * body's "Challenge" and "Solution" sections become rich text through the editor part's
 * converter; the front matter's fields map onto the case-study schema by the names s41-shared.md
 * fixes (client, industry, results, quote, services, technologies, team). An item that passes the
 * schema goes live as its first revision; one that lacks a field stays a draft, listed with what
 * it lacks. Running it again changes nothing: an address already in the store is kept.
 */
import matter from "gray-matter";
import type { Kysely } from "kysely";
import type { DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import type { AddRedirect } from "./redirect-seam";
import type { ImageUses } from "./image-seam";
import { syncImageUses } from "./image-uses";
import { MarkdownImportError, richTextFromMarkdown } from "./rich-text-from-markdown";
import { importItem, type Issue } from "./store";

export interface ImportedFile {
  name: string;
  text: string;
}

export interface ImportResult {
  file: string;
  slug: string;
  /** refused: its Markdown holds what the stored format cannot (the issue says what and where). */
  result: "published" | "draft" | "kept" | "refused";
  issues: Issue[];
}

/** The body's `## Name` sections, by lower-case name; words before the first heading under "". */
function sections(body: string): Map<string, string> {
  const found = new Map<string, string>();
  let name = "";
  let lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading) {
      found.set(name, lines.join("\n").trim());
      name = heading[1]!.toLowerCase();
      lines = [];
    } else lines.push(line);
  }
  found.set(name, lines.join("\n").trim());
  return found;
}

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** A case study's draft from its Markdown file, with only the fields the file gives. */
export function caseStudyDraft(file: ImportedFile, siteOrigin: string): DraftData {
  const { data: front, content } = matter(file.text);
  const fm = front as Record<string, unknown>;
  const parts = sections(content);
  const slug = typeof fm.id === "string" ? fm.id : file.name.replace(/\.md$/, "");
  const results = fm.results;
  // The Results section's words stay, at the solution's end: the figures in the front matter are
  // their headline, not all of them (the page shows both), and an import loses no words.
  const solution = parts.get("results")
    ? `${parts.get("solution") ?? ""}\n\n## Results\n\n${parts.get("results")}`
    : (parts.get("solution") ?? "");
  const title = typeof fm.title === "string" ? fm.title : undefined;
  const excerpt = typeof fm.excerpt === "string" ? fm.excerpt : undefined;
  const draft: Record<string, unknown> = {
    slug,
    title,
    excerpt,
    date: day(fm.date),
    client: fm.client,
    industry: fm.industry,
    category: fm.category,
    challenge: parts.get("challenge") ? richTextFromMarkdown(parts.get("challenge")!, { siteOrigin }) : undefined,
    solution: solution ? richTextFromMarkdown(solution, { siteOrigin }) : undefined,
    results,
    quote: fm.quote,
    services: fm.services ?? [],
    technologies: fm.technologies ?? [],
    team: fm.team,
    // Today's pictures are the site's own SVG files, not uploads: the item keeps their words and
    // address and stays a draft ("Choose an uploaded image") until marketing uploads its hero.
    hero: typeof fm.image === "string" ? { imageId: fm.image, alt: fm.imageAlt } : undefined,
    seo: {
      title: fm.seoTitle ?? (title && title.length <= 60 ? title : undefined),
      description: fm.seoDescription ?? (excerpt && excerpt.length <= 160 ? excerpt : undefined),
      // The site draws a share picture from the title when none is chosen.
      sharePicture: null,
    },
  };
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as DraftData;
}

export async function importCaseStudies(
  db: Kysely<Database>,
  files: ImportedFile[],
  opts: { now: Date; siteOrigin: string; addRedirect: AddRedirect; imageUses: ImageUses },
): Promise<ImportResult[]> {
  const { now, siteOrigin, addRedirect } = opts;
  const results: ImportResult[] = [];
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
    let draft: DraftData;
    try {
      draft = caseStudyDraft(file, siteOrigin);
    } catch (error) {
      if (!(error instanceof MarkdownImportError)) throw error;
      const slug = file.name.replace(/\.md$/, "");
      results.push({ file: file.name, slug, result: "refused", issues: [{ path: "body", message: error.message }] });
      continue;
    }
    const { item, ...done } = await importItem(db, "case-studies", draft, now, addRedirect);
    if (item) await syncImageUses(db, null, item, opts.imageUses);
    results.push({ file: file.name, slug: draft.slug, ...done });
  }
  return results;
}
