/**
 * The site's own reading of stored proof blocks (decision 079): whatever a row holds, a client
 * logo without its recorded permission is never drawn, nor a block whose image is gone; a
 * previewed testimonial's draft stands before the newest live one.
 */
import { describe, expect, it } from "vitest";
import type { SiteContent } from "@contracts/content/site-context";
import { clientLogosFrom, partnerBadgesFrom, storedTestimonial } from "./proof-blocks.server";

const imageId = "5f0c2a9e81d4b7c36a1e9d02";
const image = { id: imageId, rev: "0a1b2c3d", renditions: { original: { widths: [480], width: 480, height: 160 } } };
const logo = (slug: string, permission: unknown) => ({
  slug,
  publishedAt: "2026-12-01T10:00:00.000Z",
  data: {
    slug,
    title: `Client ${slug}`,
    logo: { imageId, alt: `Client ${slug}` },
    industry: "Logistics",
    ...(permission ? { permission } : {}),
  },
});
const words = (slug: string, publishedAt: string) => ({
  slug,
  publishedAt,
  data: {
    slug,
    text: `Words of ${slug}, long enough to pass the testimonial's schema.`,
    name: "Jo P.",
    title: "Head of IT",
    client: "A Nordic energy retailer",
  },
});
const contextOf = (content: Partial<SiteContent>) =>
  ({ content: { items: {}, images: { [imageId]: image }, ...content } }) as never;

describe("proof blocks as the site reads them", () => {
  it("draws a client logo only with its recorded permission", () => {
    const context = contextOf({
      items: {
        "client-logos": [
          logo("agreed", { grantedBy: "Head of Marketing", grantedOn: "2026-11-20" }),
          logo("unasked", null),
        ],
      },
    });
    expect(clientLogosFrom(context).map((l) => l.title)).toEqual(["Client agreed"]);
  });

  it("leaves out a block whose image is gone", () => {
    const badge = {
      slug: "partner",
      publishedAt: "2026-12-01T10:00:00.000Z",
      data: {
        slug: "partner",
        title: "A partner programme",
        badge: { imageId, alt: "Badge" },
        evidence: "https://partners.example.com/a",
        since: 2024,
      },
    };
    expect(partnerBadgesFrom(contextOf({ items: { "partner-badges": [badge] } }))).toHaveLength(1);
    expect(partnerBadgesFrom(contextOf({ items: { "partner-badges": [badge] }, images: {} }))).toEqual([]);
  });

  it("shows the newest testimonial, or the previewed draft before it", () => {
    const items = {
      testimonials: [words("older", "2026-11-01T10:00:00.000Z"), words("newer", "2026-12-01T10:00:00.000Z")],
    };
    expect(storedTestimonial(contextOf({ items }))?.slug).toBe("newer");
    expect(storedTestimonial(contextOf({ items, preview: { collection: "testimonials", slug: "older" } }))?.slug).toBe(
      "older",
    );
    expect(storedTestimonial(undefined)).toBeUndefined();
  });
});
