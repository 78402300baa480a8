/**
 * Insights (decision 069): their Atom feed validates and holds every article, each tag page lists
 * exactly the articles that carry the tag (worked out from the Markdown, not a pasted list), the
 * sitemap and prerender list hold every article and tag page, and each article's page carries an
 * Article with its author, date and picture.
 */
import fs from "node:fs";
import matter from "gray-matter";
import { describe, expect, it } from "vitest";
import { feedLinks, groupPath, groupSlug, insights, itemPath } from "../app/content/collections";
import { groupsWithItems, itemsInGroup, loadItems } from "../app/content/collections.server";
import { feedXml } from "../app/content/feed.server";
import { meta } from "../app/routes/insight";
import { absoluteUrl, company } from "../app/site/company";
import { prerenderList, sitemapPaths } from "../app/site/prerender";
import { validAtom } from "./test-support/atom";

const folder = "app/content/insights";
/** Each article's id and tags as its file says them, read apart from the site's loader. */
const files = fs
  .readdirSync(folder)
  .filter((f) => f.endsWith(".md"))
  .map((f) => matter(fs.readFileSync(`${folder}/${f}`, "utf8")).data as { id: string; tags: string[] });

describe("insights", () => {
  const items = loadItems(insights);

  it("are the three articles of the folder, newest first, each 400 to 700 words", () => {
    expect(items.map((i) => i.data.id).sort()).toEqual(files.map((f) => f.id).sort());
    expect(items).toHaveLength(3);
    const dates = items.map((i) => i.data.date.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const { data, html } of items) {
      const words = html
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, data.id).toBeGreaterThanOrEqual(400);
      expect(words, data.id).toBeLessThanOrEqual(700);
    }
  });

  it("have a valid Atom feed: every article once, newest first, with its author, tags and dates", () => {
    const feed = validAtom(feedXml(insights, items), absoluteUrl("/insights/feed.xml"));
    expect(feed.id).toBe(absoluteUrl("/insights"));
    expect(feed.author?.[0]?.name).toBe(company.name);
    expect(feed.updated).toBe(items[0]!.data.date.toISOString());
    expect(feed.entry.map((e) => e.link[0]!["@_href"])).toEqual(
      items.map((i) => absoluteUrl(itemPath(insights, i.data.id))),
    );
    for (const [n, entry] of feed.entry.entries()) {
      const { data } = items[n]!;
      expect(entry.id).toBe(absoluteUrl(itemPath(insights, data.id)));
      expect(entry.author?.map((a) => a.name)).toEqual([data.author.name]);
      expect(entry.category?.map((c) => c["@_term"])).toEqual(data.tags.map(groupSlug));
      expect(entry.published).toBe(data.date.toISOString());
    }
  });

  it("are bylined by people on the team page, in the positions it gives them", () => {
    const { data } = items[0]!;
    const front = { ...data, date: data.date.toISOString().slice(0, 10) };
    expect(insights.schema.safeParse(front).success).toBe(true);
    const stranger = insights.schema.safeParse({
      ...front,
      author: { name: "Jordan Example", title: data.author.title },
    });
    expect(stranger.error?.issues.map((i) => i.path.join("."))).toEqual(["author.name"]);
    const promoted = insights.schema.safeParse({ ...front, author: { ...data.author, title: "Chief Visionary" } });
    expect(promoted.error?.issues.map((i) => i.path.join("."))).toEqual(["author.title"]);
  });

  it("link their feed from every page's head as Atom", () => {
    expect(feedLinks()).toContainEqual({
      rel: "alternate",
      type: "application/atom+xml",
      title: "Altiva Cloud insights",
      href: "/insights/feed.xml",
    });
  });

  it("have a page per tag that lists exactly the articles carrying it", () => {
    const tagSlugs = [...new Set(files.flatMap((f) => f.tags.map(groupSlug)))].sort();
    const tags = groupsWithItems(insights, items);
    expect(tags.map(groupSlug).sort()).toEqual(tagSlugs);
    // A tag on two articles shows that a tag page is not simply one article's.
    expect(tagSlugs.some((t) => files.filter((f) => f.tags.map(groupSlug).includes(t)).length > 1)).toBe(true);
    for (const slug of tagSlugs) {
      const expected = files
        .filter((f) => f.tags.map(groupSlug).includes(slug))
        .map((f) => f.id)
        .sort();
      expect(
        itemsInGroup(insights, items, slug)
          .map((i) => i.data.id)
          .sort(),
        slug,
      ).toEqual(expected);
    }
  });

  it("are prerendered and in the sitemap: the list, each article, each tag page; the stand-ins and the feed prerendered only", async () => {
    const wanted = [
      ...items.map((i) => itemPath(insights, i.data.id)),
      ...groupsWithItems(insights, items).map((t) => groupPath(insights, groupSlug(t))),
    ];
    expect(await sitemapPaths()).toEqual(expect.arrayContaining(wanted));
    expect(await prerenderList()).toEqual(
      expect.arrayContaining([
        ...wanted,
        "/insights",
        "/insights/__missing",
        "/insights/tag/__missing",
        "/insights/feed.xml",
      ]),
    );
  });

  it("give each article's page an Article with its author, date and picture, and the unknown one the not-found title", () => {
    const { data } = items[0]!;
    const picture = { src: data.image, alt: data.imageAlt };
    const insight = { ...data, date: data.date.toISOString(), tags: [], picture, body: { html: "" } };
    const descriptors = meta({ loaderData: { insight } } as unknown as Parameters<typeof meta>[0]);
    const article = descriptors
      .flatMap((d) => ("script:ld+json" in d ? [d["script:ld+json"] as Record<string, unknown>] : []))
      .find((d) => d["@type"] === "Article");
    expect(article).toMatchObject({
      headline: data.title,
      datePublished: data.date.toISOString().slice(0, 10),
      image: [absoluteUrl(data.image)],
      author: { "@type": "Person", name: data.author.name, jobTitle: data.author.title },
      mainEntityOfPage: absoluteUrl(itemPath(insights, data.id)),
    });
    const missing = meta({ loaderData: { insight: null } } as unknown as Parameters<typeof meta>[0]);
    expect(missing).toEqual([{ title: "Insight Not Found" }, { name: "robots", content: "noindex" }]);
  });
});
