import type { CaseStudy } from "./schemas";

/** A case study as its card shows it: the home page, the list, and the service and technology pages. */
export type CaseStudySummary = Pick<
  CaseStudy,
  "id" | "title" | "category" | "excerpt" | "image" | "imageAlt" | "client" | "industry" | "results"
>;
