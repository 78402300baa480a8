/** The company's case-study categories, in the order their filters appear; a category shows only once it has a study. */
export const caseStudyCategories = ["Mobile App", "Cloud", "Web", "AI"] as const;

export function categorySlug(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Prerendered stand-ins the server answers, with HTTP 404, for unknown ids and categories. */
export const missingCaseStudyId = "__missing";
