/**
 * One notion of "kept" (issue 24): the CLI's `select` and the console's statuses agree, and no
 * status change lets the retention purge delete a candidate the company chose to keep. Real
 * server, real CLI, SQLite and PostgreSQL; the purge runs on a clock past the retention period.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { statusAnswer } from "../../contracts/console-answers";
import { keepingStatuses } from "../../contracts/staff-console";
import { buildApp } from "../app";
import { runCli } from "../cli/index";
import { purgeExpired } from "../storage/retention";
import { monthsBefore } from "../storage/retention-policy";
import { backends, useBackend } from "../test-support/backends";
import { applicationParts, multipart, pdf, validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("a kept candidate on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const applied = new Date("2026-01-05T10:00:00.000Z");
  let clock = applied;
  let hr: string;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  });
  // The purge ends the sessions that would have expired by its clock: each test signs in afresh.
  let people = 0;
  beforeEach(async () => {
    const name = `Keeping Recruiter ${"abcdef"[people++]}`;
    hr = (await signedInStaff(app.storage.db, { role: "hr", name }, applied)).cookie;
  });
  afterAll(() => app.close());

  async function cli(...argv: string[]) {
    const out = new PassThrough();
    let stdout = "";
    out.on("data", (c) => (stdout += c));
    const envVars: Record<string, string> = { DATA_DIR: env.config.dataDir, LOG_LEVEL: "silent", SITE_URL: origin };
    if (env.config.databaseUrl) envVars.DATABASE_URL = env.config.databaseUrl;
    const code = await runCli(argv, envVars, { out, err: new PassThrough(), now: () => clock });
    return { code, stdout };
  }
  async function apply(lastName: string) {
    clock = applied;
    const res = await app.inject({
      method: "POST",
      url: "/api/job-application/apply",
      ...multipart(
        applicationParts(
          { ...validApplicationFields, lastName, email: `${lastName.toLowerCase()}@example.com` },
          { filename: "cv.pdf", data: pdf(2500) },
        ),
      ),
    });
    expect(res.statusCode).toBe(201);
    const reference = res.json().data as string;
    const { id } = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    return { id, reference };
  }
  const setStatus = (id: number, body: object) =>
    app.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/status`,
      headers: { "content-type": "application/json", cookie: hr, origin },
      payload: body,
    });
  const detail = async (id: number) =>
    (await app.inject({ method: "GET", url: `/admin/api/submissions/${id}`, headers: { cookie: hr } })).json().data
      .submission as { status: string; selected: number };
  /** The purge, a day after the retention period of the applications ran out. */
  async function purge() {
    const after = new Date(applied);
    after.setUTCMonth(after.getUTCMonth() + env.config.retention.applications);
    after.setUTCDate(after.getUTCDate() + 1);
    expect(monthsBefore(after, env.config.retention.applications) > applied).toBe(true);
    return purgeExpired(app.storage, after, env.config.retention, { dataDir: env.config.dataDir });
  }
  const exists = async (id: number) =>
    (await app.storage.db.selectFrom("submissions").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

  it("select → a status change → purge: the candidate is still there, and the console shows the keeping status", async () => {
    const kept = await apply("Keepsake");
    const selected = await cli("select", kept.reference);
    expect(selected.code).toBe(0);
    expect(selected.stdout).toContain(`status: ${keepingStatuses[0]}`);
    expect(await detail(kept.id)).toMatchObject({ status: keepingStatuses[0], selected: 1 });

    // Every status that does not keep, from the console's own list: refused without "stop keeping".
    const { statuses } = (
      await app.inject({ method: "GET", url: `/admin/api/submissions/${kept.id}`, headers: { cookie: hr } })
    ).json().data as { statuses: string[] };
    const leaving = statuses.filter((s) => !(keepingStatuses as readonly string[]).includes(s));
    expect(leaving.length).toBeGreaterThan(0);
    for (const status of leaving) expect((await setStatus(kept.id, { status })).statusCode, status).toBe(409);
    // Between keeping statuses the candidate stays kept.
    for (const status of keepingStatuses) expect((await setStatus(kept.id, { status })).statusCode).toBe(200);
    expect(await detail(kept.id)).toMatchObject({ selected: 1 });

    const result = await purge();
    expect(result.applications).not.toContain(kept.reference);
    expect(await exists(kept.id)).toBe(true);
  });

  it("an explicit stop keeping hands the candidate back to the purge, and the audit log says so", async () => {
    const released = await apply("Letgoworth");
    expect((await cli("select", released.reference)).code).toBe(0);
    const res = await setStatus(released.id, { status: "not selected", stopKeeping: true });
    expect(res.statusCode).toBe(200);
    expect(statusAnswer.parse(res.json().data)).toEqual({ status: "not selected", selected: 0 });
    expect(await detail(released.id)).toMatchObject({ status: "not selected", selected: 0 });
    const entry = await app.storage.db
      .selectFrom("audit_log")
      .select("detail")
      .where("submission_id", "=", released.id)
      .where("action", "=", "status")
      .executeTakeFirstOrThrow();
    expect(entry.detail).toContain("no longer kept");
    const result = await purge();
    expect(result.applications).toContain(released.reference);
    expect(await exists(released.id)).toBe(false);
  });

  it("a keeping status alone keeps the candidate from the purge, whatever the flag says", async () => {
    const hired = await apply("Hirewell");
    await app.storage.db
      .updateTable("submissions")
      .set({ status: "hired", selected: 0 })
      .where("id", "=", hired.id)
      .execute();
    expect((await purge()).applications).not.toContain(hired.reference);
    expect(await exists(hired.id)).toBe(true);
  });
});
