/**
 * Leads with their source (issue 27): the page an enquiry was sent from, and with measurement
 * consent the visit's referrer host and campaign, stored with the submission only when clean (a
 * stranger controls every one of them), shown to the team, and counted by `stats` with each
 * page's conversion rate. SQLite and PostgreSQL.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionDetailAnswer } from "../contracts/console-answers";
import type { ReturnedForm } from "../contracts/form-answers";
import { contactForm } from "../contracts/forms/contact";
import { feedbackForm } from "../contracts/forms/feedback";
import type { AnalyticsEvent } from "../contracts/index";
import { sourceFields } from "../contracts/lead-source";
import { buildApp } from "./app";
import { runCli } from "./cli/index";
import type { AnswerPages } from "./forms/answer-pages";
import fs from "node:fs";
import { visitSourceKey } from "../contracts/lead-source";
import { insertEvents } from "./analytics/analytics";
import { eraseSubmissions } from "./retention/erasure";
import { backends, useBackend } from "./test-support/backends";
import { jsonHeaders, validContact, validFeedback } from "./test-support/fixtures";
import { signedInStaff } from "./test-support/staff";

const origin = "https://www.altivacloud.com";
const sitePages = ["/", "/contact", "/services/cloudservice", "/technology/react", "/feedback"];
const browserHeaders = {
  "content-type": "application/x-www-form-urlencoded",
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
  accept: "text/html",
  origin,
};

describe.each(backends)("leads with their source on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  type App = Awaited<ReturnType<typeof buildApp>>;
  let app: App;
  const returned: ReturnedForm[] = [];
  const pages: AnswerPages = {
    invalid: (_kind, form) => {
      returned.push(form);
      return "<p>invalid</p>";
    },
    success: () => "<p>sent</p>",
    apiOrigins: [],
  };
  const now = new Date("2026-11-20T12:00:00.000Z");
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, answerPages: pages, now: () => now, sitePages });
  }, 60_000);
  afterAll(() => app.close());

  const source = async (email: string) =>
    app.storage.db
      .selectFrom("submissions")
      .select(["id", "source_path", "source_referrer", "source_campaign"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
  const post = (
    email: string,
    extra: Record<string, unknown>,
    url: string = contactForm.path,
    fields: object = validContact,
  ) =>
    app.inject({ method: "POST", url, headers: jsonHeaders, payload: JSON.stringify({ ...fields, email, ...extra }) });
  const browserPost = (email: string, extra: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: contactForm.path,
      headers: browserHeaders,
      payload: new URLSearchParams({ ...validContact, agree: "on", email, ...extra }).toString(),
    });
  const mail = (name: string) => `${name}.${backend}@example.com`;

  it("stores the page, the referrer host and the campaign a script's post names", async () => {
    const res = await post(mail("sourced"), {
      [sourceFields.path]: "/services/cloudservice",
      [sourceFields.referrer]: "www.google.com",
      [sourceFields.campaign]: "spring",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await source(mail("sourced"))).toMatchObject({
      source_path: "/services/cloudservice",
      source_referrer: "www.google.com",
      source_campaign: "spring",
    });
  });

  it("a post without consent (no referrer, no campaign) stores only the page", async () => {
    expect((await post(mail("path-only"), { [sourceFields.path]: "/contact" })).statusCode).toBe(201);
    expect(await source(mail("path-only"))).toMatchObject({
      source_path: "/contact",
      source_referrer: null,
      source_campaign: null,
    });
  });

  it("stores the page of the feedback form too", async () => {
    const res = await post(mail("feedback"), { [sourceFields.path]: "/feedback" }, feedbackForm.path, validFeedback);
    expect(res.statusCode, res.body).toBe(201);
    expect((await source(mail("feedback"))).source_path).toBe("/feedback");
  });

  const hostilePaths: unknown[] = [
    "/nowhere",
    "/services/cloudservice?utm_campaign=spring",
    "/services/cloudservice/",
    "/Contact",
    "https://evil.example/contact",
    "//evil.example/contact",
    "/../contact",
    "/<script>alert(1)</script>",
    "/contact\r\nSet-Cookie: a=b",
    `/${"a".repeat(10_000)}`,
    "",
    ["/contact"],
    { path: "/contact" },
    42,
    null,
  ];
  const hostileHosts: unknown[] = [
    "Google.com",
    "google.com:443",
    "https://google.com",
    "google.com/search",
    "evil.example\r\nX-Injected: 1",
    "<script>alert(1)</script>",
    `${"a".repeat(64)}.com`,
    `${"abc.".repeat(70)}com`,
    "-google.com",
    "",
    ["google.com"],
    7,
  ];
  const hostileCampaigns: unknown[] = [
    "x".repeat(101),
    "<b>spring</b>",
    "spr\r\ning",
    "spring'; drop table submissions; --",
    "früh",
    "",
    ["spring"],
    { campaign: "spring" },
  ];

  it("stores every unclean part as null, never as sent, and still takes the enquiry", async () => {
    const rounds = Math.max(hostilePaths.length, hostileHosts.length, hostileCampaigns.length);
    for (let i = 0; i < rounds; i++) {
      const email = mail(`hostile${i}`);
      const res = await post(email, {
        [sourceFields.path]: hostilePaths[i % hostilePaths.length],
        [sourceFields.referrer]: hostileHosts[i % hostileHosts.length],
        [sourceFields.campaign]: hostileCampaigns[i % hostileCampaigns.length],
      });
      expect(res.statusCode, `${i}: ${res.body}`).toBe(201);
      expect(await source(email), String(i)).toMatchObject({
        source_path: null,
        source_referrer: null,
        source_campaign: null,
      });
    }
  });

  it("keeps each clean part when another is hostile", async () => {
    const res = await post(mail("mixed"), {
      [sourceFields.path]: "/technology/react",
      [sourceFields.referrer]: "<script>",
      [sourceFields.campaign]: "  autumn_sale-2026  ",
    });
    expect(res.statusCode).toBe(201);
    expect(await source(mail("mixed"))).toMatchObject({
      source_path: "/technology/react",
      source_referrer: null,
      source_campaign: "autumn_sale-2026",
    });
  });

  it("a browser's own post without JavaScript stores the page from the form's hidden input", async () => {
    const res = await browserPost(mail("nojs"), { [sourceFields.path]: "/services/cloudservice" });
    expect(res.statusCode, res.body).toBe(303);
    expect(await source(mail("nojs"))).toMatchObject({
      source_path: "/services/cloudservice",
      source_referrer: null,
      source_campaign: null,
    });
  });

  it("a returned form keeps a path-shaped source for its hidden input and drops anything else", async () => {
    returned.length = 0;
    await browserPost(mail("returned1"), { [sourceFields.path]: "/technology/react", phone: "not a phone" });
    await browserPost(mail("returned2"), {
      [sourceFields.path]: '/x"><script>alert(1)</script>',
      [sourceFields.campaign]: "spring",
      phone: "not a phone",
    });
    expect(returned).toHaveLength(2);
    expect(returned[0]!.values[sourceFields.path]).toBe("/technology/react");
    expect(returned[1]!.values).not.toHaveProperty(sourceFields.path);
    expect(returned[1]!.values).not.toHaveProperty(sourceFields.campaign);
  });

  it("does not count a page path or campaign as a link in the spam rules", async () => {
    // Two links are allowed in an enquiry's words; the source's keys are not its words.
    const res = await post(mail("not-links"), {
      message: "See https://a.example and https://b.example for our current setup.",
      [sourceFields.path]: "/services/cloudservice",
      [sourceFields.referrer]: "news.ycombinator.com",
      [sourceFields.campaign]: "c.example",
    });
    expect(res.statusCode).toBe(201);
    const row = await app.storage.db
      .selectFrom("submissions")
      .select(["spam", "spam_reasons"])
      .where("email", "=", mail("not-links"))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ spam: 0, spam_reasons: null });
  });

  it("the team sees the source in the submission's answer; a stranger does not", async () => {
    const { id } = await source(mail("sourced"));
    const { cookie } = await signedInStaff(app.storage.db, { role: "sales", name: `Source Reader ${backend}` }, now);
    const res = await app.inject({ method: "GET", url: `/admin/api/submissions/${id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { submission } = submissionDetailAnswer.parse(res.json().data);
    expect(submission.source).toEqual({
      path: "/services/cloudservice",
      referrer: "www.google.com",
      campaign: "spring",
    });
    const stranger = await app.inject({ method: "GET", url: `/admin/api/submissions/${id}` });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).not.toContain("spring");
  });

  it("goes with the submission when it is erased", async () => {
    const { id } = await source(mail("sourced"));
    await eraseSubmissions(app.storage, [id], { dataDir: env.config.dataDir, reason: "request", now });
    const left = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .where((eb) => eb.or([eb("id", "=", id), eb("source_campaign", "=", "spring")]))
      .execute();
    expect(left).toEqual([]);
  });
});

describe.each(backends)("stats: enquiries by source and page on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  type App = Awaited<ReturnType<typeof buildApp>>;
  let app: App;
  const now = new Date("2026-11-20T12:00:00.000Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => now, sitePages });
  }, 60_000);
  afterAll(() => app.close());

  async function seed(
    at: Date,
    source: { path?: string | null; referrer?: string | null; campaign?: string | null },
    spam = 0,
  ) {
    await app.storage.db
      .insertInto("submissions")
      .values({
        kind: "contact",
        reference: null,
        first_name: "Stat",
        last_name: "Seed",
        email: "stats@example.com",
        message: "Counted by the stats report.",
        ip: "",
        user_agent: null,
        spam,
        selected: 0,
        created_at: at.toISOString(),
        spam_verdict: spam ? "spam" : null,
        spam_reasons: null,
        role: null,
        source_path: source.path ?? null,
        source_referrer: source.referrer ?? null,
        source_campaign: source.campaign ?? null,
      } as never)
      .execute();
  }
  const view = (path: string): AnalyticsEvent =>
    ({ type: "pageview", path, viewport: "lg", browser: "chrome" }) as AnalyticsEvent;

  async function cli(...argv: string[]) {
    const out = new PassThrough();
    let stdout = "";
    out.on("data", (c) => (stdout += c));
    const vars: Record<string, string> = { DATA_DIR: env.config.dataDir, LOG_LEVEL: "silent" };
    if (env.config.databaseUrl) vars.DATABASE_URL = env.config.databaseUrl;
    const code = await runCli(argv, vars, { out, err: new PassThrough(), now: () => now });
    return { code, stdout };
  }

  it("counts the period's enquiries by source and by page, with each page's conversion rate", async () => {
    // In the period: 3 from the cloud page (2 via google/spring, 1 direct), 1 from /contact via
    // google without a campaign, 1 without a recorded page.
    await seed(daysAgo(1), { path: "/services/cloudservice", referrer: "www.google.com", campaign: "spring" });
    await seed(daysAgo(2), { path: "/services/cloudservice", referrer: "www.google.com", campaign: "spring" });
    await seed(daysAgo(3), { path: "/services/cloudservice" });
    await seed(daysAgo(4), { path: "/contact", referrer: "www.google.com" });
    await seed(daysAgo(5), {});
    // Not counted: spam, and an enquiry older than the 30 days.
    await seed(daysAgo(1), { path: "/contact", referrer: "spam.example" }, 1);
    await seed(daysAgo(45), { path: "/contact", campaign: "old" });
    // Page views: 40 of the cloud page, 8 of /contact in the period; 100 of /contact before it.
    await insertEvents(
      app.storage,
      Array.from({ length: 40 }, () => view("/services/cloudservice")),
      daysAgo(2),
    );
    await insertEvents(
      app.storage,
      Array.from({ length: 8 }, () => view("/contact")),
      daysAgo(2),
    );
    await insertEvents(
      app.storage,
      Array.from({ length: 100 }, () => view("/contact")),
      daysAgo(45),
    );

    const json = await cli("stats", "--json", "-");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.enquirySources).toEqual([
      { referrer: "www.google.com", campaign: "spring", enquiries: 2 },
      { referrer: null, campaign: null, enquiries: 2 },
      { referrer: "www.google.com", campaign: null, enquiries: 1 },
    ]);
    expect(report.enquiryPages).toEqual([
      { path: "/services/cloudservice", enquiries: 3, views: 40, rate: 0.075 },
      { path: "/contact", enquiries: 1, views: 8, rate: 0.125 },
      { path: null, enquiries: 1, views: 0, rate: null },
    ]);

    const text = await cli("stats");
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Enquiries by source \(referrer \/ campaign\)\n\s+2\s+www\.google\.com \/ spring\n/);
    expect(text.stdout).toMatch(/\n\s+2\s+direct, or without consent to measurement\n/);
    expect(text.stdout).toMatch(/\n\s+1\s+www\.google\.com \/ -\n/);
    expect(text.stdout).toMatch(/\n\s+3\s+\/services\/cloudservice\s+40 views\s+7\.5%\n/);
    expect(text.stdout).toMatch(/\n\s+1\s+\/contact\s+8 views\s+12\.5%\n/);
    expect(text.stdout).toMatch(/\n\s+1\s+\(not recorded\)\s+0 views\s+no page views/);
    // Counts only: nothing of the people behind them.
    expect(json.stdout + text.stdout).not.toMatch(/stats@example\.com|Stat Seed|spam\.example/);
  });
});

describe("the policies say what the code keeps", () => {
  const read = (file: string) => fs.readFileSync(file, "utf8");

  it("the Privacy Policy names the page and, with consent only, the referrer and campaign", () => {
    expect(read("app/content/legal/privacy-policy.md")).toContain(
      "**Where a form was sent from:** the page of this site you sent it from and, only if you allowed performance measurement, the site that first linked you here and the campaign named in that link. They are kept with what you sent and deleted with it.",
    );
  });

  it("the Cookie Policy names the session-storage entry the code writes, and its withdrawal", () => {
    const policy = read("app/content/legal/cookies.md");
    expect(policy).toContain(`your browser's session storage (**${visitSourceKey}**) also keeps`);
    expect(policy).toContain("Withdrawing your consent removes it at once.");
    // Kept in session storage only: never a cookie, never local storage.
    for (const file of ["app/lib/analytics/collector.ts", "app/lib/lead-source.ts"]) {
      const code = read(file);
      expect(code, file).toContain("sessionStorage.");
      expect(code, file).not.toMatch(/document\.cookie|localStorage/);
    }
    expect(read("app/lib/analytics/collector.ts")).toMatch(/sessionStorage\.removeItem\(ctx\.sourceKey\)/);
  });
});
