/**
 * Today's insights (app/content/insights/*.md, front matter read with gray-matter) as drafts of
 * the content store's insights (contracts/content/items.ts `insightItem`, decision 069), for the
 * one-time import (import-markdown.ts, `npm run admin -- content-import`). The whole body becomes
 * the rich-text `body`; the front matter maps by name (title, excerpt, date, author, tags), the
 * picture to `hero`. Like today's case studies, today's pictures are the site's SVG drawings, not
 * uploads: the import saves each as an image first (import-pictures.ts), so complete items go live.
 */
import matter from "gray-matter";
import type { Kysely } from "kysely";
import type { DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import { day, importFiles, withoutUndefined, type ImportedFile, type ImportOptions } from "./import-markdown";
import { richTextFromMarkdown } from "./rich-text-from-markdown";

/** An insight's draft from its Markdown file, with only the fields the file gives. */
export function insightDraft(file: ImportedFile, siteOrigin: string): DraftData {
  const { data: front, content } = matter(file.text);
  const fm = front as Record<string, unknown>;
  const title = typeof fm.title === "string" ? fm.title : undefined;
  const excerpt = typeof fm.excerpt === "string" ? fm.excerpt : undefined;
  return withoutUndefined({
    slug: typeof fm.id === "string" ? fm.id : file.name.replace(/\.md$/, ""),
    title,
    excerpt,
    date: day(fm.date),
    author: fm.author,
    tags: fm.tags,
    hero: typeof fm.image === "string" ? { imageId: fm.image, alt: fm.imageAlt } : undefined,
    body: content.trim() ? richTextFromMarkdown(content, { siteOrigin }) : undefined,
    seo: {
      title: fm.seoTitle ?? (title && title.length <= 60 ? title : undefined),
      description: fm.seoDescription ?? (excerpt && excerpt.length <= 160 ? excerpt : undefined),
      // The site draws a share picture from the title when none is chosen.
      sharePicture: null,
    },
  });
}

export const importInsights = (db: Kysely<Database>, files: ImportedFile[], opts: ImportOptions) =>
  importFiles(db, "insights", files, insightDraft, opts);
