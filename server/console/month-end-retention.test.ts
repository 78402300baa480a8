/**
 * Deletion dates at month ends (issue 39), through the real server on SQLite and PostgreSQL with
 * the clock injected: a month that has no such day ends on its last day, at the arrival's time
 * (retention-policy.ts `periodEnd`, date-fns). The date the console shows, on the application's
 * page and in the due list, is the moment the purge removes the row: a millisecond before it
 * the row stays, at it the row goes. The same for an enquiry, whose moment the console does not
 * show: the purge takes it at `periodEnd`.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueAnswer, submissionDetailAnswer } from "../../contracts/console-answers";
import { futureRolesConsent } from "../../contracts/forms/application";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { purgeExpired } from "../retention/retention";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;

describe.each(backends)("deletion dates at month ends on %s", (backend) => {
  // One month for applications, so 31 January has no day in February; enquiries keep the default 24.
  const env = useBackend(backend, { APPLICATION_RETENTION_MONTHS: "1" });
  let app: App;
  let clock = new Date("2026-02-01T00:00:00.000Z");
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(() => app.close());

  const hr = async () =>
    (await signedInStaff(app.storage.db, { role: "hr", name: `hr ${crypto.randomBytes(3).toString("hex")}` }, clock))
      .cookie;
  async function arrive(lastName: string, at: string, consent = false) {
    const email = `${lastName.toLowerCase()}.${backend}@example.com`;
    const fields = { ...validApplicationFields, lastName, email };
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      consent ? { ...fields, futureRoles: futureRolesConsent.version } : fields,
      { ip: "192.0.2.9", userAgent: null, spam: false, spamVerdict: null, spamReasons: [], now: new Date(at) },
      [],
    );
    return id;
  }
  async function shownOnPage(id: number) {
    const res = await app.inject({
      method: "GET",
      url: `/admin/api/submissions/${id}`,
      headers: { cookie: await hr() },
    });
    return submissionDetailAnswer.parse(res.json().data).submission.deletion!.at;
  }

  it("the purge removes each row at the moment the console shows, not a millisecond before", async () => {
    const rows = {
      // The case: 31 January + 1 month is 28 February, at 12:00 (it was 3 March).
      jan31noon: { id: await arrive("Thirtyone", "2026-01-31T12:00:00.000Z"), at: "2026-02-28T12:00:00.000Z" },
      // Later in the day but earlier in the month: it goes after the 31 January row, so no one
      // cutoff date selects the due rows at 12:00 on 28 February.
      jan28late: { id: await arrive("Twentyeight", "2026-01-28T13:00:00.000Z"), at: "2026-02-28T13:00:00.000Z" },
      jan31early: { id: await arrive("Early", "2026-01-31T11:00:00.000Z"), at: "2026-02-28T11:00:00.000Z" },
      // The other case: 29 February 2024 + 24 months (kept for future roles) is 28 February
      // 2026 at 12:00 (the purge took it at 06:00 on 1 March while the console said 12:00).
      leapDay: { id: await arrive("Leapday", "2024-02-29T12:00:00.000Z", true), at: "2026-02-28T12:00:00.000Z" },
    };
    for (const [name, row] of Object.entries(rows)) expect(await shownOnPage(row.id), name).toBe(row.at);
    // The due list shows the same moments (all fall within its 30 days from 1 February).
    const res = await app.inject({ method: "GET", url: "/admin/api/due", headers: { cookie: await hr() } });
    const listed = new Map(dueAnswer.parse(res.json().data).rows.map((r) => [r.id, r.deletion.at]));
    for (const [name, row] of Object.entries(rows)) expect(listed.get(row.id), name).toBe(row.at);

    const enquiry = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email: `leap.${backend}@example.com` },
      {
        ip: "192.0.2.9",
        userAgent: null,
        spam: false,
        spamVerdict: null,
        spamReasons: [],
        now: new Date("2024-02-29T12:00:00.000Z"),
      },
      [],
    );
    const moments = new Map<number, string>([
      ...Object.values(rows).map((r) => [r.id, r.at] as const),
      [enquiry.id, "2026-02-28T12:00:00.000Z"],
    ]);

    const ids = [...moments.keys()];
    const present = async () =>
      (await app.storage.db.selectFrom("submissions").select("id").where("id", "in", ids).execute())
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const times = [...new Set(moments.values())].sort().flatMap((at) => [new Date(Date.parse(at) - 1), new Date(at)]);
    for (const now of times) {
      clock = now;
      await purgeExpired(app.storage, now, env.config.retention, { dataDir: env.config.dataDir });
      const left = ids.filter((id) => Date.parse(moments.get(id)!) > now.getTime()).sort((a, b) => a - b);
      expect(await present(), now.toISOString()).toEqual(left);
    }
    expect(await present()).toEqual([]);
  });
});
