/**
 * The audit page's API on SQLite and PostgreSQL: admins only; filters by person, action, date
 * range and reference on the server, paged; the CSV export holds exactly the filtered entries
 * and is itself audited. (The page and its download in Chromium: tests/console/audit.spec.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActions, auditPageAnswer } from "../../contracts/console-answers";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { appendAudit, verifyAuditChain } from "./audit";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("the audit page's API on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let hr: Awaited<ReturnType<typeof signedInStaff>>;
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 9, d, h));

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Admin" }, clock);
    hr = await signedInStaff(app.storage.db, { role: "hr", name: "Hana Recruiter" }, clock);
    const db = app.storage.db;
    const hana = { id: hr.id, name: "Hana Recruiter" };
    // 60 views by Hana over October 1–30, so paging and date ranges have something to cut.
    for (let i = 0; i < 60; i++) {
      const ref = `APP-2026-${String(100 + i).padStart(6, "0")}`;
      await appendAudit(db, { staff: hana, action: "view", submissionId: 1000 + i, subject: ref }, day(1 + (i % 30)));
    }
    await appendAudit(
      db,
      { operator: "cli:ops", action: "erasure", subject: "APP-2026-000777, contact #12", detail: "2 submission(s)" },
      day(20),
    );
    await appendAudit(db, { staff: hana, action: "note", submissionId: 1005, subject: "APP-2026-000105" }, day(6, 23));
    await appendAudit(db, { operator: "cli:ops", action: "view", subject: "=HYPERLINK(1)" }, day(31));
  }, 60_000);
  afterAll(() => app.close());

  const post = (url: string, payload: object, cookie = admin.cookie) =>
    app.inject({ method: "POST", url, headers: { cookie, origin, "content-type": "application/json" }, payload });
  const page = async (query: object) => {
    const res = await post("/admin/api/audit", query);
    expect(res.statusCode).toBe(200);
    return auditPageAnswer.parse(res.json().data);
  };

  it("is for admins only, the export too", async () => {
    for (const url of ["/admin/api/audit", "/admin/api/audit/export"]) {
      expect((await post(url, {}, "")).statusCode).toBe(401);
      expect((await post(url, {}, hr.cookie)).statusCode).toBe(403);
    }
  });

  it("pages the log newest first and offers the names in it", async () => {
    const first = await page({ page: 1 });
    expect(first.entries).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const ats = first.entries.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(first.people).toEqual(expect.arrayContaining(["cli:ops", "Hana Recruiter"]));
    const second = await page({ page: 2 });
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(
      first.entries.length + second.entries.length,
    );
  });

  it("filters by person, action, date range and reference", async () => {
    expect((await page({ person: "cli:ops" })).entries.map((e) => e.action)).toEqual(["view", "erasure"]);
    expect((await page({ action: "note" })).entries.map((e) => e.subject)).toEqual(["APP-2026-000105"]);
    // October 5–6, both days whole: views on the 5th and 6th (two each) and the note at 23:00.
    const range = await page({ from: "2026-10-05", to: "2026-10-06", person: "Hana Recruiter" });
    expect(range.entries.map((e) => e.at.slice(0, 10)).sort()).toEqual([
      "2026-10-05",
      "2026-10-05",
      "2026-10-06",
      "2026-10-06",
      "2026-10-06",
    ]);
    // A reference matches anywhere in the subject or the detail, whatever its case.
    expect((await page({ reference: "app-2026-000777" })).entries.map((e) => e.action)).toEqual(["erasure"]);
    expect((await page({ reference: "APP-2026-000105" })).entries.map((e) => e.action).sort()).toEqual([
      "note",
      "view",
    ]);
    // LIKE's wildcards are text here.
    expect((await page({ reference: "%" })).entries).toEqual([]);
    expect((await post("/admin/api/audit", { action: "teleport" })).statusCode).toBe(400);
    expect((await post("/admin/api/audit", { from: "5 October" })).statusCode).toBe(400);
    // From another page (no console Origin): refused.
    const foreign = await app.inject({
      method: "POST",
      url: "/admin/api/audit/export",
      headers: { cookie: admin.cookie, origin: "null", "content-type": "application/json" },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    // Empty fields (a form sent as it is) mean "any".
    expect((await page({ person: "", action: "", from: "", to: "", reference: "" })).entries).toHaveLength(50);
  });

  it("offers every action the log records", () => {
    expect(auditActions).toEqual(expect.arrayContaining(["erasure", "export", "sign-in refused", "purge"]));
  });

  it("exports exactly the filtered entries as CSV, formulas neutralised, and audits the export", async () => {
    const res = await post("/admin/api/audit/export", { person: "cli:ops" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="audit-log-2026-11-23.csv"');
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe('"id","at","staff_name","action","submission_id","subject","detail"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(1)"`);
    expect(lines[2]).toContain('"APP-2026-000777, contact #12"');
    const own = (await page({ action: "export" })).entries[0]!;
    expect(own).toMatchObject({ staff_name: "Ada Admin", subject: "audit log", detail: "CSV, person cli:ops" });
    // A search that might be a name is not repeated in the log.
    await post("/admin/api/audit/export", { reference: "Grace Hopper" });
    expect((await page({ action: "export" })).entries[0]!.detail).toBe("CSV, a reference search");
    expect(await verifyAuditChain(app.storage.db)).toMatchObject({ ok: true });
  });
});
