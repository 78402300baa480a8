/**
 * Applying from a role's page (issue 26), on SQLite and PostgreSQL, against the real server, a
 * real SMTP server, a webhook receiver on loopback and the no-JavaScript answer renderer as the
 * build makes it: the application keeps the role it names only when a role has that slug (in any
 * state), never refuses an application for a bad one and never repeats it; the candidate's
 * confirmation, the team's notification, the webhook, the exports and the console name the role.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyingForLine, roleField } from "../contracts/careers/applied-role";
import { firstRoles } from "../contracts/careers/first-roles";
import { rolePath } from "../contracts/careers/roles";
import { applicationMessages, applicationPath } from "../contracts/index";
import { buildApp } from "./app";
import { roleRow } from "./postings/job-roles";
import { runCli } from "./cli/index";
import type { Config } from "./config";
import { createOutboxWorker } from "./mail/outbox-worker";
import { createTransport } from "./mail/transport";
import { useSiteBuild } from "./test-support/site-build";
import { backends, useBackend } from "./test-support/backends";
import { applicationParts, multipart, pdf, validApplicationFields } from "./test-support/fixtures";
import { startSmtp } from "./test-support/smtp";
import { signedInStaff } from "./test-support/staff";
import { startWebhookReceiver } from "./test-support/webhook-receiver";

type App = Awaited<ReturnType<typeof buildApp>>;

const clock = new Date("2026-11-24T10:00:00.000Z");
const origin = "https://www.altivacloud.com";
const london = firstRoles.find((r) => r.slug === "senior-react-developer-london")!;
const sydney = firstRoles.find((r) => r.slug === "qa-engineer-sydney")!;

/** Slugs no role has: a path, markup, 10 KB, a slug of the right shape but nobody's, a capital. */
const hostile = {
  "a path": "../x",
  markup: '<script>alert("role-marker-4417")</script>',
  "10 KB": "q7".repeat(5 * 1024),
  "nobody's slug": "chief-marker-officer-atlantis",
  "a capital": "Senior-React-Developer-London",
};

/** What must never come back: the posted text, raw or escaped for HTML. */
function echoes(text: string, slug: string): boolean {
  const escaped = slug.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return text.includes(slug) || text.includes(escaped) || text.includes(encodeURIComponent(slug));
}

const site = useSiteBuild();

const browser = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", origin };

