import { categorySlug, caseStudyCategories } from "./case-studies";
import { caseStudySchema } from "./schemas";
import { readMarkdownCollection } from "./markdown.server";

export function loadCaseStudies(root?: string) {
  const entries = readMarkdownCollection("case-studies", caseStudySchema, root);
  for (const e of entries) {
    if (e.slug !== e.data.id)
      throw new Error(`Content error in case-studies/${e.slug}.md: id must equal the file name`);
  }
  return entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

export function categoriesWithPages(): string[] {
  const fromContent = loadCaseStudies().map((c) => c.data.category);
  return [...new Set([...caseStudyCategories, ...fromContent].map(categorySlug))];
}
