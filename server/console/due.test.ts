/**
 * "Due for deletion" (issue 26): the applications whose deletion date falls within the next 30
 * days, soonest first, each with the date the purge acts on; HR records a consent the candidate
 * gave by e-mail, which moves the date and takes the application off the list. Other roles are
 * refused. SQLite and PostgreSQL, the clock fixed.
 */
import { UTCDate } from "@date-fns/utc";
import { subMonths } from "date-fns";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueAnswer, statusAnswer, submissionDetailAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { dueWithinDays } from "../../contracts/staff-console";
import { buildApp } from "../app";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const today = new Date("2027-03-01T12:00:00.000Z");
const daysBefore = (n: number, months = 12) => {
  return new Date(subMonths(new UTCDate(today), months).getTime() - n * 86_400_000);
};

describe.each(backends)("the due list on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => today });
  }, 60_000);
  afterAll(() => app.close());

  const person = async (role: "admin" | "hr" | "sales") =>
    (await signedInStaff(app.storage.db, { role, name: `${role} ${crypto.randomBytes(3).toString("hex")}` }, today))
      .cookie;
  async function arrive(lastName: string, at: Date, spam = false) {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, lastName, email: `${lastName.toLowerCase()}.${backend}@example.com` },
      { ip: "192.0.2.9", userAgent: null, spam, spamVerdict: spam ? "spam" : null, spamReasons: [], now: at },
      [],
    );
    return id;
  }
  const due = async (cookie: string) => {
    const res = await app.inject({ method: "GET", url: "/admin/api/due", headers: { cookie } });
    return { code: res.statusCode, body: res.statusCode === 200 ? dueAnswer.parse(res.json().data) : null };
  };

  it("lists exactly the applications due within 30 days, soonest first, with the dates the purge uses", async () => {
    // Arrived 12 months before today, shifted: due in 10 days, in 29, in 31 (not listed), overdue by 2.
    const inTen = await arrive("Tendays", daysBefore(-10));
    const inTwentyNine = await arrive("Twentynine", daysBefore(-29));
    await arrive("Thirtyone", daysBefore(-(dueWithinDays + 1)));
    const overdue = await arrive("Overdue", daysBefore(2));
    await arrive("Quarantined", daysBefore(-5), true);
    // Hired 20 days ago: due in 10 days although it arrived this year.
    const hired = await arrive("Hiredsoon", daysBefore(0, 2));
    await app.storage.db
      .updateTable("submissions")
      .set({ status: "hired", decided_at: new Date(today.getTime() - 20 * 86_400_000 + 3_600_000).toISOString() })
      .where("id", "=", hired)
      .execute();

    const hr = await person("hr");
    const { code, body } = await due(hr);
    expect(code).toBe(200);
    expect(body!.days).toBe(dueWithinDays);
    expect(body!.rows.map((r) => r.id)).toEqual([overdue, inTen, hired, inTwentyNine]);
    for (const row of body!.rows) {
      const detail = await app.inject({
        method: "GET",
        url: `/admin/api/submissions/${row.id}`,
        headers: { cookie: hr },
      });
      expect(submissionDetailAnswer.parse(detail.json().data).submission.deletion).toEqual(row.deletion);
    }
    expect(body!.rows[0]).toMatchObject({
      name: "Alan Overdue",
      email: `overdue.${backend}@example.com`,
      consented: false,
    });
    const listed = await app.storage.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "list")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(listed.detail).toBe("due for deletion: 4 application(s)");
    expect(listed.detail).not.toContain("@");
  });

  it("a consent recorded by HR moves the date to 24 months after arrival and off the list; withdrawn, it is back", async () => {
    const hr = await person("hr");
    const id = (await due(hr)).body!.rows.find((r) => r.name === "Alan Tendays")!.id;
    const record = (consent: boolean, cookie = hr) =>
      app.inject({
        method: "POST",
        url: `/admin/api/submissions/${id}/future-roles`,
        headers: { "content-type": "application/json", cookie, origin },
        payload: { consent },
      });
    const res = await record(true);
    expect(res.statusCode).toBe(200);
    expect(statusAnswer.parse(res.json().data).deletion).toMatchObject({ basis: "consent" });
    expect((await due(hr)).body!.rows.map((r) => r.id)).not.toContain(id);
    const entry = await app.storage.db
      .selectFrom("audit_log")
      .select(["detail", "subject"])
      .where("action", "=", "future roles")
      .where("submission_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(entry.detail).toMatch(/^consent recorded; deletion date \d{4}-\d{2}-\d{2}$/);
    expect((await record(false)).statusCode).toBe(200);
    expect((await due(hr)).body!.rows.map((r) => r.id)).toContain(id);
    // Sales, who sees no applications, may do neither.
    const sales = await person("sales");
    expect((await due(sales)).code).toBe(403);
    expect((await record(true, sales)).statusCode).toBe(403);
  });
});
