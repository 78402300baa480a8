/**
 * The staff console's server rules against the real server and real databases (SQLite and
 * PostgreSQL): sessions, roles, the Origin check, the audit log, invitations, erasure. Passkeys
 * themselves are created and used in Chromium (tests/console/).
 */
import { PassThrough } from "node:stream";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { runCli } from "../cli/index";
import type { Config } from "../config";
import { purgeAudit } from "../retention/console-purge";
import { appendAudit, verifyAuditChain } from "./audit";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { findBytes } from "../test-support/find-bytes";
import {
  applicationParts,
  jsonHeaders,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
} from "../test-support/fixtures";
import { openInvitation } from "./invitations";
import type { StaffRole } from "./staff-roles";
import { absoluteLifetimeMs, createSession, idleTimeoutMs, sessionCookieName } from "./sessions";
import { tokenHash } from "./tokens";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const cookieName = sessionCookieName(true);

async function cli(config: Config, now: Date, ...argv: string[]) {
  const out = new PassThrough();
  let stdout = "";
  out.on("data", (c) => (stdout += c));
  const env: Record<string, string> = { DATA_DIR: config.dataDir, LOG_LEVEL: "silent", SITE_URL: origin };
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
  const code = await runCli(argv, env, { out, err: new PassThrough(), now: () => now });
  return { code, stdout };
}

