/**
 * A collection's feed (app/content/collections.ts), a resource route: React Router prerenders it
 * to a file beside the pages (build/client/<feed path>), which the server sends as RSS or Atom. Once the
 * content store holds the collection's items, the server renders it per request from them
 * (decision 067): each stored collection's entries come from `storedEntries`.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RichText } from "~/components/content/RichText";
import type { AppLoadContext } from "react-router";
import { caseStudies, collections, insights, type Collection } from "~/content/collections";
import { loadItems } from "~/content/collections.server";
import { caseStudiesFrom, fromStore } from "~/content/case-studies.server";
import { feedOf, feedType, feedXml, type FeedEntry } from "~/content/feed.server";
import { insightsFrom, insightsFromStore } from "~/content/insights.server";
import type { Route } from "./+types/collection-feed";

/** The story's words as React renders them (escaped); its figures are left to the page. */
const richHtml = (doc: Parameters<typeof RichText>[0]["doc"]) =>
  renderToStaticMarkup(createElement(RichText, { doc, renderImage: () => null }));

/** A collection's entries from the store, when the server gave its items; undefined for the build's Markdown. */
function storedEntries(collection: Collection, context: AppLoadContext | undefined): FeedEntry[] | undefined {
  if (collection === caseStudies && fromStore(context))
    return caseStudiesFrom(context).map((s) => ({
      id: s.id,
      title: s.title,
      date: new Date(`${s.date}T00:00:00Z`),
      excerpt: s.excerpt,
      groups: [s.category],
      html: "html" in s.story ? s.story.html : richHtml(s.story.challenge) + richHtml(s.story.solution),
    }));
  if (collection === insights && insightsFromStore(context))
    return insightsFrom(context).map(({ data, body }) => ({
      id: data.id,
      title: data.title,
      date: data.date,
      excerpt: data.excerpt,
      groups: data.tags,
      author: { name: data.author.name },
      html: "html" in body ? body.html : richHtml(body.doc),
    }));
  return undefined;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const collection = collections.find((c) => c.feed?.path === pathname);
  if (!collection) throw new Response("Not Found", { status: 404 });
  const headers = { "Content-Type": `${feedType(collection)}; charset=utf-8` };
  const stored = storedEntries(collection, context);
  return new Response(stored ? feedOf(collection, stored) : feedXml(collection, loadItems(collection)), { headers });
}
