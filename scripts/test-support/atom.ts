/**
 * Checks a feed against Atom (RFC 4287) with a maintained XML parser: well-formed XML, a <feed>
 * in the Atom namespace with its required id, title and updated, an author (of the feed, or of
 * every entry), a self link, and entries each with an id, a title, an updated date and a link.
 * Returns the parsed feed for further checks.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";

export interface AtomEntry {
  id: string;
  title: string | { "#text": string };
  updated: string;
  published?: string;
  link: { "@_href": string; "@_rel"?: string }[];
  author?: { name: string }[];
  category?: { "@_term": string; "@_label"?: string }[];
}

export interface AtomFeed {
  "@_xmlns": string;
  id: string;
  title: string;
  updated: string;
  author?: { name: string }[];
  link: { "@_href": string; "@_rel"?: string }[];
  entry: AtomEntry[];
}

// RFC 3339 date-time, as Atom's dates are.
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function validAtom(xml: string, selfUrl: string): AtomFeed {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ["entry", "link", "author", "category"].includes(name),
    parseTagValue: false,
  }).parse(xml) as { feed?: AtomFeed };
  const feed = parsed.feed!;
  expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
  for (const required of ["id", "title", "updated"] as const) expect(feed[required]).toBeTruthy();
  expect(feed.updated).toMatch(rfc3339);
  expect(feed.link).toContainEqual(expect.objectContaining({ "@_rel": "self", "@_href": selfUrl }));
  const entries = feed.entry ?? [];
  for (const entry of entries) {
    expect(entry.id).toBeTruthy();
    expect(entry.title).toBeTruthy();
    expect(entry.updated).toMatch(rfc3339);
    expect(entry.link[0]?.["@_href"]).toMatch(/^https?:\/\//);
    // RFC 4287 4.1.1: a feed without an author needs one in every entry.
    if (!feed.author?.length) expect(entry.author?.[0]?.name).toBeTruthy();
  }
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  return { ...feed, entry: entries };
}
