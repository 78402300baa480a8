/**
 * The weekly report (issue 42), on SQLite and PostgreSQL with a real SMTP sink: two app instances
 * on one database, the clock moved to Monday 08:00 in the company's zone (Europe/London, the
 * Monday after the clocks went forward, so 07:00 UTC), queue and deliver it; each person who chose
 * it gets exactly one, one who did not gets none, sales cannot choose it, and the mail holds the
 * week's figures with none of the seeded names, addresses or messages. Nothing sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { staffRoles } from "../../contracts/staff/permissions";
import { buildApp } from "../app";
import { loadConfig, type Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { insertEvents } from "./analytics";
import { reportWeek } from "./weekly-report";
import { queueWeeklyReports } from "../mail/weekly-report-queue";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
// Monday 29 March 2027, the day after British Summer Time began: 08:00 in London is 07:00 UTC.
const due = new Date("2027-03-29T07:00:00.000Z");
const justBefore = new Date("2027-03-29T06:59:00.000Z");

describe("when the weekly report is due", () => {
  const at = (iso: string) => reportWeek(new Date(iso), "Europe/London");
  it("is due from Monday 08:00 London time until that Monday ends, and reports the week before", () => {
    expect(at("2027-01-11T07:59:00Z")).toBeNull();
    expect(at("2027-01-11T08:00:00Z")).toEqual({
      week: "2027-W01",
      range: { from: "2027-01-04", to: "2027-01-10" },
      previous: { from: "2026-12-28", to: "2027-01-03" },
    });
    expect(at("2027-01-11T23:59:00Z")?.week).toBe("2027-W01");
    expect(at("2027-01-12T00:00:00Z")).toBeNull();
    expect(at("2027-01-10T09:00:00Z")).toBeNull();
  });
  it("follows the clocks: 07:00 UTC after they go forward, 08:00 UTC after they go back", () => {
    expect(at("2027-03-29T06:59:00Z")).toBeNull();
    expect(at("2027-03-29T07:00:00Z")?.range).toEqual({ from: "2027-03-22", to: "2027-03-28" });
    expect(at("2026-10-26T07:59:00Z")).toBeNull();
    expect(at("2026-10-26T08:00:00Z")?.week).toBe("2026-W43");
  });
  it("names the ISO week across a year's end (2026 has 53)", () => {
    expect(at("2027-01-04T08:00:00Z")?.week).toBe("2026-W53");
  });
  it("takes COMPANY_TIME_ZONE from the settings, Europe/London by default, and refuses an unknown zone", () => {
    expect(loadConfig({}).companyTimeZone).toBe("Europe/London");
    expect(loadConfig({ COMPANY_TIME_ZONE: "America/Los_Angeles" }).companyTimeZone).toBe("America/Los_Angeles");
    expect(() => loadConfig({ COMPANY_TIME_ZONE: "Europe/Atlantis" })).toThrow(/COMPANY_TIME_ZONE/);
  });
  it("reads the company's zone, not the server's: Sydney's Monday 08:00 is Sunday 21:00 UTC", () => {
    expect(reportWeek(new Date("2027-01-10T21:00:00Z"), "Australia/Sydney")?.week).toBe("2027-W01");
  });
});

describe.each(backends)("the weekly report on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let config: Config;
  let apps: App[];
  let clock = new Date("2027-03-26T12:00:00.000Z");
  const now = () => clock;
  const people: Record<
    "mia" | "ada" | "otto" | "sam" | "rita",
    Awaited<ReturnType<typeof signedInStaff>>
  > = {} as never;
  const lead = { ...validContact, firstName: "Priya", lastName: "Ramanathan", email: "priya.r@example.net" };

  const choose = (cookie: string, receive: unknown) =>
    apps[1]!.inject({
      method: "POST",
      url: "/admin/api/dashboard/weekly-report",
      headers: { cookie, origin, "content-type": "application/json" },
      payload: { receive },
    });

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    // Two instances on one database, as two servers behind the proxy.
    apps = [await buildApp(config, { serveSite: false, now }), await buildApp(config, { serveSite: false, now })];
    const db = apps[0]!.storage.db;
    people.mia = await signedInStaff(db, { role: "marketing", name: "Mia Marketwell" }, clock);
    people.ada = await signedInStaff(db, { role: "admin", name: "Adaeze Admin" }, clock);
    people.otto = await signedInStaff(db, { role: "marketing", name: "Otto Optout" }, clock);
    people.sam = await signedInStaff(db, { role: "sales", name: "Sam Salesby" }, clock);
    people.rita = await signedInStaff(db, { role: "marketing", name: "Rita Rolechange" }, clock);
    // The week reported (22–28 March) and the week before: page views, and one enquiry won.
    for (const [at, views] of [
      ["2027-03-24T10:00:00.000Z", 3],
      ["2027-03-17T10:00:00.000Z", 2],
    ] as const) {
      const events = Array.from({ length: views }, () => ({
        type: "pageview" as const,
        path: "/services/cloudservice",
        viewport: "lg" as const,
        browser: "firefox" as const,
        referrer: "news.example.org",
      }));
      await insertEvents(apps[0]!.storage, events, new Date(at));
    }
    // Web Vitals in the week: one slow page, named by its hero image, and one good page.
    const vital = (path: string, name: "LCP" | "INP", value: number, attribution?: string) => ({
      type: "vital" as const,
      path,
      name,
      value,
      rating: "good" as const,
      ...(attribution ? { attribution } : {}),
    });
    await insertEvents(
      apps[0]!.storage,
      [...[5200, 6100, 4800].map((v) => vital("/services/cloudservice", "LCP", v, "img.hero")), vital("/", "INP", 80)],
      new Date("2027-03-25T10:00:00.000Z"),
    );
    const { id } = await insertSubmission(
      apps[0]!.storage,
      formDefinitions.contact,
      lead as never,
      { ip: "192.0.2.1", userAgent: "Firefox", spam: false, now: new Date("2027-03-23T09:00:00.000Z") },
      [],
    );
    const won = await apps[0]!.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/outcome`,
      headers: { cookie: people.sam.cookie, origin, "content-type": "application/json" },
      payload: { outcome: "won", value: 5000, currency: "EUR" },
    });
    expect(won.statusCode, won.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await smtp?.close();
  });

  it("lets marketing and admins choose it and change their mind, and refuses sales (403)", async () => {
    expect((await choose(people.mia.cookie, true)).json().data).toEqual({ receive: true });
    expect((await choose(people.ada.cookie, true)).json().data).toEqual({ receive: true });
    expect((await choose(people.otto.cookie, true)).json().data).toEqual({ receive: true });
    expect((await choose(people.otto.cookie, false)).json().data).toEqual({ receive: false });
    const read = await apps[0]!.inject({
      method: "GET",
      url: "/admin/api/dashboard/weekly-report",
      headers: { cookie: people.mia.cookie },
    });
    expect(read.json().data).toEqual({ receive: true });
    expect((await choose(people.sam.cookie, true)).statusCode).toBe(403);
    expect((await choose(people.mia.cookie, "yes")).statusCode).toBe(400);
    // Rita chose it, then moved to sales: her choice stays, but she no longer holds dashboard:read.
    expect((await choose(people.rita.cookie, true)).statusCode).toBe(200);
    await apps[0]!.storage.db.updateTable("staff").set({ role: "sales" }).where("id", "=", people.rita.id).execute();
  });

  it("is not queued at 07:59 London time on Monday, nor on Sunday", async () => {
    const deps = (app: App) => ({ config, storage: app.storage, staffRoles });
    for (const at of [justBefore, new Date("2027-03-28T09:00:00.000Z")]) {
      expect(await queueWeeklyReports(deps(apps[0]!), at)).toBe(0);
    }
    expect(await apps[0]!.storage.db.selectFrom("weekly_reports").select("id").execute()).toEqual([]);
  });

  it("arrives once for each person who chose it and may read the dashboard, at Monday 08:00 London time, with two instances", async () => {
    clock = due;
    const deps = (app: App) => ({ config, storage: app.storage, staffRoles });
    // Both instances tick at once, then again five minutes later.
    const first = await Promise.all(apps.map((app) => queueWeeklyReports(deps(app), due)));
    expect(first.reduce((a, b) => a + b)).toBe(2);
    const later = new Date(due.getTime() + 5 * 60_000);
    expect(await Promise.all(apps.map((app) => queueWeeklyReports(deps(app), later)))).toEqual([0, 0]);
    // Both instances deliver until nothing is left.
    const workers = apps.map((app) =>
      createOutboxWorker({ config, storage: app.storage, transport: createTransport(config), now }),
    );
    while ((await Promise.all(workers.map((w) => w.runOnce()))).some((n) => n > 0));
    const to = smtp.received.map((m) => m.to.join(","));
    expect(to.sort()).toEqual([people.ada.email, people.mia.email].sort());
  });

  it("holds the week's figures and a link to the dashboard, and no name, address or message", () => {
    const mail = smtp.received[0]!;
    const body = mail.decoded
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n");
    expect(mail.header("Subject")).toContain("2027-W12");
    expect(body).toContain("Page views: 3 (week before: 2, +50%)");
    expect(body).toContain("Enquiries: 1 (week before: 0, none the week before)");
    expect(body).toContain("Won: 1");
    expect(body).toContain("EUR 5,000");
    expect(body).toContain("1. /services/cloudservice 3");
    expect(body).toContain("1. news.example.org 3");
    expect(body).toContain(
      "Worst Web Vital: /services/cloudservice LCP 6,100 ms at p75, poor (3 samples, most often img.hero).",
    );
    expect(body).toContain(`${origin}/admin/dashboard?period=custom&from=2027-03-22&to=2027-03-28&compare=previous`);
    const personal = [
      lead.firstName,
      lead.lastName,
      lead.email,
      lead.phone,
      lead.message,
      ...Object.values(people).flatMap((p) => [p.name, p.email]),
    ];
    for (const value of personal) expect(body, value).not.toContain(value);
    for (const value of [lead.firstName, lead.lastName, lead.email, lead.message])
      expect(mail.decoded).not.toContain(value);
  });
});
