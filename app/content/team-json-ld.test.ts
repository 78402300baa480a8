/**
 * The team page's structured data (decision 078): the prerendered /team (team.json, no load
 * context) carries one schema.org Person per person, with the position, the words and the
 * portrait the page shows, the LinkedIn profile as sameAs and the company as employer; a person
 * without a profile has no sameAs.
 */
import { describe, expect, it } from "vitest";
import { team } from "./company-pages";
import { teamFrom } from "./team.server";
import { meta } from "../routes/team";
import { absoluteUrl, siteUrl } from "../site/company";

describe("the team page's Person JSON-LD", () => {
  const descriptors = meta({
    location: { pathname: "/team" },
    loaderData: { team: teamFrom(undefined) },
  } as unknown as Parameters<typeof meta>[0]);
  const persons = descriptors
    .flatMap((d) => ("script:ld+json" in d ? [d["script:ld+json"] as Record<string, unknown>] : []))
    .filter((d) => d["@type"] === "Person");

  it("names every person on the page, in its order, with what the page says of them", () => {
    expect(persons).toHaveLength(team.length);
    for (const [i, m] of team.entries())
      expect(persons[i]).toEqual({
        "@context": "https://schema.org",
        "@type": "Person",
        name: m.name,
        jobTitle: m.position,
        description: m.bio,
        image: absoluteUrl(m.image),
        url: absoluteUrl("/team"),
        ...(m.linkedin ? { sameAs: [m.linkedin] } : {}),
        worksFor: { "@id": `${siteUrl}/#organization` },
      });
    expect(persons.filter((p) => !("sameAs" in p))).toHaveLength(team.filter((m) => !m.linkedin).length);
  });
});
