/** The company's case-study categories: each has a page, even while it has no case study yet. */
export const caseStudyCategories = ["Mobile App", "Cloud", "Web", "AI"] as const;

export function categorySlug(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Prerendered stand-ins the server answers, with HTTP 404, for unknown ids and categories. */
export const missingCaseStudyId = "__missing";
