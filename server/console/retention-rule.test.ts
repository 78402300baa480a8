/**
 * The one retention rule of applications (docs/decisions/033), through the real server on SQLite
 * and PostgreSQL with the clock moved: decisions record their date, the console shows each
 * application's deletion date and reason, and the purge deletes exactly the applications whose
 * date has come, at that date to the millisecond. No status keeps anyone; the candidate's consent
 * to be kept for future roles keeps them until 24 months after arrival.
 */
import { UTCDate } from "@date-fns/utc";
import { addMonths } from "date-fns";
import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusAnswer, submissionDetailAnswer } from "../../contracts/console-answers";
import { futureRolesConsent } from "../../contracts/forms/application";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { runCli } from "../cli/index";
import { purgeExpired } from "../retention/retention";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { pdf, validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const arrived = new Date("2026-01-05T10:00:00.000Z");
const month = (n: number, from = arrived) => new Date(addMonths(new UTCDate(from), n).getTime());
const days = (n: number, from: Date) => new Date(from.getTime() + n * 86_400_000);

describe.each(backends)("the retention rule of applications on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let clock = arrived;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(() => app.close());

  /** A fresh HR person signed in at the clock's time (the purge ends older sessions). */
  const hr = async () =>
    (await signedInStaff(app.storage.db, { role: "hr", name: `hr ${crypto.randomBytes(3).toString("hex")}` }, clock))
      .cookie;
  async function arrive(lastName: string, consent = false) {
    const email = `${lastName.toLowerCase()}.${backend}@example.com`;
    const { id, reference } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, lastName, email, ...(consent ? { futureRoles: futureRolesConsent.version } : {}) },
      { ip: "192.0.2.9", userAgent: null, spam: false, spamVerdict: null, spamReasons: [], now: arrived },
      [],
      { original_name: "cv.pdf", detected_type: "pdf", size: 2048, sha256: "0".repeat(64), content: pdf() },
    );
    return { id, reference: reference! };
  }
  async function setStatus(id: number, status: string, at: Date) {
    clock = at;
    const res = await app.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/status`,
      headers: { "content-type": "application/json", cookie: await hr(), origin },
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
    return statusAnswer.parse(res.json().data);
  }
  async function detail(id: number) {
    const res = await app.inject({
      method: "GET",
      url: `/admin/api/submissions/${id}`,
      headers: { cookie: await hr() },
    });
    return submissionDetailAnswer.parse(res.json().data).submission;
  }
  const decidedAt = async (id: number) =>
    (await app.storage.db.selectFrom("submissions").select("decided_at").where("id", "=", id).executeTakeFirstOrThrow())
      .decided_at;

  it("a decision records its date, saving it again keeps it, and a stage without one clears it", async () => {
    const { id } = await arrive("Decidewell");
    expect(await decidedAt(id)).toBeNull();
    const decided = month(3);
    const answer = await setStatus(id, "not selected", decided);
    expect(await decidedAt(id)).toBe(decided.toISOString());
    expect(answer.deletion).toEqual({
      at: month(12, decided).toISOString(),
      basis: "decision",
      reason: "12 months after the decision on 5 April 2026",
    });
    // Saved again later: the decision's date stays, so re-saving cannot stretch the period.
    await setStatus(id, "not selected", month(4));
    expect(await decidedAt(id)).toBe(decided.toISOString());
    // A different decision is a new one.
    await setStatus(id, "hired", month(5));
    expect(await decidedAt(id)).toBe(month(5).toISOString());
    // Back to a stage without a decision: no date, counted from arrival again.
    const back = await setStatus(id, "interview", month(6));
    expect(await decidedAt(id)).toBeNull();
    expect(back.deletion).toMatchObject({ at: month(12).toISOString(), basis: "arrival" });
  });

  it("`select` shortlists, says the deletion date, and keeps no one past it", async () => {
    const { id, reference } = await arrive("Shortlistow");
    const out = new PassThrough();
    let stdout = "";
    out.on("data", (c) => (stdout += c));
    const vars: Record<string, string> = { DATA_DIR: env.config.dataDir, LOG_LEVEL: "silent", SITE_URL: origin };
    if (env.config.databaseUrl) vars.DATABASE_URL = env.config.databaseUrl;
    clock = arrived;
    expect(await runCli(["select", reference], vars, { out, err: new PassThrough(), now: () => clock })).toBe(0);
    expect(stdout).toContain(`${reference} is shortlisted; deleted on 5 January 2027, 12 months after arrival`);
    expect(await detail(id)).toMatchObject({ status: "shortlisted", deletion: { at: month(12).toISOString() } });
    await purgeExpired(app.storage, month(12), env.config.retention, { dataDir: env.config.dataDir });
    const left = await app.storage.db.selectFrom("submissions").select("id").where("id", "=", id).execute();
    expect(left).toEqual([]);
  });

  it("the purge deletes each application at the date its page shows, and not a millisecond before", async () => {
    // One of each: the rule's every branch, all arrived on the same day.
    const fixtures = {
      undecided: await arrive("Waitingham"),
      notSelectedEarly: await arrive("Earlyno"),
      notSelectedLate: await arrive("Lateno"),
      hired: await arrive("Hirewell"),
      shortlisted: await arrive("Shortwell"),
      consented: await arrive("Keepmeford", true),
      consentedNotSelected: await arrive("Keepnoton", true),
      consentedDecidedLate: await arrive("Keeplater", true),
      consentedHired: await arrive("Keephired", true),
      undatedDecision: await arrive("Oldrule"),
    };
    await setStatus(fixtures.notSelectedEarly.id, "not selected", month(1));
    await setStatus(fixtures.notSelectedLate.id, "not selected", month(11));
    await setStatus(fixtures.hired.id, "hired", month(2));
    await setStatus(fixtures.shortlisted.id, "shortlisted", month(2));
    await setStatus(fixtures.consentedNotSelected.id, "not selected", month(2));
    await setStatus(fixtures.consentedDecidedLate.id, "not selected", month(20));
    await setStatus(fixtures.consentedHired.id, "hired", month(3));
    // Decided before decision dates were recorded (migration 010 renamed "rejected" rows).
    await app.storage.db
      .updateTable("submissions")
      .set({ status: "not selected", decided_at: null })
      .where("id", "=", fixtures.undatedDecision.id)
      .execute();

    const expected: Record<keyof typeof fixtures, { at: Date; basis: string }> = {
      undecided: { at: month(12), basis: "arrival" },
      notSelectedEarly: { at: month(13), basis: "decision" },
      notSelectedLate: { at: month(23), basis: "decision" },
      hired: { at: days(30, month(2)), basis: "hired" },
      shortlisted: { at: month(12), basis: "arrival" },
      consented: { at: month(24), basis: "consent" },
      consentedNotSelected: { at: month(24), basis: "consent" },
      consentedDecidedLate: { at: month(32), basis: "decision" },
      consentedHired: { at: days(30, month(3)), basis: "hired" },
      undatedDecision: { at: month(12), basis: "arrival" },
    };
    // What the console shows, read before any purge.
    const shown = new Map<number, string>();
    for (const [name, { id }] of Object.entries(fixtures)) {
      const { deletion } = await detail(id);
      expect(deletion, name).toMatchObject({
        at: expected[name as keyof typeof fixtures].at.toISOString(),
        basis: expected[name as keyof typeof fixtures].basis,
      });
      shown.set(id, deletion!.at);
    }
    expect((await detail(fixtures.consented.id)).deletion?.reason).toBe(
      "24 months after arrival on 5 January 2026, kept for future roles with the candidate's consent",
    );
    expect((await detail(fixtures.hired.id)).deletion?.reason).toBe(
      "30 days after the hiring decision on 5 March 2026",
    );
    expect((await detail(fixtures.undatedDecision.id)).deletion?.reason).toBe(
      "12 months after arrival on 5 January 2026, decided before decision dates were recorded",
    );

    // The purge a millisecond before each shown date, then at it: exactly those whose date has come go.
    const ids = Object.values(fixtures).map((f) => f.id);
    const present = async () =>
      (await app.storage.db.selectFrom("submissions").select("id").where("id", "in", ids).execute())
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const times = [...new Set(shown.values())].sort().flatMap((at) => [new Date(Date.parse(at) - 1), new Date(at)]);
    for (const now of times) {
      const result = await purgeExpired(app.storage, now, env.config.retention, { dataDir: env.config.dataDir });
      const left = ids.filter((id) => Date.parse(shown.get(id)!) > now.getTime()).sort((a, b) => a - b);
      expect(await present(), now.toISOString()).toEqual(left);
      for (const [name, f] of Object.entries(fixtures)) {
        if (shown.get(f.id) === now.toISOString()) expect(result.applications, name).toContain(f.reference);
      }
    }
    expect(await present()).toEqual([]);
    const resumes = await app.storage.db
      .selectFrom("resumes")
      .select("submission_id")
      .where("submission_id", "in", ids);
    expect(await resumes.execute()).toEqual([]);
  });
});
