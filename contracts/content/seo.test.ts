import { describe, expect, it } from "vitest";
import { seoFields, seoFieldsDraft } from "./seo";

const good = {
  title: "Cloud migration for a logistics group",
  description: "We moved a logistics platform to AWS in eight weeks, with 11 minutes of downtime and 40% lower costs.",
  sharePicture: { imageId: "racks", alt: "Racks of servers in a cloud region" },
};

describe("the SEO fields' schema", () => {
  it("takes a title, a description of 50-160 characters and a share picture or none", () => {
    expect(seoFields.parse(good)).toEqual(good);
    expect(seoFields.safeParse({ ...good, sharePicture: null }).success).toBe(true);
  });

  it("refuses a title past 60 characters, a description under 50 or past 160, an empty title", () => {
    expect(seoFields.safeParse({ ...good, title: "a".repeat(61) }).success).toBe(false);
    expect(seoFields.safeParse({ ...good, title: "  " }).success).toBe(false);
    expect(seoFields.safeParse({ ...good, description: "a".repeat(49) }).success).toBe(false);
    expect(seoFields.safeParse({ ...good, description: "a".repeat(161) }).success).toBe(false);
  });

  it("refuses a share picture without alt text or with a smuggled attribute", () => {
    expect(seoFields.safeParse({ ...good, sharePicture: { imageId: "racks", alt: "" } }).success).toBe(false);
    expect(seoFields.safeParse({ ...good, sharePicture: { ...good.sharePicture, onerror: "alert(1)" } }).success).toBe(
      false,
    );
  });

  it("lets a draft be saved at any length", () => {
    expect(seoFieldsDraft.safeParse({ title: "", description: "Short", sharePicture: null }).success).toBe(true);
  });
});
