/**
 * Outcomes on enquiries (decision 057) against the real server, SQLite and PostgreSQL: sales mark
 * an enquiry they may see qualified, then won with a value; each change is in its history and the
 * audit log; only enquiries have one, and only those who hold enquiries:outcome set it (HR and
 * marketing are refused, an application and a quarantined enquiry answer as missing); a value
 * goes only with won. Erasure takes the outcome and its history with the enquiry and leaves the
 * anonymous count, with the won value, in erased_lead_counts; spam leaves nothing.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { outcomeAnswer } from "../../contracts/outcomes";
import { buildApp } from "../app";
import { eraseSubmissions } from "../retention/erasure";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("enquiry outcomes on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const cookies: Record<string, string> = {};

  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", origin, cookie }, payload });
  const submit = async (kind: "contact" | "application", values: object, spam = false) =>
    (
      await insertSubmission(
        app.storage,
        formDefinitions[kind],
        values as never,
        { ip: "192.0.2.7", userAgent: "Firefox", spam, now: clock },
        [],
      )
    ).id;
  const enquiry = async (campaign: string | null, spam = false) => {
    const id = await submit("contact", validContact, spam);
    await app.storage.db
      .updateTable("submissions")
      .set({ source_path: "/contact", source_referrer: "news.example.org", source_campaign: campaign })
      .where("id", "=", id)
      .execute();
    return id;
  };

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    await app.ready();
    for (const role of ["admin", "sales", "hr", "marketing"]) {
      cookies[role] = (await signedInStaff(app.storage.db, { role, name: `Olga ${role}` }, clock)).cookie;
    }
  }, 60_000);
  afterAll(() => app.close());

  it("sales mark an enquiry qualified, then won with a value: the history and the audit log show each change", async () => {
    const id = await enquiry("spring");
    const url = `/admin/api/submissions/${id}/outcome`;
    expect((await post(url, cookies.sales!, { outcome: "qualified" })).statusCode).toBe(200);
    const won = await post(url, cookies.sales!, { outcome: "won", value: 12000.5, currency: "EUR" });
    expect(won.statusCode).toBe(200);
    const answer = outcomeAnswer.parse(won.json().data);
    expect(answer).toMatchObject({ outcome: "won", value: 12000.5, currency: "EUR" });
    expect(answer.history.map((h) => [h.outcome, h.value, h.currency, h.staff_name])).toEqual([
      ["qualified", null, null, "Olga sales"],
      ["won", 12000.5, "EUR", "Olga sales"],
    ]);
    const read = await app.inject({ method: "GET", url, headers: { cookie: cookies.admin! } });
    expect(outcomeAnswer.parse(read.json().data).history).toHaveLength(2);
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["action", "detail", "staff_name"])
      .where("submission_id", "=", id)
      .where("action", "=", "outcome")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "outcome", detail: "qualified", staff_name: "Olga sales" },
      { action: "outcome", detail: "won, 12,000.50 EUR", staff_name: "Olga sales" },
    ]);
  });

  it("is set only by those who may, only on enquiries they may see, and a value goes only with won", async () => {
    const id = await enquiry(null);
    const url = `/admin/api/submissions/${id}/outcome`;
    expect((await post(url, cookies.hr!, { outcome: "won" })).statusCode).toBe(403);
    expect((await post(url, cookies.marketing!, { outcome: "won" })).statusCode).toBe(403);
    const application = await submit("application", { ...validApplicationFields, email: "cand@example.com" });
    // Sales do not read applications: refused as an id they may not have.
    expect(
      (await post(`/admin/api/submissions/${application}/outcome`, cookies.sales!, { outcome: "won" })).statusCode,
    ).toBe(403);
    // Admins read applications: only enquiries have an outcome.
    expect(
      (await post(`/admin/api/submissions/${application}/outcome`, cookies.admin!, { outcome: "won" })).statusCode,
    ).toBe(400);
    const held = await enquiry(null, true);
    expect((await post(`/admin/api/submissions/${held}/outcome`, cookies.sales!, { outcome: "won" })).statusCode).toBe(
      403,
    );
    for (const bad of [
      { outcome: "lost", value: 10, currency: "EUR" },
      { outcome: "won", value: 10 },
      { outcome: "won", value: 10.001, currency: "EUR" },
      { outcome: "won", value: 10, currency: "XXY" },
      { outcome: "answered" },
    ]) {
      expect((await post(url, cookies.sales!, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const row = await app.storage.db
      .selectFrom("submissions")
      .select("outcome")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBeNull();
  });

  it("erasure takes the outcome and its history with the enquiry, and leaves only the anonymous count", async () => {
    await app.storage.db.deleteFrom("erased_lead_counts").execute();
    const won = await enquiry("autumn");
    await post(`/admin/api/submissions/${won}/outcome`, cookies.sales!, {
      outcome: "won",
      value: 500,
      currency: "USD",
    });
    const lost = await enquiry("autumn");
    await post(`/admin/api/submissions/${lost}/outcome`, cookies.sales!, { outcome: "lost" });
    const spam = await enquiry("autumn", true);
    await eraseSubmissions(app.storage, [won, lost, spam], {
      dataDir: env.config.dataDir,
      reason: "request",
      now: clock,
    });
    const left = await app.storage.db
      .selectFrom("enquiry_outcomes")
      .select("id")
      .where("submission_id", "in", [won, lost])
      .execute();
    expect(left).toEqual([]);
    const counts = await app.storage.db.selectFrom("erased_lead_counts").selectAll().orderBy("outcome").execute();
    expect(counts.map((c) => ({ ...c, value: Number(c.value) }))).toEqual([
      {
        day: "2026-11-23",
        source_path: "/contact",
        source_referrer: "news.example.org",
        source_campaign: "autumn",
        answered: 1,
        outcome: "lost",
        currency: "",
        enquiries: 1,
        value: 0,
      },
      {
        day: "2026-11-23",
        source_path: "/contact",
        source_referrer: "news.example.org",
        source_campaign: "autumn",
        answered: 1,
        outcome: "won",
        currency: "USD",
        enquiries: 1,
        value: 50000,
      },
    ]);
  });
});

describe("the privacy policy", () => {
  it("says an erased enquiry may remain only as an anonymous count, for the daily totals' period", () => {
    const policy = fs.readFileSync("app/content/legal/privacy-policy.md", "utf8");
    expect(policy).toMatch(
      /When an enquiry is erased[^.]*may remain only as an anonymous count[^.]*\{\{dailyTotals\}\}\./,
    );
  });
});