describe.each(backends)("applying from a role's page on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: site.client, RATE_LIMIT_MAX: "0", LOG_LEVEL: "info" });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let admin: { cookie: string };
  const log: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startWebhookReceiver();
    config = {
      ...env.config,
      smtpUrl: smtp.url,
      webhookUrl: receiver.url,
      webhookSecret: "a-plain-secret-of-32-characters!",
    };
    await site.build();
    app = await buildApp(config, {
      now: () => clock,
      logStream: { write: (line) => void log.push(line) },
    });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Admin" }, clock);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await receiver.close();
  });

  const worker = () =>
    createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now: () => clock,
    });
  async function drain() {
    const w = worker();
    for (let i = 0; i < 20 && (await w.runOnce()) > 0; i++);
  }

  /** A script's multipart application (the form with JavaScript), with `extra` beside its fields. */
  function apply(fields: Record<string, string>) {
    return app.inject({
      method: "POST",
      url: applicationPath,
      ...multipart(applicationParts(fields, { filename: "cv.pdf", data: pdf() })),
    });
  }
  /** The browser posting the form itself (JavaScript off): multipart, as the form's enctype says. */
  function browserApply(fields: Record<string, string>) {
    const form = multipart(applicationParts(fields, { filename: "cv.pdf", data: pdf() }));
    return app.inject({
      method: "POST",
      url: applicationPath,
      payload: form.payload,
      headers: { ...form.headers, ...browser },
    });
  }
  const rowOf = (email: string) =>
    app.storage.db.selectFrom("submissions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  it("stores the role and the position of an application sent from a role's page", async () => {
    const email = `london-${backend}@example.com`;
    const res = await apply({ ...validApplicationFields, email, position: london.position, [roleField]: london.slug });
    expect(res.statusCode).toBe(201);
    expect(await rowOf(email)).toMatchObject({ role: london.slug, position: london.position });
  });

  it("stores the role of a browser's own post (JavaScript off) the same way", async () => {
    const email = `london-nojs-${backend}@example.com`;
    const res = await browserApply({
      ...validApplicationFields,
      agree: "on",
      email,
      position: london.position,
      [roleField]: london.slug,
    });
    expect(res.statusCode).toBe(303);
    expect(await rowOf(email)).toMatchObject({ role: london.slug, position: london.position });
  });

  it("keeps the role of a role closed since the candidate loaded its page", async () => {
    await app.storage.db.updateTable("job_roles").set({ state: "closed" }).where("slug", "=", sydney.slug).execute();
    const email = `sydney-${backend}@example.com`;
    const res = await apply({ ...validApplicationFields, email, position: sydney.position, [roleField]: sydney.slug });
    expect(res.statusCode).toBe(201);
    expect(await rowOf(email)).toMatchObject({ role: sydney.slug, position: sydney.position });
  });

  it("stores an application sent from the list without a role", async () => {
    const email = `list-${backend}@example.com`;
    expect((await apply({ ...validApplicationFields, email })).statusCode).toBe(201);
    expect((await rowOf(email)).role).toBeNull();
  });

  describe.each(Object.entries(hostile))("a role slug that is %s", (what, slug) => {
    const tag = what.replace(/\W+/g, "-");

    it("is stored as no role, the application taken, the slug in no answer or log line", async () => {
      const email = `hostile-${tag}-${backend}@example.com`;
      const res = await apply({ ...validApplicationFields, email, [roleField]: slug });
      expect(res.statusCode).toBe(201);
      expect(echoes(res.body, slug)).toBe(false);
      expect((await rowOf(email)).role).toBeNull();

      const nojs = `hostile-nojs-${tag}-${backend}@example.com`;
      const posted = await browserApply({ ...validApplicationFields, agree: "on", email: nojs, [roleField]: slug });
      expect(posted.statusCode).toBe(303);
      expect(echoes(JSON.stringify(posted.headers), slug)).toBe(false);
      expect((await rowOf(nojs)).role).toBeNull();
      expect(echoes(log.join(""), slug)).toBe(false);
    });

    it("is not put back in a form returned without JavaScript", async () => {
      const { agree: _, ...withoutConsent } = validApplicationFields;
      const res = await browserApply({ ...withoutConsent, email: `returned-${tag}@example.com`, [roleField]: slug });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(applicationMessages.agree);
      expect(echoes(res.body, slug)).toBe(false);
      expect(res.body).not.toContain(`name="${roleField}"`);
      expect(res.body).not.toContain("You are applying for");
    });
  });

  it("returns a role's form without JavaScript for that role: its line, its slug, the values typed", async () => {
    const { agree: _, ...withoutConsent } = validApplicationFields;
    const res = await browserApply({
      ...withoutConsent,
      firstName: "Returned",
      position: "Cloud Architect",
      [roleField]: london.slug,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(applyingForLine(london));
    expect(res.body).toContain(`<input type="hidden" name="${roleField}" value="${london.slug}"/>`);
    expect(res.body).toMatch(/<input[^>]*name="firstName"[^>]*value="Returned"/);
    // What the candidate chose stays chosen, though the role's position is another.
    expect(res.body).toMatch(/<option value="Cloud Architect" selected="">/);
    expect(res.body).toContain(applicationMessages.agree);
  });

  it("tells a stranger nothing of a draft role: a refused post naming its slug comes back without its title", async () => {
    // A draft (never public) whose slug is the automatic one, so it can be guessed from outside.
    await app.storage.db
      .insertInto("job_roles")
      .values(
        roleRow(
          { ...london, slug: "head-of-security-london", title: "Head of Security (confidential)", state: "draft" },
          clock.toISOString(),
        ),
      )
      .execute();
    const { agree: _, ...withoutConsent } = validApplicationFields;
    const res = await browserApply({ ...withoutConsent, [roleField]: "head-of-security-london" });
    expect(res.statusCode).toBe(400);
    // An oracle otherwise: each guess answers whether a draft has that address, and its title.
    expect(res.body).not.toContain("Head of Security (confidential)");
    expect(res.body).not.toContain("You are applying for");
  });

  it("names the role's title in the confirmation, the notification and the webhook", async () => {
    const email = `named-${backend}@example.com`;
    smtp.received.length = 0;
    receiver.deliveries.length = 0;
    const res = await apply({
      ...validApplicationFields,
      email,
      firstName: "Mallory",
      position: london.position,
      [roleField]: london.slug,
    });
    const number = res.json().data as string;
    await drain();

    const confirm = smtp.received.find((m) => m.to.includes(email))!;
    expect(confirm.header("Subject")).toBe(`We received your application ${number} for ${london.title}`);
    expect(confirm.decoded).toContain(
      `We received a job application for the role of ${london.title} (position: ${london.position}) on 2026-11-24 at 10:00 UTC.`,
    );
    expect(confirm.decoded).not.toContain("Mallory");

    const notify = smtp.received.find((m) => m.to.includes(config.mail.careersEmail) && m.raw.includes(number))!;
    expect(notify.decoded).toMatch(new RegExp(`^Role: ${london.title} \\(${rolePath(london.slug)}\\)\r?$`, "m"));

    const delivery = receiver.deliveries.map((d) => JSON.parse(d.body) as Record<string, unknown>);
    expect(delivery.find((d) => d.reference === number)).toMatchObject({
      reference: number,
      role: { slug: london.slug, title: london.title },
      position: london.position,
    });
  });

  it("names no role where there is none: the confirmation as before, the webhook's role null", async () => {
    const email = `unnamed-${backend}@example.com`;
    smtp.received.length = 0;
    receiver.deliveries.length = 0;
    const res = await apply({ ...validApplicationFields, email, [roleField]: hostile["nobody's slug"] });
    const number = res.json().data as string;
    await drain();
    const confirm = smtp.received.find((m) => m.to.includes(email))!;
    expect(confirm.header("Subject")).toBe(`We received your application ${number}`);
    expect(confirm.decoded).toContain(`for the position of ${validApplicationFields.position}`);
    const notify = smtp.received.find((m) => m.to.includes(config.mail.careersEmail) && m.raw.includes(number))!;
    expect(notify.decoded).not.toMatch(/^Role:/m);
    const delivery = receiver.deliveries.map((d) => JSON.parse(d.body) as Record<string, unknown>);
    expect(delivery.find((d) => d.reference === number)).toMatchObject({ role: null });
  });

  it("carries the role's slug and title in the CLI's and the console's exports", async () => {
    const cliEnv: NodeJS.ProcessEnv = {
      DATA_DIR: config.dataDir,
      LOG_LEVEL: "silent",
      SITE_URL: origin,
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    };
    let stdout = "";
    const out = new PassThrough();
    out.on("data", (d: Buffer) => (stdout += d.toString()));
    expect(
      await runCli(["export", "--format", "json"], cliEnv, { out, err: new PassThrough(), now: () => clock }),
    ).toBe(0);
    const cliRows = JSON.parse(stdout) as Record<string, unknown>[];
    const byEmail = (rows: Record<string, unknown>[], email: string) => rows.find((r) => r.email === email);
    expect(byEmail(cliRows, `london-${backend}@example.com`)).toMatchObject({
      role: london.slug,
      role_title: london.title,
    });
    expect(byEmail(cliRows, `list-${backend}@example.com`)).toMatchObject({ role: null, role_title: null });

    const csv = await app.inject({
      method: "POST",
      url: "/admin/api/export",
      headers: { cookie: admin.cookie, origin, "content-type": "application/json" },
      payload: { format: "csv", kind: "application" },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split("\r\n");
    expect(header).toContain('"reference","role","role_title"');
    expect(lines.find((l) => l.includes(`sydney-${backend}@example.com`))).toContain(
      `"${sydney.slug}","${sydney.title}"`,
    );
  });

  it("gives the console's detail answer the role's slug and title, null without one", async () => {
    const detail = async (email: string) => {
      const { id } = await rowOf(email);
      const res = await app.inject({
        method: "GET",
        url: `/admin/api/submissions/${id}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { role: unknown } }).data.role;
    };
    expect(await detail(`london-${backend}@example.com`)).toEqual({ slug: london.slug, title: london.title });
    expect(await detail(`list-${backend}@example.com`)).toBeNull();
  });
});
