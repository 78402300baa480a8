/**
 * A collection's items, read from its Markdown files at build time (the route loaders and the
 * prerender list that call this run only while prerendering), and the addresses they make.
 */
import { caseStudies, groupPath, groupSlug, groupsOf, itemPath, missingId, type Collection } from "./collections";
import { readMarkdownCollection, type MarkdownEntry } from "./markdown.server";
import { pages } from "../site/pages";
import type { CaseStudySummary, CaseStudyView } from "./case-study-summary";
import type { CollectionItem } from "./schemas";
import { services } from "./services";
import { technologies } from "./technologies";

/** Every item, newest first; a file whose id is not its name fails the build. `root`: a test's content folder. */
export function loadItems<Item extends CollectionItem>(
  collection: Collection<Item>,
  root?: string,
): MarkdownEntry<Item>[] {
  const entries = readMarkdownCollection(collection.folder, collection.schema, root);
  for (const e of entries) {
    if (e.slug !== e.data.id)
      throw new Error(`Content error in ${collection.name}/${e.slug}.md: id must equal the file name`);
  }
  return entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

export const loadCaseStudies = (root?: string) => loadItems(caseStudies, root);

/** The items of a group's page: those with the group among theirs (a category, or one of an insight's tags). */
export function itemsInGroup<Item extends CollectionItem, Entry extends { data: Pick<Item, "id"> }>(
  collection: Collection<Item>,
  items: readonly Entry[],
  slug: string,
): Entry[] {
  // A view carries the group field (a Markdown file's and a stored item's alike).
  return items.filter((i) => groupsOf(collection, i.data as Item).some((g) => groupSlug(g) === slug));
}

/**
 * The groups that have at least one item, as shown (the company's own spelling when it names the
 * group), in the company's order. Only these get a page and a filter: a group without an item
 * would be a dead end.
 */
export function groupsWithItems<Item extends CollectionItem>(
  collection: Collection<Item>,
  items: readonly { data: Pick<Item, "id"> }[],
): string[] {
  return groupsNamed(
    collection,
    items.flatMap((i) => groupsOf(collection, i.data as Item)),
  );
}

/** `groupsWithItems` from the items' group names as written (the store's items). */
export function groupsNamed(collection: Collection, names: readonly string[]): string[] {
  const groups = collection.groups;
  if (!groups) return [];
  // The first spelling met names a group: items are newest first, so the newest item's spelling.
  const present = new Map<string, string>();
  for (const name of names) {
    if (!present.has(groupSlug(name))) present.set(groupSlug(name), name);
  }
  const known = groups.order.filter((g) => present.has(groupSlug(g)));
  const others = [...present].filter(([slug]) => !known.some((g) => groupSlug(g) === slug)).map(([, g]) => g);
  return [...known, ...others];
}

export interface CollectionPaths {
  /** Each item's page and each group's page: prerendered, served with status 200, in the sitemap. */
  pages: string[];
  /** The pages answered, with status 404, for an unknown address under a prefix, the longer prefix first. */
  notFoundUnder: { prefix: string; page: string }[];
  /** The feed's address, if it has one. */
  feed?: string;
}

export function collectionPaths(collection: Collection, root?: string): CollectionPaths {
  const items = loadItems(collection, root);
  const groups = collection.groups;
  return {
    pages: [
      ...items.map((i) => itemPath(collection, i.data.id)),
      ...groupsWithItems(collection, items).map((g) => groupPath(collection, groupSlug(g))),
    ],
    notFoundUnder: [
      // A group's prefix lies inside the items' one, so it comes first.
      ...(groups ? [{ prefix: groups.under, page: groupPath(collection, missingId) }] : []),
      { prefix: collection.itemsUnder, page: itemPath(collection, missingId) },
    ],
    feed: collection.feed?.path,
  };
}

/** The build's case studies (its Markdown files) as the pages show them, newest first. `root`: a test's content folder. */
export function markdownCaseStudies(root?: string): CaseStudyView[] {
  return loadCaseStudies(root).map(({ data, html }) => ({
    id: data.id,
    title: data.title,
    category: data.category,
    excerpt: data.excerpt,
    client: data.client,
    industry: data.industry,
    results: data.results,
    date: data.date.toISOString().slice(0, 10),
    picture: { src: data.image, alt: data.imageAlt },
    quote: data.quote,
    team: data.team,
    services: data.services,
    technologies: data.technologies,
    story: { html },
  }));
}

/** What a case study's card shows (app/components/sections/case-study-card.tsx): no story, no dates. */
export function caseStudySummary(study: CaseStudyView): CaseStudySummary {
  const { id, title, category, excerpt, picture, client, industry, results } = study;
  return { id, title, category, excerpt, picture, client, industry, results };
}

/**
 * The case studies tagged with a service or technology page's key (`services` / `technologies`),
 * in the order given (newest first): the proof each of those pages links. Without `studies`, the
 * build's Markdown ones (`root`: a test's content folder).
 */
export function caseStudiesTagged(
  tag: { service: string } | { technology: string },
  root?: string,
  studies: readonly CaseStudyView[] = markdownCaseStudies(root),
): CaseStudySummary[] {
  return studies
    .filter((s) => ("service" in tag ? s.services.includes(tag.service) : s.technologies.includes(tag.technology)))
    .map(caseStudySummary);
}

/** A page a case study links: a service's or a technology's, by its name. */
export interface TaggedPage {
  name: string;
  path: string;
}

/**
 * The service and technology pages a case study is tagged with, named as their pages name them.
 * A key no page has is left out: the Markdown's schema admits only the page table's keys, and a
 * stored study naming a page removed since links the others.
 */
export function caseStudyStack(study: Pick<CaseStudyView, "services" | "technologies">): {
  services: TaggedPage[];
  technologies: TaggedPage[];
} {
  const linked = (
    template: "service" | "technology",
    keys: readonly string[],
    name: (key: string) => string | undefined,
  ) =>
    keys.flatMap((key) => {
      const page = pages.find((p) => p.template === template && p.slug === key);
      const shown = name(key);
      return page && shown ? [{ name: shown, path: page.path }] : [];
    });
  return {
    services: linked("service", study.services, (key) => services[key]?.name),
    technologies: linked("technology", study.technologies, (key) => technologies[key]?.name),
  };
}
