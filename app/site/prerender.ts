import { categorySlug, missingCaseStudyId } from "../content/case-studies";
import { categoriesWithStudies, loadCaseStudies } from "../content/case-studies.server";
import { validateContent } from "../content/validate";
import { pages, caseStudyPaths, roleTemplatePath } from "./pages";

/** Path whose prerendered HTML the server answers, with status 404, for every unknown URL. */
export const notFoundPath = "/404";

/** Stand-ins answered with status 404 for an unknown case study or category (they name what is missing). */
export const missingCaseStudyPaths = {
  detail: caseStudyPaths.detail(missingCaseStudyId),
  category: caseStudyPaths.category(missingCaseStudyId),
};

/** Public paths beyond the page table (case studies and their categories), listed in the sitemap. */
export async function sitemapPaths(): Promise<string[]> {
  const studies = loadCaseStudies();
  return [
    ...studies.map((s) => caseStudyPaths.detail(s.data.id)),
    ...categoriesWithStudies().map((c) => caseStudyPaths.category(categorySlug(c))),
  ];
}

/** What React Router prerenders: every page, and the careers role template. */
export async function prerenderedFiles(): Promise<string[]> {
  return [...(await prerenderPaths()), roleTemplatePath];
}

/** Every path rendered to static HTML at build time and served as it is (the role template aside). */
export async function prerenderPaths(): Promise<string[]> {
  validateContent();
  return [
    ...pages.map((p) => p.path),
    ...(await sitemapPaths()),
    missingCaseStudyPaths.detail,
    missingCaseStudyPaths.category,
    notFoundPath,
  ];
}
