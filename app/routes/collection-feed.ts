/**
 * A collection's feed (app/content/collections.ts), a resource route: React Router prerenders it
 * to a file beside the pages (build/client/<feed path>), which the server sends as RSS or Atom. Once the
 * content store holds the collection's items, the server renders it per request from them
 * (decision 067).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RichText } from "~/components/content/RichText";
import { caseStudies, collections } from "~/content/collections";
import { loadItems } from "~/content/collections.server";
import { caseStudiesFrom, fromStore } from "~/content/case-studies.server";
import { feedOf, feedType, feedXml } from "~/content/feed.server";
import type { Route } from "./+types/collection-feed";

export function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const collection = collections.find((c) => c.feed?.path === pathname);
  if (!collection) throw new Response("Not Found", { status: 404 });
  const headers = { "Content-Type": `${feedType(collection)}; charset=utf-8` };
  if (collection === caseStudies && fromStore(context)) {
    // The story's words as React renders them (escaped); its figures are left to the page.
    const story = (doc: Parameters<typeof RichText>[0]["doc"]) =>
      renderToStaticMarkup(createElement(RichText, { doc, renderImage: () => null }));
    const entries = caseStudiesFrom(context).map((s) => ({
      id: s.id,
      title: s.title,
      date: new Date(`${s.date}T00:00:00Z`),
      excerpt: s.excerpt,
      groups: [s.category],
      html: "html" in s.story ? s.story.html : story(s.story.challenge) + story(s.story.solution),
    }));
    return new Response(feedOf(collection, entries), { headers });
  }
  return new Response(feedXml(collection, loadItems(collection)), { headers });
}
