/**
 * Issue 41's promise end to end in Chromium against one real server (decision 067): a marketer's
 * case study, created and published through the content API with a signed-in session (the
 * console's pages are the console part's own tests), is live at its address with no build in
 * between, read with JavaScript on and off, and the build folder's files keep their names and
 * modification times. The study is unpublished at the end, so the site's other pages go back to
 * the build's studies for the tests after this one.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { phoneJpeg } from "../../server/images/test-images";
import { caseStudy } from "../../server/test-support/case-study";
import { origin, signedIn } from "./helpers";

/** Every file under build/ with its modification time: what publishing must not change. */
function buildFolderState(): Record<string, number> {
  const root = path.resolve("build");
  const out: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(root, full)] = fs.statSync(full).mtimeMs;
    }
  };
  walk(root);
  return out;
}

interface Answer<T> {
  status: boolean;
  data: T;
}

async function ok<T>(answer: Promise<Awaited<ReturnType<APIRequestContext["post"]>>>): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as Answer<T>).data;
}

test("a case study published through the API is live at its address with JavaScript on and off, no build", async ({
  browser,
}) => {
  const before = buildFolderState();
  const context = await browser.newContext();
  const { page } = await signedIn(context, "marketing", `Lena Live ${Date.now()}`, "Dashboard");
  const api = page.request;
  const headers = { Origin: origin };
  const slug = `payments-api-latency-${Date.now().toString(36)}`;
  const title = "Cutting a payments API's p95 latency from 900 ms to 120 ms";

  const image = await ok<{ id: string }>(
    api.post("/admin/api/content/images", {
      headers,
      multipart: { file: { name: "hero.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg(960, 540) } },
    }),
  );
  const study = caseStudy({
    slug,
    title,
    technologies: ["nodejs"],
    hero: { imageId: image.id, alt: "Latency chart falling after the payments API release" },
  });
  const draft = await ok<{ id: number; version: number }>(
    api.post("/admin/api/content/case-studies", { headers, data: { data: study } }),
  );
  const live = await ok<{ version: number; status: string }>(
    api.post(`/admin/api/content/case-studies/${draft.id}/publish`, { headers, data: { version: draft.version } }),
  );
  expect(live.status).toBe("published");

  // The server reads the content stamp every 5 s: live within that, far inside the minute.
  await expect
    .poll(async () => (await page.request.get(`/case-studies/${slug}`)).status(), { timeout: 15_000, intervals: [500] })
    .toBe(200);

  // With JavaScript on: the page hydrates and reads the study, its hero as a <picture>.
  const reader = await (await browser.newContext()).newPage();
  await reader.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await reader.goto(`/case-studies/${slug}`);
  await reader.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(reader.locator("picture source[type='image/avif']")).toHaveCount(1);
  await expect(reader.getByRole("img", { name: "Latency chart falling after the payments API release" })).toBeVisible();
  await expect(reader.getByRole("main").getByRole("link", { name: "Migration Services" })).toBeVisible();

  // With JavaScript off: the same words from the server's HTML alone, and the list links it.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`/case-studies/${slug}`);
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(plain.getByText("The tracking platform ran on leased servers")).toBeVisible();
  await plain.goto("/case-study");
  await expect(plain.getByRole("main").getByRole("link", { name: title })).toBeVisible();
  await noScript.close();

  expect(buildFolderState()).toEqual(before);

  // Off the site again (within the server's 5 s stamp period): the later tests read the build's studies.
  await ok(
    api.post(`/admin/api/content/case-studies/${draft.id}/unpublish`, { headers, data: { version: live.version } }),
  );
});
