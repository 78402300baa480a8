/**
 * `move-to-postgres` through runCli(): a SQLite database holding a row in every table of the
 * schema moves to an empty PostgreSQL database on which the server runs with the same answers
 * (inbox, search, export, the same session and passkey, `audit verify`), ids continue past the
 * highest SQLite gave, nothing is written to SQLite, a failed move leaves the target empty for a
 * rerun, and a second move into the filled target is refused.
 */
import crypto from "node:crypto";
import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { appendAudit } from "../console/audit";
import { createOutboxWorker } from "../mail/outbox-worker";
import { sealSecret } from "../mail/routing-secret";
import { createTransport } from "../mail/transport";
import { openStorage, type Storage } from "../db/db";
import { moveToPostgres } from "../db/move-to-postgres";
import { useBackend } from "../test-support/backends";
import {
  applicationParts,
  jsonHeaders,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
  validFeedback,
} from "../test-support/fixtures";
import { addSoftwarePasskey, type SoftwarePasskey } from "../test-support/software-passkey";
import { signedInStaff } from "../test-support/staff";
import { saveImage, useImage } from "../images/images";
import { twoColourPng } from "../images/test-images";
import { runCli } from "./index";

const origin = "https://www.altivacloud.com";
const clock = new Date("2026-11-27T09:00:00.000Z");
const now = () => clock;
type App = Awaited<ReturnType<typeof buildApp>>;

async function cli(env: NodeJS.ProcessEnv, argv: string[]) {
  let stdout = "";
  const out = new PassThrough();
  out.on("data", (d: Buffer) => (stdout += d.toString()));
  const code = await runCli(argv, env, { out, err: new PassThrough(), now });
  return { code, stdout };
}

const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Every table of the schema with its row count, read through a storage of either kind. */
async function counts(storage: Storage, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(storage.db);
    out[t] = Number(r.rows[0]!.n);
  }
  return out;
}

/** The site's own tables on PostgreSQL, as the migrations made them. */
async function pgTables(storage: Storage): Promise<string[]> {
  const r = await sql<{ t: string }>`select tablename as t from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely\\_%' order by tablename`.execute(storage.db);
  return r.rows.map((x) => x.t);
}

