/**
 * Every page's share picture (scripts/og-images.ts, app/lib/share-image.ts): each page of the site
 * (the page table, a case study and its category, from `siteRoutes`) and a role page HR has just
 * published (drawn by the server, server/careers/routes.ts) names an absolute `og:image` of its
 * own with its size, its words and the large Twitter card; the
 * picture answers 200 as image/png, uncompressed (PNG is compressed already), and is 1200×630 by
 * its own IHDR. Heads and pictures are read by Chromium, without JavaScript: they are what a link
 * preview's crawler sees.
 */
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { siteRoutes } from "../../scripts/local-server";
import { careerPath } from "../../contracts/careers/roles";
import { publishRole, type RoleDraft } from "../support/publish-role";

const role: RoleDraft = {
  slug: "platform-engineer-share-picture-london",
  title: "Platform Engineer",
  position: "DevOps Engineer",
  offices: ["London"],
  employmentType: "FULL_TIME",
  workplace: "hybrid",
  salary: { min: 52_000, max: 64_000, currency: "EUR", period: "YEAR" },
  description: `Build the internal platform our delivery teams ship on: clusters, pipelines and the paved road between them.

## What you will do
- Run the Kubernetes clusters and the deployment pipeline of twelve client projects.

## What you bring
- Two or more years of running production workloads on a public cloud.`,
};
const rolePath = `${careerPath}/${role.slug}`;

test.use({ javaScriptEnabled: false });

test.beforeAll(() => publishRole(role, 30));

/** The share tags of the page at `route`, as Chromium parsed its head. */
async function shareTags(page: Page, route: string) {
  const response = await page.goto(route);
  expect(response?.status(), route).toBe(200);
  const meta = (key: string) =>
    page.locator(`head meta[property="${key}"], head meta[name="${key}"]`).first().getAttribute("content");
  return {
    canonical: await page.locator('head link[rel="canonical"]').getAttribute("href"),
    image: await meta("og:image"),
    width: await meta("og:image:width"),
    height: await meta("og:image:height"),
    alt: await meta("og:image:alt"),
    card: await meta("twitter:card"),
  };
}

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Fetches a picture as Chromium does (it offers gzip and br) and checks what comes back. */
async function checkPicture(page: Page, image: string) {
  const response = await page.goto(new URL(image).pathname);
  expect(response?.status(), image).toBe(200);
  const headers = response!.headers();
  expect(headers["content-type"], image).toBe("image/png");
  expect(headers["content-encoding"], `${image} is not compressed again`).toBeUndefined();
  expect(headers["cache-control"], image).toBeTruthy();
  expect(pngSize(await response!.body()), image).toEqual({ width: 1200, height: 630 });
}

test("every page names its own 1200×630 share picture, which answers 200 as image/png", async ({ page }) => {
  // Two navigations for each of the site's 35-odd addresses, on a shared machine.
  test.setTimeout(180_000);
  const routes = await siteRoutes(baseURL);
  expect(routes.some((r) => r.startsWith("/case-studies/") && !r.includes("/category/"))).toBe(true);
  const seen = new Set<string>();
  for (const route of routes) {
    const tags = await shareTags(page, route);
    expect(tags.image, route).toBeTruthy();
    // Absolute, on the site's own origin (the one the canonical link names), under /og/.
    expect(new URL(tags.image!).origin, route).toBe(new URL(tags.canonical!).origin);
    expect(new URL(tags.image!).pathname, route).toMatch(/^\/og\/[\w/-]+\.png$/);
    expect([tags.width, tags.height], route).toEqual(["1200", "630"]);
    expect(tags.alt?.length, route).toBeGreaterThan(10);
    expect(tags.card, route).toBe("summary_large_image");
    // Every page has a picture of its own, role pages too.
    expect(seen.has(tags.image!), `${route} shares ${tags.image}`).toBe(false);
    seen.add(tags.image!);
    await checkPicture(page, tags.image!);
  }
});

test("a role page, rendered by the server from data, names a picture of its own that the server draws", async ({
  page,
}) => {
  // The server's roles stamp catches up with the new role within a few seconds.
  await expect.poll(async () => (await page.goto(rolePath))?.status(), { timeout: 15_000 }).toBe(200);
  const roleTags = await shareTags(page, rolePath);
  const careerTags = await shareTags(page, careerPath);
  expect(new URL(roleTags.image!).pathname).toBe(`/og${rolePath}.png`);
  expect(roleTags.image).not.toBe(careerTags.image);
  expect(roleTags.alt).toMatch(new RegExp(`^Careers: ${role.title}, ${role.offices[0]}\\. `));
  expect(roleTags.card).toBe("summary_large_image");
  expect([roleTags.width, roleTags.height]).toEqual(["1200", "630"]);
  await checkPicture(page, roleTags.image!);
  // Not the careers page's picture under another name: the role's own words are drawn.
  const own = await (await page.request.get(new URL(roleTags.image!).pathname)).body();
  const careers = await (await page.request.get(new URL(careerTags.image!).pathname)).body();
  expect(own.equals(careers)).toBe(false);
});
