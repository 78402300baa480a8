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

/**
 * The categories that have at least one case study, as shown (the company's own spelling when it
 * names the category), in the company's order. Only these get a page and a filter: a category
 * without a study would be a dead end.
 */
export function categoriesWithStudies(): string[] {
  const present = new Map(loadCaseStudies().map((c) => [categorySlug(c.data.category), c.data.category]));
  const known = caseStudyCategories.filter((c) => present.has(categorySlug(c)));
  const others = [...present].filter(([slug]) => !known.some((c) => categorySlug(c) === slug)).map(([, c]) => c);
  return [...known, ...others];
}
