import { z } from "zod";

/** Front matter of a case study (app/content/case-studies/<id>.md). */
export const caseStudySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes"),
  title: z.string().min(10),
  category: z.string().min(2).describe("Shown as written; matched ignoring case"),
  excerpt: z.string().min(40).max(300),
  image: z.string().regex(/^\/images\/[a-z0-9-]+\.(svg|webp|avif)$/),
  imageAlt: z.string().min(10),
  date: z.coerce.date(),
});
export type CaseStudyMeta = z.infer<typeof caseStudySchema>;

/** The company's case-study categories: each has a page, even while it has no case study yet. */
export const caseStudyCategories = ["Mobile App", "Cloud", "Web", "AI"] as const;

export function categorySlug(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Prerendered stand-ins the server answers, with HTTP 404, for unknown ids and categories. */
export const missingCaseStudyId = "__missing";
