/**
 * The one-time import of today's case studies (app/content/case-studies/*.md, front matter read
 * with gray-matter) into the content store: `npm run admin -- content-import` (decision 065). The
 * body's "Challenge" and "Solution" sections become rich text through the editor part's
 * converter; the front matter's fields map onto the case-study schema by the names s41-shared.md
 * fixes (client, industry, results, quote, services, technologies, team). An item that passes the
 * schema goes live as its first revision; one that lacks a field stays a draft, listed with what
 * it lacks. The picture, one of the repository's drawings, becomes an image (import-pictures.ts). Running it again changes nothing: an address already in the store is kept.
 */
import matter from "gray-matter";
import type { Kysely } from "kysely";
import type { DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import { day, importFiles, sections, withoutUndefined, type ImportedFile, type ImportOptions } from "./import-markdown";
import { richTextFromMarkdown } from "./rich-text-from-markdown";

export type { ImportedFile, ImportResult } from "./import-markdown";

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
    // Today's pictures are the site's own SVG files, not uploads: the import saves each as an image
    // first (import-pictures.ts) and puts its id here; a missing one leaves the item a draft.
    hero: typeof fm.image === "string" ? { imageId: fm.image, alt: fm.imageAlt } : undefined,
    seo: {
      title: fm.seoTitle ?? (title && title.length <= 60 ? title : undefined),
      description: fm.seoDescription ?? (excerpt && excerpt.length <= 160 ? excerpt : undefined),
      // The site draws a share picture from the title when none is chosen.
      sharePicture: null,
    },
  };
  return withoutUndefined(draft);
}

export const importCaseStudies = (db: Kysely<Database>, files: ImportedFile[], opts: ImportOptions) =>
  importFiles(db, "case-studies", files, caseStudyDraft, opts);
