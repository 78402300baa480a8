/**
 * The case studies a page shows, from one of two sources (decision 067): the content store's live
 * items when the server renders the page with them in its load context (`context.content`), else
 * the build's Markdown (the prerender, which has no context). The one function the case-study
 * routes, the feed, the home page and the service and technology pages call.
 */
import { caseStudyItem, type CaseStudyItem } from "@contracts/content/items";
import type { SiteContent } from "@contracts/content/site-context";
import type { AppLoadContext } from "react-router";
import { caseStudies } from "./collections";
import { markdownCaseStudies } from "./collections.server";
import type { CaseStudyView } from "./case-study-summary";
import { storedSeo } from "./item-seo";

/** The store's live studies, newest first; undefined when the store holds none (the build's files then). */
function storedStudies(content: SiteContent | undefined): CaseStudyView[] | undefined {
  const items = caseStudies.store && content?.items[caseStudies.store];
  if (!items?.length) return undefined;
  const views: CaseStudyView[] = [];
  for (const item of items) {
    // Checked when it went live; checked again so that a row written around the store (or under
    // an older schema) is left out rather than breaking every page that lists studies.
    const parsed = caseStudyItem.safeParse(item.data);
    if (parsed.success) views.push(viewOfStored(parsed.data, item.publishedAt, content!));
  }
  return views.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

function viewOfStored(study: CaseStudyItem, published: string, content: SiteContent): CaseStudyView {
  const image = content.images[study.hero.imageId];
  return {
    id: study.slug,
    title: study.title,
    category: study.category,
    excerpt: study.excerpt,
    client: study.client,
    industry: study.industry,
    results: study.results,
    date: study.date,
    published,
    // An image deleted around the store leaves the study without a picture, not without a page.
    picture: image ? { image, alt: study.hero.alt } : null,
    quote: study.quote,
    team: study.team ?? [],
    services: study.services,
    technologies: study.technologies,
    story: { challenge: study.challenge, solution: study.solution },
    seo: storedSeo(study.seo, study.hero, content.images),
  };
}

/** Every case study the site shows, newest first: the store's when the server gave them, else the build's. */
export function caseStudiesFrom(context: AppLoadContext | undefined): CaseStudyView[] {
  return storedStudies(context?.content) ?? markdownCaseStudies();
}

/** Whether the server renders the studies from the store (its answers for unknown addresses are then 404s of its own). */
export function fromStore(context: AppLoadContext | undefined): boolean {
  return storedStudies(context?.content) !== undefined;
}

/** Whether the page renders a preview of this study's draft (its page then says noindex). */
export function isPreviewOf(context: AppLoadContext | undefined, id: string): boolean {
  const preview = context?.content?.preview;
  return preview !== undefined && preview.collection === caseStudies.store && preview.slug === id;
}

/** The images the page's rich text names, for its figures. */
export function imagesFrom(context: AppLoadContext | undefined): SiteContent["images"] {
  return context?.content?.images ?? {};
}
