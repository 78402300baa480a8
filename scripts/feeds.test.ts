/** The case studies' feed: valid RSS 2.0, every study once, newest first, linked from every page's head. */
import { describe, expect, it } from "vitest";
import { validRss } from "./test-support/rss";
import { absoluteUrl } from "../app/site/company";
import { caseStudies, feedLinks } from "../app/content/collections";
import { loadItems } from "../app/content/collections.server";
import { feedXml } from "../app/content/feed.server";

describe("the case studies' feed", () => {
  const studies = loadItems(caseStudies);
  const channel = validRss(feedXml(caseStudies, studies), absoluteUrl("/case-studies/feed.xml"));

  it("is RSS 2.0 with every case study, newest first, each linking its page", () => {
    expect(channel.item.map((i) => i.link)).toEqual(studies.map((s) => absoluteUrl(`/case-studies/${s.data.id}`)));
    expect(channel.item.map((i) => i.link)).toContain(absoluteUrl("/case-studies/mobile-crm-app"));
    expect(channel.link).toBe(absoluteUrl("/case-study"));
  });

  it("names each study's category and dates the feed by its newest study, not by the build's clock", () => {
    expect(channel.item.map((i) => i.category)).toEqual(studies.map((s) => s.data.category));
    expect(channel.lastBuildDate).toBe(studies[0]!.data.date.toUTCString());
  });

  it("is linked from every page's head as RSS", () => {
    expect(feedLinks()).toContainEqual({
      rel: "alternate",
      type: "application/rss+xml",
      title: "Altiva Cloud case studies",
      href: "/case-studies/feed.xml",
    });
  });
});
