/**
 * The team edited in the console and live on the site (issue 41, decisions 078 and 081), in
 * Chromium against one real server: a person on the team and an insight they wrote (put live
 * through the content API, as the import does), their position changed by a marketer in the
 * console's team editor and published; /team, read with JavaScript off, shows the new position with
 * no build, and its Person JSON-LD carries it; the insight's byline follows, and its history in the
 * console says so. Both are unpublished at the end, so the site goes back to the repository's.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { phoneJpeg } from "../../server/images/test-images";
import { insight } from "../../server/test-support/insight";
import { origin, signedIn } from "./helpers";

async function ok<T>(answer: Promise<Awaited<ReturnType<APIRequestContext["post"]>>>): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

test("marketing changes a team member's position in the console; /team shows it without JavaScript, in its Person JSON-LD", async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const context = await browser.newContext();
  const { page } = await signedIn(context, "marketing", `Tess Team ${stamp}`, "Dashboard");
  const api = page.request;
  const headers = { Origin: origin };
  const name = "Rowan Achebe";

  const photo = await ok<{ id: string }>(
    api.post("/admin/api/content/images", {
      headers,
      multipart: { file: { name: "rowan.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg(800, 800) } },
    }),
  );
  const member = {
    slug: `rowan-achebe-${stamp}`,
    name,
    position: "Head of Platform Engineering",
    bio: "Rowan has run Kubernetes platforms for product teams of every size and leads our platform engineering practice.",
    photo: { imageId: photo.id, alt: `Photo of ${name}` },
    linkedin: "https://www.linkedin.com/in/rowan-achebe-altiva",
    order: 1,
  };
  const draft = await ok<{ id: number; version: number }>(
    api.post("/admin/api/content/team", { headers, data: { data: member } }),
  );
  await ok(api.post(`/admin/api/content/team/${draft.id}/publish`, { headers, data: { version: draft.version } }));
  const article = await ok<{ id: number; version: number }>(
    api.post("/admin/api/content/insights", {
      headers,
      data: {
        data: insight({
          slug: `paved-roads-${stamp}`,
          title: `Paved roads for product teams ${stamp}`,
          author: { name, title: "Head of Platform Engineering" },
          hero: { imageId: photo.id, alt: "A platform engineer at a whiteboard" },
        }),
      },
    }),
  );
  await ok(
    api.post(`/admin/api/content/insights/${article.id}/publish`, { headers, data: { version: article.version } }),
  );

  // The marketer's change, in the console's team editor.
  await page.goto(`/admin/content/team/${draft.id}`);
  const position = page.getByLabel("Position", { exact: true });
  await expect(position).toHaveValue("Head of Platform Engineering");
  await position.fill("Chief Technology Officer");
  await expect(
    page.getByRole("region", { name: "Saving and publishing" }).getByText(/^Saved at \d\d:\d\d$/),
  ).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "Publish changes" }).click();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: "Revision 2: Published" })).toContainText("position");

  // The server reads the content stamp every 5 s: live within that.
  await expect
    .poll(async () => (await page.request.get("/team")).text(), { timeout: 15_000, intervals: [500] })
    .toContain("Chief Technology Officer");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/team");
  const card = plain.getByRole("main").getByRole("listitem").filter({ hasText: name });
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(name);
  await expect(card.getByText("Chief Technology Officer", { exact: true })).toBeVisible();
  await expect(card.getByRole("img", { name: `Photo of ${name}` })).toBeVisible();
  const persons = (await plain.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .filter((data) => data["@type"] === "Person");
  expect(persons).toEqual([
    expect.objectContaining({ name, jobTitle: "Chief Technology Officer", sameAs: [member.linkedin] }),
  ]);
  await noScript.close();

  // The insight's byline followed, as a revision of its own by the marketer who published.
  await page.goto(`/admin/content/insights/${article.id}`);
  await expect(page.getByLabel("Their position", { exact: true })).toHaveValue("Chief Technology Officer");
  await expect(
    page
      .getByRole("region", { name: "History" })
      .getByRole("listitem")
      .filter({ hasText: "Revision 2: Byline followed the team page" }),
  ).toContainText(`by Tess Team ${stamp}`);

  // Off the site again: the insight first (its author cannot leave the team page while it is
  // live), then the person, so /team goes back to the repository's team for the tests after this one.
  const live = await ok<{ version: number }>(api.get(`/admin/api/content/insights/${article.id}`));
  await ok(
    api.post(`/admin/api/content/insights/${article.id}/unpublish`, { headers, data: { version: live.version } }),
  );
  const current = await ok<{ version: number }>(api.get(`/admin/api/content/team/${draft.id}`));
  await ok(api.post(`/admin/api/content/team/${draft.id}/unpublish`, { headers, data: { version: current.version } }));
});
