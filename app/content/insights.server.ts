/**
 * The insights the site's pages show, from one of two sources (decision 067, as case studies):
 * the content store's live items when the server renders the page with them in its load context
 * (`context.content`), else the build's Markdown (the prerender, which has no context). The one
 * function the insight routes and the feed call.
 */
import { insightItem, type InsightItem } from "@contracts/content/items";
import type { SiteContent } from "@contracts/content/site-context";
import type { AppLoadContext } from "react-router";
import { groupPath, groupSlug, insights } from "./collections";
import { loadItems } from "./collections.server";
import type { InsightSummary, InsightView } from "./insight-summary";
import { storedSeo } from "./item-seo";

/** The store's live insights; undefined when the store holds none (the build's files then). */
function storedInsights(content: SiteContent | undefined): InsightView[] | undefined {
  const items = insights.store && content?.items[insights.store];
  if (!items?.length) return undefined;
  const views: InsightView[] = [];
  for (const item of items) {
    // Checked when it went live; checked again so that a row written around the store is left out
    // rather than breaking every page that lists insights.
    const parsed = insightItem.safeParse(item.data);
    if (parsed.success) views.push(viewOfStored(parsed.data, item.publishedAt, content!));
  }
  return views.sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || a.data.id.localeCompare(b.data.id));
}

function viewOfStored(insight: InsightItem, published: string, content: SiteContent): InsightView {
  const image = content.images[insight.hero.imageId];
  const { slug, title, excerpt, date, author, tags, body } = insight;
  return {
    data: { id: slug, title, excerpt, date: new Date(`${date}T00:00:00Z`), author, tags },
    // An image deleted around the store leaves the article without a picture, not without a page.
    picture: image ? { image, alt: insight.hero.alt } : null,
    body: { doc: body },
    published,
    seo: storedSeo(insight.seo, insight.hero, content.images),
  };
}

function markdownInsights(root?: string): InsightView[] {
  return loadItems(insights, root).map(({ data, html }) => ({
    data,
    picture: { src: data.image, alt: data.imageAlt },
    body: { html },
  }));
}

/** Every insight, newest first: the store's when the server gave them, else the build's. */
export function insightsFrom(context?: AppLoadContext, root?: string): InsightView[] {
  return storedInsights(context?.content) ?? markdownInsights(root);
}

/** Whether the server renders the insights from the store (its answers for unknown addresses are then 404s of its own). */
export function insightsFromStore(context: AppLoadContext | undefined): boolean {
  return storedInsights(context?.content) !== undefined;
}

/** Whether the page renders a preview of this insight's draft (its page then says noindex). */
export function isInsightPreview(context: AppLoadContext | undefined, id: string): boolean {
  const preview = context?.content?.preview;
  return preview !== undefined && preview.collection === insights.store && preview.slug === id;
}

/** An insight's tags with their pages' addresses. */
export function tagLinks(tags: readonly string[]): InsightSummary["tags"] {
  return tags.map((name) => ({ name, path: groupPath(insights, groupSlug(name)) }));
}

export function insightSummary({ data, picture }: InsightView): InsightSummary {
  const { id, title, excerpt, author, date, tags } = data;
  return { id, title, excerpt, picture, author, date: date.toISOString(), tags: tagLinks(tags) };
}
