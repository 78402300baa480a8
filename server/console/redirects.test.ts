/**
 * The console's redirects API (decision 062) on SQLite and PostgreSQL: an administrator lists,
 * adds and removes redirects, each change audited by its two addresses; a loop and a page the
 * built site serves are refused with the sentence the console shows; the answers keep their
 * contract (contracts/redirects.ts). Who may call it is the access test's (access.test.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redirectsAnswer } from "../../contracts/redirects";
import { publishedPeriods } from "../../contracts/retention-periods";
import { buildApp } from "../app";
import type { SiteManifest } from "../site-manifest";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { verifyAuditChain } from "./audit";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** The manifest and one file of a build: the pages the console must refuse as a redirect's `from`. */
function buildWithPages(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "redirects-console-"));
  fs.mkdirSync(path.join(root, "client", "assets"), { recursive: true });
  fs.writeFileSync(path.join(root, "client", "assets", "entry-abc.js"), "");
  const manifest: SiteManifest = {
    pages: ["/", "/services", "/about-us"],
    feeds: ["/case-studies/feed.xml"],
    atomFeeds: [],
    redirects: [{ from: "/aboutus", to: "/about-us" }],
    notFound: "/404",
    notFoundUnder: [],
    statedPeriods: publishedPeriods(),
  };
  fs.writeFileSync(path.join(root, "site-manifest.json"), JSON.stringify(manifest));
  return root;
}

describe.each(backends)("the redirects API on %s", (backend) => {
  const root = buildWithPages();
  const env = useBackend(backend, { BUILD_DIR: path.join(root, "client") });
  let app: App;
  let cookie: string;
  const clock = new Date("2027-03-01T09:00:00.000Z");
  beforeAll(async () => {
    app = await buildApp(env.config, { now: () => clock, serveSite: false });
    await app.ready();
    ({ cookie } = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Redirects" }, clock));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { cookie, origin, "content-type": "application/json" }, payload });
  const listed = (body: string) => deepStrict(redirectsAnswer).parse(JSON.parse(body).data).redirects;

  it("adds a redirect, answering the list with who made it, and audits it by its addresses", async () => {
    const res = await post("/admin/api/redirects", { from: "/old-services/", to: "/services" });
    expect(res.statusCode, res.body).toBe(201);
    expect(listed(res.body).map((r) => [r.from, r.to, r.reason, r.createdBy])).toEqual([
      ["/old-services", "/services", "added", "Ada Redirects"],
    ]);
    const get = await app.inject({ method: "GET", url: "/admin/api/redirects", headers: { cookie } });
    expect(listed(get.body)).toHaveLength(1);
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["action", "staff_name", "subject"])
      .where("action", "like", "redirect%")
      .execute();
    expect(audit).toEqual([
      { action: "redirect added", staff_name: "Ada Redirects", subject: "/old-services → /services" },
    ]);
  });

  it("refuses a loop with its sentence and reason, and writes nothing", async () => {
    const res = await post("/admin/api/redirects", { from: "/services", to: "/old-services" });
    // /services is a page of the build: refused before any loop is looked for.
    expect([res.statusCode, res.json().reason]).toEqual([409, "served"]);
    const loop = await post("/admin/api/redirects", { from: "/offer", to: "/old-offer" });
    expect(loop.statusCode).toBe(201);
    const back = await post("/admin/api/redirects", { from: "/old-offer", to: "/offer" });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      status: false,
      reason: "loop",
      message:
        "This redirect would make a loop (/old-offer → /offer → /old-offer): a visitor would be sent round and never reach a page.",
    });
    expect(
      await app.storage.db.selectFrom("redirects").select("from_path").where("from_path", "=", "/old-offer").execute(),
    ).toEqual([]);
  });

  it("refuses the build's pages, aliases, feeds and files, and a query string, as a person's redirect", async () => {
    for (const from of [
      "/about-us",
      "/About-Us",
      "/aboutus",
      "/case-studies/feed.xml",
      "/assets/entry-abc.js",
      "/admin",
    ]) {
      const res = await post("/admin/api/redirects", { from, to: "/services" });
      expect([res.statusCode, res.json().reason], from).toEqual([409, "served"]);
    }
    const query = await post("/admin/api/redirects", { from: "/old?utm_source=mail", to: "/services" });
    expect([query.statusCode, query.json().reason]).toEqual([400, "query"]);
  });

  it("removes a redirect, audited, and answers 404 for one that is gone", async () => {
    const [first] = listed(
      (await app.inject({ method: "GET", url: "/admin/api/redirects", headers: { cookie } })).body,
    ).filter((r) => r.from === "/old-services");
    const res = await post(`/admin/api/redirects/${first!.id}/delete`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(listed(res.body).map((r) => r.from)).not.toContain("/old-services");
    expect((await post(`/admin/api/redirects/${first!.id}/delete`, {})).statusCode).toBe(404);
    const removed = await app.storage.db
      .selectFrom("audit_log")
      .select(["subject"])
      .where("action", "=", "redirect removed")
      .execute();
    expect(removed).toEqual([{ subject: "/old-services → /services" }]);
    expect((await verifyAuditChain(app.storage.db)).ok).toBe(true);
  });
});
