import { categorySlug, missingCaseStudyId } from "../content/case-studies";
import { categoriesWithStudies, loadCaseStudies } from "../content/case-studies.server";
import { validateContent } from "../content/validate";
import { pages, caseStudyPaths } from "./pages";

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

/**
 * Pages of the page table the server renders per request from the database through React Router's
 * server build (server/careers/, docs/decisions/055) instead of serving a prerendered file.
 */
export const renderedPerRequest: readonly string[] = ["/career"];

/** What React Router prerenders: every page but those rendered per request. */
export async function prerenderedFiles(): Promise<string[]> {
  return (await prerenderPaths()).filter((path) => !renderedPerRequest.includes(path));
}

/** Every path of the site that is not under a page rendered per request (listed in the site manifest). */
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
