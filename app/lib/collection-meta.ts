/**
 * Page meta of a content collection's pages (app/content/collections.ts). Apart from seo.ts, which
 * every page's meta imports (some islands among them), so that the collections' schemas reach
 * only the collections' own route modules.
 */
import type { MetaDescriptor } from "react-router";
import { itemPath, type Collection } from "~/content/collections";
import { pageByPath } from "~/site/pages";
import { company } from "~/site/company";
import type { ItemSeo } from "~/content/item-seo";
import { breadcrumbList } from "./json-ld";
import { pageMeta } from "./seo";

/**
 * Metadata of a collection item's page (app/content/collections.ts): its title, its excerpt, the
 * kind, group and company as keywords, and its breadcrumb through the list page. `item` null: the
 * stand-in answered for an unknown item, titled with the collection's not-found words and kept out
 * of search.
 */
export function collectionItemMeta(
  collection: Collection,
  item: { id: string; title: string; excerpt: string; group?: string; seo?: ItemSeo } | null,
  /** More structured data (the item's Article); `preview`: a draft shown by its signed link, kept out of search. */
  extra: { jsonLd?: readonly object[]; preview?: boolean } = {},
): MetaDescriptor[] {
  if (!item) return [{ title: collection.notFound.title }, { name: "robots", content: "noindex" }];
  const path = itemPath(collection, item.id);
  const list = pageByPath(collection.list);
  const meta = pageMeta({
    path,
    collectionKind: collection.itemKind,
    // A stored item's own search fields and share picture (decision 079); the Markdown's have none.
    title: item.seo?.title ?? item.title,
    description: item.seo?.description ?? item.excerpt.slice(0, 160),
    ...(item.seo?.picture ? { share: item.seo.picture } : {}),
    keywords: [collection.itemKind.toLowerCase(), ...(item.group ? [item.group] : []), company.shortName],
    jsonLd: [
      breadcrumbList([
        { name: "Home", path: "/" },
        { name: list?.label ?? collection.name, path: collection.list },
        { name: item.title, path },
      ]),
      ...(extra.jsonLd ?? []),
    ],
  });
  return extra.preview ? [...meta, { name: "robots", content: "noindex" }] : meta;
}
