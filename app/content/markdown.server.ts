/**
 * Markdown content (case studies, legal pages) read at build time: the route loaders that call
 * this run only during prerendering, so neither the files nor the parsers reach the browser.
 */
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { marked } from "marked";
import type { z } from "zod";
import { statePeriods } from "../../contracts/retention-periods";
import { legalSchema } from "./schemas";

const contentRoot = path.resolve("app/content");

export interface MarkdownEntry<T> {
  slug: string;
  data: T;
  html: string;
}

/**
 * Reads every .md file of a content folder, validating its front matter; a bad file fails the
 * build. `write` turns a file's Markdown into what the page says (its slug and body given).
 */
export function readMarkdownCollection<T>(
  folder: string,
  schema: z.ZodType<T>,
  root = contentRoot,
  write: (slug: string, markdown: string) => string = (_slug, markdown) => markdown,
): MarkdownEntry<T>[] {
  const dir = path.resolve(root, folder);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file) => {
      const { data, content } = matter(fs.readFileSync(path.join(dir, file), "utf8"));
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
        throw new Error(`Content error in ${folder}/${file}: ${problems}`);
      }
      const slug = file.replace(/\.md$/, "");
      return { slug, data: parsed.data, html: marked.parse(write(slug, content), { async: false }) };
    });
}

/** The legal pages, their retention periods written from the retention table (contracts/retention-periods.ts). */
export function readLegalPages(root = contentRoot) {
  return readMarkdownCollection("legal", legalSchema, root, statePeriods);
}
