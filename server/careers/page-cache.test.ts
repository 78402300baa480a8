/**
 * The careers pages' cache against a stranger: made-up slugs, as many as they like, cannot push a
 * real role's page or share picture out, so neither is rendered or drawn again.
 */
import { describe, expect, it } from "vitest";
import { CareersPageCache, cachedBody, cachedPage } from "./page-cache";

describe("the careers page cache", () => {
  it("keeps a real role's page and picture through 2,000 made-up slugs: nothing is drawn again", async () => {
    const clock = new Date("2026-12-02T10:00:00Z");
    const cache = new CareersPageCache(
      async () => "stamp-1",
      () => clock,
    );
    const made = { page: 0, picture: 0 };
    const page = () =>
      cache.page("role/platform-engineer", async () => (made.page++, cachedPage(200, "<h1>Platform Engineer</h1>")));
    const picture = () =>
      cache.page("og/platform-engineer", async () => (made.picture++, cachedBody(200, Buffer.from("png"))));
    await page();
    await picture();
    const missing = () => cache.page("missing", async () => cachedPage(404, "<h1>Not found</h1>"));
    for (let i = 0; i < 2_000; i++) {
      await cache.page(`role/made-up-${i}`, missing);
      await cache.page(`og/made-up-${i}`, async () => cachedBody(404, Buffer.alloc(0)));
    }
    expect((await page()).status).toBe(200);
    expect((await picture()).status).toBe(200);
    expect(made).toEqual({ page: 1, picture: 1 });
  });
});
