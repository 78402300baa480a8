/**
 * The portfolio the site shows, from one of two sources (decisions 067 and 078): the content
 * store's live portfolio items when the server renders the page with them in its load context
 * (`context.content`), else the repository's portfolio.json (the prerender, which has no context).
 */
import { portfolioItem } from "@contracts/content/items";
import type { SiteContent } from "@contracts/content/site-context";
import type { AppLoadContext } from "react-router";
import type { StudyPicture } from "./case-study-summary";
import { shownCollection } from "./collections";
import { portfolio } from "./company-pages";

export interface PortfolioView {
  id: string;
  title: string;
  description: string;
  /** The drawing, or an uploaded image in its 16:9 band. */
  picture: StudyPicture | null;
  /** Where 'View Project' leads: a page of the site, or an http(s) address. */
  link: string;
  note?: string;
}

const store = shownCollection("portfolio").store;

function storedPortfolio(content: SiteContent | undefined): PortfolioView[] | undefined {
  const items = content?.items[store];
  if (!items?.length) return undefined;
  const projects: (PortfolioView & { order: number })[] = [];
  for (const item of items) {
    // Checked when it went live; checked again so that a row written around the store is left out.
    const parsed = portfolioItem.safeParse(item.data);
    if (!parsed.success) continue;
    const { slug, title, description, image, link, note, order } = parsed.data;
    const meta = content!.images[image.imageId];
    projects.push({
      id: slug,
      title,
      description,
      link,
      note,
      order,
      picture: meta ? { image: meta, alt: image.alt } : null,
    });
  }
  return projects
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title))
    .map(({ order: _order, ...project }) => project);
}

function repositoryPortfolio(): PortfolioView[] {
  return portfolio.map((p) => ({
    id: p.title,
    title: p.title,
    description: p.description,
    picture: { src: p.image, alt: p.imageAlt },
    link: p.link,
    note: p.note,
  }));
}

/** The projects the page shows, in order: the store's when the server gave them, else portfolio.json's. */
export function portfolioFrom(context: AppLoadContext | undefined): PortfolioView[] {
  return storedPortfolio(context?.content) ?? repositoryPortfolio();
}
