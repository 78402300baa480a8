/**
 * The purge chooses what has expired, does its other work, then deletes. A candidate HR decides
 * about (whose deletion date then moves to 12 months after the decision), or a submission an
 * administrator releases from quarantine, in between must survive: the expiry rule is asked
 * again inside the deleting transaction. And a status saved after the purge deleted the row
 * answers as for a missing one, bringing nothing back. On SQLite and PostgreSQL.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { purgeExpired } from "../retention/retention";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { pdf, validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { formDefinitions } from "../../contracts/forms/index";

/** A console request made at the purge's middle step, so it lands between choosing and deleting. */
const hook: { during?: () => Promise<void> } = {};
vi.mock("../analytics/analytics", async (importOriginal) => {
  const real = await importOriginal<typeof import("../analytics/analytics")>();
  return {
    ...real,
    purgeMeasurements: async (...args: Parameters<typeof real.purgeMeasurements>) => {
      await hook.during?.();
      return real.purgeMeasurements(...args);
    },
  };
});

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const purgeDay = new Date("2026-06-01T03:00:00.000Z");
const resume = { original_name: "cv.pdf", detected_type: "pdf" as const, size: 2048, sha256: "0".repeat(64) };

describe.each(backends)("the purge against a keep or a release on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => purgeDay });
  }, 60_000);
  afterAll(() => app.close());

  const staff = (role: "hr" | "admin") =>
    signedInStaff(app.storage.db, { role, name: `${role} ${crypto.randomBytes(3).toString("hex")}` }, purgeDay);
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", cookie, origin }, payload });
  const exists = async (id: number) =>
    (await app.storage.db.selectFrom("submissions").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  const purge = () => purgeExpired(app.storage, purgeDay, env.config.retention, { dataDir: env.config.dataDir });

  it("a candidate decided about while the purge runs is kept, with the resume, and not reported", async () => {
    const { id, reference } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email: `kept.late.${backend}@example.com` },
      {
        ip: "192.0.2.9",
        userAgent: null,
        spam: false,
        spamVerdict: null,
        spamReasons: [],
        now: new Date("2020-01-10"),
      },
      [],
      { ...resume, content: pdf() },
    );
    const hr = await staff("hr");
    let answer = 0;
    hook.during = async () => {
      answer = (await post(`/admin/api/submissions/${id}/status`, hr.cookie, { status: "not selected" })).statusCode;
    };
    const result = await purge();
    hook.during = undefined;
    expect(answer).toBe(200);
    expect(await exists(id)).toBe(true);
    const kept = await app.storage.db.selectFrom("resumes").select("submission_id").where("submission_id", "=", id);
    expect(await kept.execute()).toHaveLength(1);
    expect(result.applications).not.toContain(reference);
    expect(result.removed?.references ?? []).not.toContain(reference);
  });

  it("a status saved after the purge deleted the application answers as for a missing one and brings nothing back", async () => {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email: `gone.before.${backend}@example.com` },
      {
        ip: "192.0.2.9",
        userAgent: null,
        spam: false,
        spamVerdict: null,
        spamReasons: [],
        now: new Date("2020-01-10"),
      },
      [],
      { ...resume, content: pdf() },
    );
    const hr = await staff("hr");
    await purge();
    const res = await post(`/admin/api/submissions/${id}/status`, hr.cookie, { status: "not selected" });
    // HR does not see every kind: a missing id answers 403, as any id HR may not have (027).
    expect(res.statusCode).toBe(403);
    expect(await exists(id)).toBe(false);
  });

  it("an application released from quarantine while the purge runs is kept as an application", async () => {
    const fortyDaysBefore = new Date(purgeDay.getTime() - 40 * 86_400_000);
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email: `released.late.${backend}@example.com` },
      {
        ip: "192.0.2.9",
        userAgent: null,
        spam: true,
        spamVerdict: "review",
        spamReasons: [{ signal: "proof", text: "sent without JavaScript" }],
        now: fortyDaysBefore,
      },
      [],
      { ...resume, content: pdf() },
    );
    const admin = await staff("admin");
    let answer = 0;
    hook.during = async () => {
      answer = (await post(`/admin/api/quarantine/${id}/release`, admin.cookie, { confirm: true })).statusCode;
    };
    const result = await purge();
    hook.during = undefined;
    expect(answer).toBe(200);
    expect(await exists(id)).toBe(true);
    expect(result.spam).toBe(0);
  });
});