describe("move-to-postgres", () => {
  const sqlite = useBackend("sqlite", { RATE_LIMIT_MAX: "0" });
  const target = useBackend("postgres", { RATE_LIMIT_MAX: "0" });
  const spare = useBackend("postgres");
  const cliEnv = (): NodeJS.ProcessEnv => ({ DATA_DIR: sqlite.config.dataDir, LOG_LEVEL: "silent", SITE_URL: origin });
  const resume = pdf(5000);
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  const answers = async (app: App) => {
    const post = (url: string, payload: object) =>
      app.inject({ method: "POST", url, headers: { cookie: admin.cookie, origin }, payload });
    const inbox = await post("/admin/api/inbox", {});
    const search = await post("/admin/api/inbox", { q: "brackenb" });
    const exported = await post("/admin/api/export", { format: "json" });
    const me = await app.inject({ url: "/admin/api/me", headers: { cookie: admin.cookie } });
    for (const r of [inbox, search, exported, me]) expect(r.statusCode).toBe(200);
    return { inbox: inbox.json(), search: search.json(), exported: exported.body, me: me.json() };
  };
  let passkey: SoftwarePasskey;
  /** A sign-in with the passkey, as the console's page does it. */
  const signIn = async (app: App) => {
    const options = await app.inject({
      method: "POST",
      url: "/admin/api/sign-in/options",
      headers: { origin },
      payload: {},
    });
    const { challenge } = options.json().data as { challenge: string };
    const response = passkey.answer(challenge, origin);
    return app.inject({ method: "POST", url: "/admin/api/sign-in/verify", headers: { origin }, payload: { response } });
  };
  let before: Awaited<ReturnType<typeof answers>>;
  let sqliteCounts: Record<string, number>;
  let highestId: number;
  let sqliteHash = "";
  let move = { code: 0, stdout: "" };
  let verifyBefore = "";

  beforeAll(async () => {
    // Resumes differ in their filler, so byte-equality means this very file.
    crypto.randomFillSync(resume, 100, 3000);
    resume.fill(0x61, 100, 3000);
    const app = await buildApp(sqlite.config, { serveSite: false, now });
    const db = app.storage.db;
    try {
      const contact = (email: string) =>
        app.inject({
          method: "POST",
          url: "/api/contact-us/create",
          headers: jsonHeaders,
          payload: { ...validContact, email },
        });
      expect((await contact("ada@example.com")).statusCode).toBe(201);
      const fields = { ...validApplicationFields, lastName: "Brackenbury", email: "w.brackenbury@example.com" };
      const applied = await app.inject({
        method: "POST",
        url: "/api/job-application/apply",
        ...multipart(applicationParts(fields, { filename: "cv.pdf", data: resume })),
      });
      expect(applied.statusCode).toBe(201);
      const feedback = await app.inject({
        method: "POST",
        url: "/api/feedback",
        headers: jsonHeaders,
        payload: validFeedback,
      });
      expect(feedback.statusCode).toBe(201);
      // The newest submission, erased below: a gap at the top of the ids.
      expect((await contact("erased.person@example.com")).statusCode).toBe(201);
      const worker = createOutboxWorker({
        config: sqlite.config,
        storage: app.storage,
        transport: createTransport({ dataDir: sqlite.config.dataDir }),
        now,
      });
      for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);

      // The console: a person with a passkey and a session, a note, a read, a sign-in challenge.
      admin = await signedInStaff(db, { role: "admin", name: "Ada Admin" }, clock);
      passkey = await addSoftwarePasskey(db, admin.id, clock);
      expect((await signIn(app)).statusCode).toBe(200);
      const first = await db.selectFrom("submissions").select("id").orderBy("id").executeTakeFirstOrThrow();
      const consolePost = (url: string, payload: object) =>
        app.inject({ method: "POST", url, headers: { cookie: admin.cookie, origin }, payload });
      expect((await consolePost(`/admin/api/submissions/${first.id}/notes`, { body: "Called back" })).statusCode).toBe(
        201,
      );
      const opened = await app.inject({ url: `/admin/api/submissions/${first.id}`, headers: { cookie: admin.cookie } });
      expect(opened.statusCode).toBe(200);
      await app.inject({ method: "POST", url: "/admin/api/sign-in/options", headers: { origin }, payload: {} });
      expect((await cli(cliEnv(), ["invite", "--email", "new.colleague@altivacloud.com", "--role", "hr"])).code).toBe(
        0,
      );
      // An erasure leaves a gap at the top of the ids: the moved sequence must not give it again.
      expect((await cli(cliEnv(), ["erase", "--email", "erased.person@example.com"])).code).toBe(0);

      // Rows no flow above writes without outside services (a chat webhook, the browser's proof
      // of work, a day of failures): written as those parts write them.
      const at = clock.toISOString();
      const key = crypto.randomBytes(32);
      await db
        .insertInto("analytics_events")
        .values({ type: "pageview", path: "/contact", created_at: at, referrer_host: "example.org" })
        .execute();
      await db
        .insertInto("consent_records")
        .values({
          consent_id: crypto.randomUUID(),
          action: "accept",
          performance: 1,
          functional: 1,
          marketing: 0,
          policy_version: "2026-01",
          browser_refusal: 0,
          created_at: at,
        })
        .execute();
      await db
        .insertInto("routing_rules")
        .values({
          kind: "contact",
          reason: "Cloud migration",
          position: null,
          email: null,
          webhook_sealed: sealSecret(key, "https://hooks.slack.com/services/T000/B000/XXXX"),
          webhook_host: "hooks.slack.com",
          webhook_format: "slack",
          system_alerts: 0,
          paused: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto("mail_alerts")
        .values({ hour: "2026-11-27T08", failed: 2, stale: 0, last_failed_id: 1, sent: 1, error: null, created_at: at })
        .execute();
      await db.insertInto("spam_proofs_used").values({ signature: "sig-1", expires_at: at }).execute();
      // Decision 057: an outcome with its history, daily totals and an erased enquiry's count.
      await db
        .insertInto("enquiry_outcomes")
        .values({
          submission_id: first.id,
          outcome: "won",
          value: 120000,
          currency: "EUR",
          staff_id: admin.id,
          staff_name: "Ada Admin",
          created_at: at,
        })
        .execute();
      const day = at.slice(0, 10);
      await db
        .insertInto("pageview_rollups")
        .values({
          day,
          path: "/contact",
          referrer_host: "example.org",
          utm_source: "",
          utm_medium: "",
          utm_campaign: "spring",
          viewport: "lg",
          browser: "firefox",
          views: 3,
          entries: 1,
        })
        .execute();
      await db
        .insertInto("pageview_day_totals")
        .values({ day, dimension: "path", value: "/contact", views: 3 })
        .execute();
      await db.insertInto("not_found_counts").values({ day, path: "/old-page", referrer_host: "", hits: 1 }).execute();
      // Migration 029: a day's Web Vitals histogram bucket and a slow sample's attribution.
      await db
        .insertInto("vital_rollups")
        .values({ day, path: "/contact", metric: "LCP", bucket: 25, samples: 2, max_value: 2_480 })
        .execute();
      await db
        .insertInto("vital_attributions")
        .values({ day, path: "/contact", metric: "LCP", attribution: "img.hero", samples: 1 })
        .execute();
      // Migration 032: the same counts per month.
      await db
        .insertInto("pageview_month_totals")
        .values({ month: day.slice(0, 7), dimension: "path", value: "/contact", views: 3 })
        .execute();
      await db
        .insertInto("vital_month_rollups")
        .values({ month: day.slice(0, 7), path: "/contact", metric: "LCP", bucket: 25, samples: 2, max_value: 2_480 })
        .execute();
      // Migration 031: mail that matched no conversation, kept without its sender's address or words.
      await db
        .insertInto("unmatched_mail")
        .values({
          received_at: at,
          reason: "no thread",
          via: "imap",
          sender_domain: "example.org",
          submission_id: null,
        })
        .execute();
      await db.insertInto("weekly_report_choices").values({ staff_id: admin.id, chosen_at: at }).execute();
      // Decision 062: a redirect, made by a person.
      await db
        .insertInto("redirects")
        .values({
          from_path: "/old-page",
          to_path: "/services",
          reason: "added",
          created_by: admin.id,
          created_at: at,
          updated_at: at,
        })
        .execute();
      // An image for content (decision 063), its variants and a use: bytes that must arrive as they left.
      const image = await saveImage(app.storage, await twoColourPng(500, 300), { staffId: admin.id }, clock);
      if (!image.ok) throw new Error(image.reason);
      expect(await useImage(db, image.image.id, "case-study:1")).toBe(true);
      await db
        .insertInto("weekly_reports")
        .values({
          staff_id: admin.id,
          week: "2027-W12",
          recipient: admin.email,
          subject: "Altiva Cloud website, week 2027-W12: 3 page views",
          text: "Page views: 3",
          html: "<p>Page views: 3</p>",
          status: "sent",
          attempts: 1,
          next_attempt_at: at,
          last_error: null,
          lease_owner: null,
          lease_until: null,
          message_id: "<weekly-1@altivacloud.com>",
          created_at: at,
          sent_at: at,
        })
        .execute();
      await db
        .insertInto("form_rollups")
        .values({ day, path: "/contact", form: "contact", step: "shown", events: 2 })
        .execute();
      await db
        .insertInto("erased_lead_counts")
        .values({
          day,
          source_path: "/contact",
          source_referrer: "",
          source_campaign: "spring",
          answered: 1,
          outcome: "won",
          currency: "EUR",
          enquiries: 1,
          value: 50000,
        })
        .execute();
      const content = JSON.stringify({ slug: "logistics-platform-on-aws", title: "A logistics platform on AWS" });
      const item = await db
        .insertInto("content_items")
        .values({
          collection: "case-studies",
          slug: "logistics-platform-on-aws",
          live_slug: "logistics-platform-on-aws",
          status: "published",
          draft_data: content,
          published_data: content,
          live_revision: 1,
          publish_at: null,
          scheduled_by: null,
          version: 2,
          created_by: admin.id,
          created_at: at,
          updated_by: admin.id,
          updated_at: at,
          published_by: admin.id,
          published_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("content_revisions")
        .values({
          item_id: item.id,
          number: 1,
          data: content,
          slug: "logistics-platform-on-aws",
          action: "publish",
          restored_from: null,
          staff_id: admin.id,
          at,
        })
        .execute();
      await db
        .insertInto("spam_reviews")
        .values({
          submission_id: 99,
          kind: "contact",
          reference: null,
          action: "delete",
          operator: "cli:ops",
          created_at: at,
        })
        .execute();
      await db
        .insertInto("submission_replies")
        .values({
          submission_id: first.id,
          message_id: "<reply-1@altivacloud.com>",
          in_reply_to: null,
          template: null,
          subject: "Your enquiry",
          body: "Thank you, we will call you on Monday.",
          staff_id: admin.id,
          staff_name: "Ada Admin",
          created_at: at,
        })
        .execute();
      await db
        .insertInto("conversation_tokens")
        .values({ submission_id: first.id, token: "0123456789abcdef0123456789abcdef", created_at: at })
        .execute();
      await db
        .insertInto("inbound_messages")
        .values({
          submission_id: first.id,
          source_key: "<answer-1@example.com>",
          message_id: "<answer-1@example.com>",
          sender: "grace@example.com",
          subject: "Re: We received your enquiry",
          body: "Monday at ten suits me.",
          attachments_refused: 0,
          sent_at: at,
          received_at: at,
        })
        .execute();
      await db
        .insertInto("webhook_events")
        .values({
          event: "submission.erased",
          payload: "{}",
          recipient: "https://hooks.example.com/site",
          status: "pending",
          attempts: 0,
          next_attempt_at: at,
          message_id: "<event-1@altivacloud.com>",
          created_at: at,
        })
        .execute();
      await appendAudit(db, { staff: { id: admin.id, name: admin.name }, action: "export", detail: "1 row" }, clock);

      before = await answers(app);
      highestId = (
        await db
          .selectFrom("submissions")
          .select(sql<number>`max(id)`.as("m"))
          .executeTakeFirstOrThrow()
      ).m;
    } finally {
      await app.close();
    }
    const storage = await openStorage({ dataDir: sqlite.config.dataDir });
    const pgStorage = await openStorage({ databaseUrl: spare.config.databaseUrl, dataDir: spare.dataDir });
    // The table list from the schema itself: PostgreSQL's as the migrations create it.
    sqliteCounts = await counts(storage, await pgTables(pgStorage));
    await pgStorage.close();
    await storage.close();
    // The spare database was migrated to read its tables: empty it again for the rerun test.
    const { Client } = (await import("pg")).default;
    const c = new Client({ connectionString: spare.config.databaseUrl });
    await c.connect();
    await c.query("drop schema public cascade; create schema public");
    await c.end();

    verifyBefore = (await cli(cliEnv(), ["audit", "verify"])).stdout;
    sqliteHash = sha256(path.join(sqlite.config.dataDir, "site.db"));
    move = await cli(cliEnv(), ["move-to-postgres", "--to", target.config.databaseUrl!]);
  }, 60_000);

  it("is given a SQLite database with a row in every table of the schema", () => {
    const empty = Object.entries(sqliteCounts).filter(([, n]) => n === 0);
    // A table added by a migration needs a row here, so the move is shown to carry it.
    expect(empty).toEqual([]);
    expect(Object.keys(sqliteCounts).length).toBeGreaterThanOrEqual(26);
  });

  it("copies every table and reports each with its rows; audit verify passes on both", async () => {
    expect(move.code).toBe(0);
    for (const [table, n] of Object.entries(sqliteCounts))
      expect(move.stdout).toMatch(new RegExp(`^${table} +${n}$`, "m"));
    const storage = await openStorage({ databaseUrl: target.config.databaseUrl, dataDir: target.dataDir });
    try {
      const moved = await counts(storage, Object.keys(sqliteCounts));
      // One entry more: the move's own, at the chain's head.
      expect(moved).toEqual({ ...sqliteCounts, audit_log: sqliteCounts.audit_log! + 1 });
      const head = await storage.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(head).toMatchObject({ action: "move to postgres", subject: "from SQLite" });
    } finally {
      await storage.close();
    }
    const entries = Number(/ok, (\d+) entries/.exec(verifyBefore)![1]);
    const pgEnv = { ...cliEnv(), DATABASE_URL: target.config.databaseUrl! };
    const verify = await cli(pgEnv, ["audit", "verify"]);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain(`ok, ${entries + 1} entries`);
  });

  it("writes nothing to the SQLite database", () => {
    expect(sha256(path.join(sqlite.config.dataDir, "site.db"))).toBe(sqliteHash);
  });

  it("brings passkeys, sessions' keys, resumes and images across byte for byte", async () => {
    const a = await openStorage({ dataDir: sqlite.config.dataDir });
    const b = await openStorage({ databaseUrl: target.config.databaseUrl, dataDir: target.dataDir });
    try {
      const read = (s: Storage) =>
        Promise.all([
          s.db.selectFrom("passkeys").selectAll().orderBy("id").execute(),
          s.db.selectFrom("resumes").selectAll().orderBy("submission_id").execute(),
          s.db.selectFrom("site_keys").selectAll().orderBy("name").execute(),
          s.db
            .selectFrom("image_variants")
            .selectAll()
            .orderBy(["image_id", "aspect", "width", "format"])
            .execute()
            .then((rows) => rows.map((r) => ({ ...r, content: Buffer.from(r.content).toString("base64") }))),
        ]);
      const [[pa, ra, ka, ia], [pb, rb, kb, ib]] = await Promise.all([read(a), read(b)]);
      expect(ia.length).toBeGreaterThan(0);
      expect(ib).toEqual(ia);
      expect(pb.map((p) => ({ ...p, public_key: Buffer.from(p.public_key) }))).toEqual(
        pa.map((p) => ({ ...p, public_key: Buffer.from(p.public_key) })),
      );
      expect(rb.map((r) => Buffer.from(r.content).equals(resume))).toEqual([true]);
      expect(rb.map((r) => r.sha256)).toEqual(ra.map((r) => r.sha256));
      expect(kb).toEqual(ka);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("runs the server on PostgreSQL with the same inbox, search, export, session and passkey", async () => {
    const app = await buildApp(target.config, { serveSite: false, now });
    try {
      const after = await answers(app);
      expect(after).toEqual(before);
      // The passkey registered on SQLite signs in on PostgreSQL.
      const signedIn = await signIn(app);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().data).toMatchObject({ name: "Ada Admin" });
      expect(before.search.data.rows).toHaveLength(1);
      // A new submission continues past every id SQLite gave, the erased one's too.
      const res = await app.inject({
        method: "POST",
        url: "/api/contact-us/create",
        headers: jsonHeaders,
        payload: { ...validContact, email: "after.the.move@example.com" },
      });
      expect(res.statusCode).toBe(201);
      const row = await app.storage.db
        .selectFrom("submissions")
        .select("id")
        .where("email", "=", "after.the.move@example.com")
        .executeTakeFirstOrThrow();
      expect(highestId).toBeGreaterThan(0);
      expect(row.id).toBeGreaterThan(highestId + 1);
    } finally {
      await app.close();
    }
  });

  it("refuses a target that is no longer empty", async () => {
    await expect(cli(cliEnv(), ["move-to-postgres", "--to", target.config.databaseUrl!])).rejects.toThrow(
      /already has \d+ tables/,
    );
  });

  it("stops, leaving the target empty, when SQLite holds a table this version's schema lacks", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "move-extra-"));
    try {
      fs.copyFileSync(path.join(sqlite.config.dataDir, "site.db"), path.join(copy, "site.db"));
      const file = new SQLite(path.join(copy, "site.db"));
      file.exec("create table later_feature (id integer primary key, note text)");
      file.close();
      await expect(moveToPostgres({ dataDir: copy, url: spare.config.databaseUrl! })).rejects.toThrow(
        "only in SQLite later_feature",
      );
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it("leaves the target empty when the move fails, so it can be run again", async () => {
    const url = spare.config.databaseUrl!;
    await expect(
      moveToPostgres({
        dataDir: sqlite.config.dataDir,
        url,
        beforeCommit: async () => {
          throw new Error("the connection dropped");
        },
      }),
    ).rejects.toThrow("the connection dropped");
    const { Client } = (await import("pg")).default;
    const c = new Client({ connectionString: url });
    await c.connect();
    const tables = await c.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
    await c.end();
    expect(tables.rows[0].n).toBe(0);
    expect((await cli(cliEnv(), ["move-to-postgres", "--to", url])).code).toBe(0);
  });
});
