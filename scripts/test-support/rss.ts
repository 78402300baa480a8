/**
 * Checks a feed against RSS 2.0 (https://www.rssboard.org/rss-specification) with a maintained
 * XML parser: well-formed XML, <rss version="2.0">, a channel with its three required elements and
 * a self link, and items each with a title, a link, a unique permalink guid and an RFC 822 date.
 * Returns the parsed channel for further checks.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";

export interface RssItem {
  title: string;
  link: string;
  guid: { "#text": string; "@_isPermaLink"?: string };
  pubDate: string;
  description?: string;
  category?: string | string[];
}

export interface RssChannel {
  title: string;
  link: string;
  description: string;
  "atom:link": { "@_href": string; "@_rel": string; "@_type": string };
  lastBuildDate?: string;
  item: RssItem[];
}

// "Tue, 14 Oct 2026 00:00:00 GMT": RFC 822 as RSS 2.0 asks (four-digit years, as the board recommends).
const rfc822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

export function validRss(xml: string, selfUrl: string): RssChannel {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === "item",
    // Keep every value as text: an id of digits stays an id.
    parseTagValue: false,
    alwaysCreateTextNode: false,
  }).parse(xml) as { rss?: { "@_version": string; channel: RssChannel } };
  expect(parsed.rss?.["@_version"]).toBe("2.0");
  const channel = parsed.rss!.channel;
  for (const required of ["title", "link", "description"] as const) expect(channel[required]).toBeTruthy();
  expect(channel["atom:link"]).toMatchObject({ "@_href": selfUrl, "@_rel": "self", "@_type": "application/rss+xml" });
  if (channel.lastBuildDate) expect(channel.lastBuildDate).toMatch(rfc822);
  const items = channel.item ?? [];
  for (const item of items) {
    expect(item.title).toBeTruthy();
    expect(item.link).toMatch(/^https?:\/\//);
    expect(item.pubDate).toMatch(rfc822);
    const guid = typeof item.guid === "string" ? { "#text": item.guid } : item.guid;
    expect(guid["#text"]).toBe(item.link);
  }
  expect(new Set(items.map((i) => i.link)).size).toBe(items.length);
  return { ...channel, item: items };
}
