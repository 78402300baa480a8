/**
 * Word search in the inbox (issue 44, docs/decisions/058) on SQLite and PostgreSQL, through the
 * inbox's API: "migration" finds the enquiries whose reason or message says it, the feedback, the
 * cover letter and the enquiry whose answer by e-mail says it, by a word's start, whatever case
 * and accents; several words must all be there; quarantined rows stay out; a typographic
 * apostrophe finds a plain one; an erasure leaves no word of an answer in SQLite's files.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erasurePlanAnswer, inboxAnswer } from "../../contracts/console-answers";
import { buildApp } from "../app";
import type { SubmissionKind } from "../db/schema";
import { backends, useBackend } from "../test-support/backends";
import { findBytes } from "../test-support/find-bytes";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const now = new Date("2026-11-20T10:00:00.000Z");

const rows: { kind: SubmissionKind; last: string; reason?: string; message: string; spam?: boolean }[] = [
  { kind: "contact", last: "Reasoned", reason: "Cloud migration", message: "Please call me." },
  { kind: "contact", last: "Messaged", message: "We need a migration of 300 VMs before March." },
  { kind: "feedback", last: "Feedbacker", message: "Your MIGRATIONS page was useful." },
  { kind: "application", last: "Applicant", message: "I led the PostgreSQL migrations at Contoso." },
  { kind: "contact", last: "Answerer", message: "Kubernetes support, please." },
  { kind: "contact", last: "Unrelated", message: "A question about pricing." },
  { kind: "contact", last: "O'Brien", message: "Hello." },
  { kind: "contact", last: "Spammer", message: "Cheap migration deals", spam: true },
];

describe.each(backends)("word search in the inbox on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let cookie: string;
  const ids: Record<string, number> = {};

  const inbox = async (q: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/admin/api/inbox",
      headers: { cookie, origin, "content-type": "application/json" },
      payload: { q },
    });
    expect(res.statusCode, res.body).toBe(200);
    return inboxAnswer
      .parse(res.json().data)
      .rows.map((r) => r.name.replace(/^Sam /, ""))
      .sort();
  };

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => now });
    for (const [i, r] of rows.entries()) {
      const { id } = await app.storage.db
        .insertInto("submissions")
        .values({
          kind: r.kind,
          reference: r.kind === "application" ? `APP-2026-00090${i}` : null,
          first_name: "Sam",
          last_name: r.last,
          email: `sam.${i}@example.com`,
          phone: null,
          reason: r.reason ?? null,
          position: r.kind === "application" ? "Backend Developer" : null,
          feedback_type: r.kind === "feedback" ? "website" : null,
          message: r.message,
          ip: "192.0.2.7",
          user_agent: null,
          spam: r.spam ? 1 : 0,
          selected: 0,
          created_at: new Date(now.getTime() - 600_000 + i * 60_000).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[r.last] = id;
    }
    await app.storage.db
      .insertInto("inbound_messages")
      .values({
        submission_id: ids.Answerer!,
        source_key: "<answer@example.com>",
        message_id: "<answer@example.com>",
        sender: "sam.4@example.com",
        subject: "Re: We received your enquiry",
        body: "Also a database migration, and the zanzibarite cluster.",
        attachments_refused: 0,
        sent_at: null,
        received_at: now.toISOString(),
      })
      .execute();
    cookie = (await signedInStaff(app.storage.db, { role: "admin", name: "Word Searcher" }, now)).cookie;
  }, 60_000);
  afterAll(() => app?.close());

  it("finds 'migration' in reasons, messages, feedback, cover letters and answers, by a word's start, whatever case and accents", async () => {
    const found = ["Answerer", "Applicant", "Feedbacker", "Messaged", "Reasoned"];
    expect(await inbox("migration")).toEqual(found);
    expect(await inbox("MIGRÁTION")).toEqual(found);
    expect(await inbox("migrat")).toEqual(found);
    // Every word must be there, in any order.
    expect(await inbox("vms migration")).toEqual(["Messaged"]);
    expect(await inbox("database migration")).toEqual(["Answerer"]);
    // Within one text: the enquiry's own words, or one answer's; not some here and some there.
    expect(await inbox("kubernetes migration")).toEqual([]);
    expect(await inbox("pricing")).toEqual(["Unrelated"]);
    expect(await inbox("sorting")).toEqual([]);
  });

  it("pages a word found in more rows than the index's lookup takes, newest first", async () => {
    const bulk = Array.from({ length: 2100 }, (_, i) => ({
      kind: "contact" as const,
      reference: null,
      first_name: "Bulk",
      last_name: `Sender${i}`,
      email: `bulk.${i}@example.com`,
      phone: null,
      reason: null,
      position: null,
      feedback_type: null,
      message: "Hyperconverged storage, please.",
      ip: "192.0.2.7",
      user_agent: null,
      spam: 0,
      selected: 0,
      created_at: new Date(now.getTime() - 86_400_000 + i * 1000).toISOString(),
    }));
    for (let i = 0; i < bulk.length; i += 500) {
      await app.storage.db
        .insertInto("submissions")
        .values(bulk.slice(i, i + 500))
        .execute();
    }
    const res = await app.inject({
      method: "POST",
      url: "/admin/api/inbox",
      headers: { cookie, origin, "content-type": "application/json" },
      payload: { q: "hyperconverged" },
    });
    const page = inboxAnswer.parse(res.json().data).rows;
    expect(page.length).toBeGreaterThan(0);
    expect(page.every((r) => r.name.startsWith("Bulk Sender"))).toBe(true);
    // The newest first: the last inserted leads.
    expect(page[0]!.name).toBe("Bulk Sender2099");
  });

  it("finds O'Brien from a typographic apostrophe", async () => {
    expect(await inbox("O’Brien")).toEqual(["O'Brien"]);
  });

  it("leaves no word of an erased person's answer in the database's files", async () => {
    const id = ids.Answerer!;
    const dir = path.resolve(env.config.dataDir);
    if (backend === "sqlite") expect(findBytes(dir, ["zanzibarite"])).not.toEqual([]);
    const plan = erasurePlanAnswer.parse(
      (await app.inject({ method: "GET", url: `/admin/api/submissions/${id}/erase`, headers: { cookie } })).json().data,
    );
    const erased = await app.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/erase`,
      headers: { "content-type": "application/json", cookie, origin },
      payload: { confirm: true, submissions: plan.items.map((i) => i.id) },
    });
    expect(erased.statusCode).toBe(200);
    expect(await inbox("zanzibarite")).toEqual([]);
    if (backend === "sqlite") expect(findBytes(dir, ["zanzibarite"])).toEqual([]);
  });
});
