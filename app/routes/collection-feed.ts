/**
 * A collection's feed (app/content/collections.ts), a resource route: React Router prerenders it
 * to a file beside the pages (build/client/<feed path>), which the server sends as RSS or Atom.
 */
import { collections } from "~/content/collections";
import { loadItems } from "~/content/collections.server";
import { feedType, feedXml } from "~/content/feed.server";
import type { Route } from "./+types/collection-feed";

export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const collection = collections.find((c) => c.feed?.path === pathname);
  if (!collection) throw new Response("Not Found", { status: 404 });
  return new Response(feedXml(collection, loadItems(collection)), {
    headers: { "Content-Type": `${feedType(collection)}; charset=utf-8` },
  });
}