describe.each(backends)("staff console on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  let applicationId: number;
  let reference: string;
  let contactId: number;

  const person = (role: StaffRole, name: string) => signedInStaff(app.storage.db, { role, name }, clock);
  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string | undefined, payload: object, from: string | null = origin) =>
    app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
        ...(from !== null ? { origin: from } : {}),
      },
      payload,
    });

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now });
    const applied = await app.inject({
      method: "POST",
      url: "/api/job-application/apply",
      ...multipart(
        applicationParts(
          {
            ...validApplicationFields,
            firstName: "Wilhelmina",
            lastName: "Brackenbury",
            email: "w.brackenbury@example.com",
          },
          { filename: "cv.pdf", data: pdf(4000) },
        ),
      ),
    });
    expect(applied.statusCode).toBe(201);
    reference = applied.json().data;
    const contact = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: validContact,
    });
    expect(contact.statusCode).toBe(201);
    const rows = await app.storage.db.selectFrom("submissions").select(["id", "kind"]).execute();
    applicationId = rows.find((r) => r.kind === "application")!.id;
    contactId = rows.find((r) => r.kind === "contact")!.id;
  }, 60_000);
  afterAll(() => app.close());

  // 401 without a session and 403 per role, for every route as registered: access.test.ts.

  it("gives sales 403 on every application and resume URL, and only enquiries and feedback in the inbox", async () => {
    const sales = await person("sales", "Sam Sales");
    for (const url of [
      `/admin/api/submissions/${applicationId}`,
      `/admin/api/submissions/${applicationId}/resume`,
      `/admin/api/submissions/999999/resume`,
      "/admin/api/people",
    ]) {
      expect((await get(url, sales.cookie)).statusCode, url).toBe(403);
    }
    for (const url of [
      `/admin/api/submissions/${applicationId}/status`,
      `/admin/api/submissions/${applicationId}/notes`,
      `/admin/api/submissions/${applicationId}/erase`,
      "/admin/api/audit",
    ]) {
      expect((await post(url, sales.cookie, { status: "hired", body: "x", confirm: true })).statusCode, url).toBe(403);
    }
    expect((await post("/admin/api/inbox", sales.cookie, { kind: "application" })).statusCode).toBe(403);
    const inbox = await post("/admin/api/inbox", sales.cookie, {});
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().data.rows.map((r: { kind: string }) => r.kind)).toEqual(["contact"]);
    expect((await get(`/admin/api/submissions/${contactId}`, sales.cookie)).statusCode).toBe(200);
    // And hr the other way round.
    const hr = await person("hr", "Hana Recruiter");
    expect((await get(`/admin/api/submissions/${contactId}`, hr.cookie)).statusCode).toBe(403);
  });

  it("refuses a state-changing request from another origin, or without Origin, even with a valid session cookie", async () => {
    const admin = await person("admin", "Ada Admin");
    const url = `/admin/api/submissions/${contactId}/status`;
    expect((await post(url, admin.cookie, { status: "answered" }, "https://evil.example")).statusCode).toBe(403);
    expect((await post(url, admin.cookie, { status: "answered" }, "http://www.altivacloud.com")).statusCode).toBe(403);
    expect((await post(url, admin.cookie, { status: "answered" }, null)).statusCode).toBe(403);
    const row = () =>
      app.storage.db.selectFrom("submissions").select("status").where("id", "=", contactId).executeTakeFirstOrThrow();
    expect((await row()).status).toBe("new");
    expect((await post(url, admin.cookie, { status: "answered" })).statusCode).toBe(200);
    expect((await row()).status).toBe("answered");
  });

  it("hr finds the application by reference, downloads the resume, shortlists it (kept beyond retention), adds a note; all audited by name", async () => {
    const hr = await person("hr", "Priya Nair");
    const found = await post("/admin/api/inbox", hr.cookie, { q: reference.toLowerCase() });
    expect(found.json().data.rows.map((r: { reference: string }) => r.reference)).toEqual([reference]);
    const byName = await post("/admin/api/inbox", hr.cookie, { q: "brackenb" });
    expect(byName.json().data.rows).toHaveLength(1);
    const byEmail = await post("/admin/api/inbox", hr.cookie, { q: "W.Brackenbury@" });
    expect(byEmail.json().data.rows).toHaveLength(1);

    expect((await get(`/admin/api/submissions/${applicationId}`, hr.cookie)).statusCode).toBe(200);
    const resume = await get(`/admin/api/submissions/${applicationId}/resume`, hr.cookie);
    expect(resume.statusCode).toBe(200);
    expect(resume.headers["content-type"]).toBe("application/pdf");
    expect(resume.headers["content-disposition"]).toBe(`attachment; filename="${reference}-resume.pdf"`);
    expect(resume.headers["x-content-type-options"]).toBe("nosniff");
    expect(resume.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    expect(
      (await post(`/admin/api/submissions/${applicationId}/status`, hr.cookie, { status: "answered" })).statusCode,
    ).toBe(400);
    expect(
      (await post(`/admin/api/submissions/${applicationId}/status`, hr.cookie, { status: "shortlisted" })).statusCode,
    ).toBe(200);
    const note = await post(`/admin/api/submissions/${applicationId}/notes`, hr.cookie, {
      body: "<b>Strong</b> on payments",
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().data).toMatchObject({ staff_name: "Priya Nair", body: "<b>Strong</b> on payments" });

    const row = await app.storage.db
      .selectFrom("submissions")
      .select(["status", "decided_at"])
      .where("id", "=", applicationId)
      .executeTakeFirstOrThrow();
    // A stage, not a decision: no date, and nothing kept beyond the rule (docs/decisions/033).
    expect(row).toEqual({ status: "shortlisted", decided_at: null });
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["staff_name", "action", "subject", "detail"])
      .where("submission_id", "=", applicationId)
      .where("staff_name", "=", "Priya Nair")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["view", "resume download", "status", "note"]);
    expect(audit.every((a) => a.subject === reference)).toBe(true);
    // The note's words are not copied into the log.
    expect(JSON.stringify(audit)).not.toContain("Strong");
  });

  it("exports the filtered view as the CLI's CSV and JSON, only the kinds of the role, audited without the search term", async () => {
    const sales = await person("sales", "Export Seller");
    await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: {
        ...validContact,
        firstName: "Formula",
        lastName: "Fenwick",
        email: "f.fenwick@example.com",
        message: "=HYPERLINK(1)",
      },
    });
    const csv = await post("/admin/api/export", sales.cookie, { format: "csv", q: "fenwick" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="submissions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      '"id","kind","reference","role","role_title","created_at","first_name","last_name","email","phone","reason","position","future_roles_consent","feedback_type","message","decided_at","status","notes","conversation"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(1)"`);
    const json = await post("/admin/api/export", sales.cookie, { format: "json" });
    const exported = JSON.parse(json.body) as { kind: string; ip?: string }[];
    expect(new Set(exported.map((r) => r.kind))).toEqual(new Set(["contact"]));
    expect(exported.every((r) => r.ip === undefined)).toBe(true);
    // The console's export buttons post a plain form.
    const form = await app.inject({
      method: "POST",
      url: "/admin/api/export",
      headers: { cookie: sales.cookie, origin, "content-type": "application/x-www-form-urlencoded" },
      payload: "format=json&kind=contact",
    });
    expect(form.statusCode).toBe(200);
    const entries = await app.storage.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "export")
      .where("staff_name", "=", "Export Seller")
      .execute();
    expect(entries.map((e) => e.detail)).toEqual([
      "CSV; kinds contact, feedback, with a search",
      "JSON; kinds contact, feedback",
      "JSON; kinds contact",
    ]);
  });

  it("lists unsent messages and queues a failed one again for admins only, audited", async () => {
    const admin = await person("admin", "Outbox Admin");
    const hr = await person("hr", "Outbox Recruiter");
    const db = app.storage.db;
    const { id } = await db
      .selectFrom("outbox")
      .select("id")
      .where("submission_id", "=", contactId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("outbox")
      .set({ status: "failed", attempts: 8, last_error: "550 mailbox unavailable" })
      .where("id", "=", id)
      .execute();
    expect((await get("/admin/api/outbox", hr.cookie)).statusCode).toBe(403);
    expect((await post(`/admin/api/outbox/${id}/retry`, hr.cookie, {})).statusCode).toBe(403);
    const listed = await get("/admin/api/outbox", admin.cookie);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ id, status: "failed", last_error: "550 mailbox unavailable" }),
    );
    expect((await post(`/admin/api/outbox/${id}/retry`, admin.cookie, {})).statusCode).toBe(200);
    expect(
      await db
        .selectFrom("outbox")
        .select(["status", "attempts", "last_error"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "pending", attempts: 0, last_error: null });
    // Only a failed message can be retried.
    expect((await post(`/admin/api/outbox/${id}/retry`, admin.cookie, {})).statusCode).toBe(404);
    const entry = await db.selectFrom("audit_log").selectAll().where("action", "=", "retry").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ staff_name: "Outbox Admin", submission_id: contactId, subject: `message ${id}` });
  });

  it("ends a session after 30 idle minutes, after 12 hours however busy, and everywhere on request", async () => {
    const admin = await person("admin", "Idle Admin");
    clock = new Date(clock.getTime() + idleTimeoutMs - 60_000);
    expect((await get("/admin/api/me", admin.cookie)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + idleTimeoutMs + 1000);
    expect((await get("/admin/api/me", admin.cookie)).statusCode).toBe(401);

    const busy = await person("admin", "Busy Admin");
    const start = clock.getTime();
    for (let t = 0; t < absoluteLifetimeMs; t += 20 * 60_000) {
      clock = new Date(start + t);
      expect((await get("/admin/api/me", busy.cookie)).statusCode).toBe(200);
    }
    clock = new Date(start + absoluteLifetimeMs);
    expect((await get("/admin/api/me", busy.cookie)).statusCode).toBe(401);

    const first = await person("sales", "Two Devices");
    const second = `${cookieName}=${await createSession(app.storage.db, first.id, first.passkeyId, clock)}`;
    expect((await post("/admin/api/sign-out-everywhere", first.cookie, {})).statusCode).toBe(200);
    expect((await get("/admin/api/me", first.cookie)).statusCode).toBe(401);
    expect((await get("/admin/api/me", second)).statusCode).toBe(401);
  });

  it("a revoked person's session stops at once", async () => {
    const admin = await person("admin", "Revoking Admin");
    const sales = await person("sales", "Leaving Person");
    expect((await get("/admin/api/me", sales.cookie)).statusCode).toBe(200);
    expect((await post(`/admin/api/people/${sales.id}/revoke`, admin.cookie, { confirm: true })).statusCode).toBe(200);
    expect((await get("/admin/api/me", sales.cookie)).statusCode).toBe(401);
  });

  it("invite prints a one-time link valid 24 hours as its last line; the database keeps only its hash", async () => {
    const res = await cli(env.config, clock, "invite", "--email", "Noor.Haddad@altivacloud.com", "--role", "hr");
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split("\n");
    const link = lines.at(-1)!;
    expect(link).toMatch(new RegExp(`^${origin}/admin/invitation#[A-Za-z0-9_-]{43}$`));
    const token = link.split("#")[1]!;
    const db = app.storage.db;
    expect(await openInvitation(db, token, new Date(clock.getTime() + 24 * 3600_000 - 1000))).toMatchObject({
      email: "noor.haddad@altivacloud.com",
      role: "hr",
      name: "Noor Haddad",
    });
    expect(await openInvitation(db, token, new Date(clock.getTime() + 24 * 3600_000))).toBeUndefined();
    const stored = await db.selectFrom("invitations").selectAll().where("token_hash", "=", tokenHash(token)).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    // The invitation endpoint refuses it once expired; a bad role is refused at once.
    clock = new Date(clock.getTime() + 25 * 3600_000);
    const expired = await post("/admin/api/invitation/options", undefined, { token });
    expect(expired.statusCode).toBe(410);
    await expect(cli(env.config, clock, "invite", "--email", "x@altivacloud.com", "--role", "root")).rejects.toThrow(
      "invite needs --role admin|hr|sales|marketing.",
    );
    // Nor for someone with access now (Priya, signed in above): the link would sign in as her.
    await expect(
      cli(env.config, clock, "invite", "--email", "priya.nair@altivacloud.com", "--role", "admin"),
    ).rejects.toThrow("This address belongs to someone who has access now.");
  });

  it("limits sign-in attempts per address to ADMIN_SIGN_IN_RATE_MAX a minute, with Retry-After", async () => {
    const limited = await buildApp(
      { ...env.config, admin: { ...env.config.admin, signInRateMax: 3 } },
      {
        serveSite: false,
        storage: app.storage,
        now,
      },
    );
    const attempt = () =>
      limited.inject({
        method: "POST",
        url: "/admin/api/sign-in/options",
        headers: { origin, "content-type": "application/json" },
        payload: {},
      });
    expect([(await attempt()).statusCode, (await attempt()).statusCode, (await attempt()).statusCode]).toEqual([
      200, 200, 200,
    ]);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 61_000);
    expect((await attempt()).statusCode).toBe(200);
    await limited.close();
  });

  it("keeps audit entries 24 months, then the retention purge removes them and the chain still verifies", async () => {
    const db = app.storage.db;
    const before = await db.selectFrom("audit_log").select("at").execute();
    const newest = Math.max(...before.map((r) => Date.parse(r.at)));
    // 24 months and a day after the newest entry (the purge takes whole months, so 745 days).
    const later = new Date(newest + 745 * 24 * 3600_000);
    await appendAudit(db, { operator: "cli:test", action: "view", subject: "APP-2024-000001" }, later);
    expect(await purgeAudit(db, later)).toBe(before.length);
    const after = await db.selectFrom("audit_log").select("subject").execute();
    expect(after).toEqual([{ subject: "APP-2024-000001" }]);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 1 });
  });

  it("erasing from the console leaves no copy under DATA_DIR and is audited", async () => {
    const markers = ["Ottoline", "Vexworthy", "ottoline.vexworthy@example.com", "marker-console-cover-8812"];
    const applied = await app.inject({
      method: "POST",
      url: "/api/job-application/apply",
      ...multipart(
        applicationParts(
          {
            ...validApplicationFields,
            firstName: "Ottoline",
            lastName: "Vexworthy",
            email: "ottoline.vexworthy@example.com",
            message: "marker-console-cover-8812",
          },
          { filename: "cv.pdf", data: pdf(3000) },
        ),
      ),
    });
    const number = applied.json().data as string;
    const { id } = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .where("reference", "=", number)
      .executeTakeFirstOrThrow();
    const hr = await person("hr", "Erasing Recruiter");
    await post(`/admin/api/submissions/${id}/notes`, hr.cookie, { body: "Called Ottoline Vexworthy back" });
    if (backend === "sqlite") expect(findBytes(env.config.dataDir, markers).length).toBeGreaterThan(0);
    expect((await post(`/admin/api/submissions/${id}/erase`, hr.cookie, {})).statusCode).toBe(400);
    const plan = await get(`/admin/api/submissions/${id}/erase`, hr.cookie);
    const submissions = (plan.json().data.items as { id: number }[]).map((i) => i.id);
    const erased = await post(`/admin/api/submissions/${id}/erase`, hr.cookie, { confirm: true, submissions });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().data).toMatchObject({ submissions: 1, resumes: 1 });
    expect(findBytes(env.config.dataDir, markers)).toEqual([]);
    expect(
      await app.storage.db.selectFrom("submission_notes").select("id").where("submission_id", "=", id).execute(),
    ).toEqual([]);
    const entry = await app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "erasure")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ staff_name: "Erasing Recruiter", subject: number, submission_id: id });
    expect(path.isAbsolute(env.config.dataDir)).toBe(true);
  });
});
