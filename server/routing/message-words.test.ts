/**
 * Routing by the message (issue 44, decision 073), on SQLite and PostgreSQL: a rule's words are
 * read in the submission's message with the word search's folding (case, accents, typographic
 * apostrophes and dashes), each starting a word; "We need a migration of 300 VMs" is routed by a
 * rule on "migration", a message without the word is not, and applications' cover letters are
 * read the same way. The clock is fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routingRuleAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { foldWords, holdsEveryWord } from "../../contracts/word-fold";
import { buildApp } from "../app";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { ruleMatches } from "./routing-rules";

const origin = "https://www.altivacloud.com";
const clock = new Date("2027-02-01T10:00:00.000Z");

describe("the words a rule reads in a message", () => {
  it("folds case, accents, ligatures and typographic apostrophes and dashes", () => {
    expect(foldWords("MIGRACIÓN O’Brien co‑located ﬁle")).toBe("migracion o'brien co-located file");
  });
  it("needs every word, each starting a word of the text", () => {
    expect(holdsEveryWord("We need a migration of 300 VMs", "migration")).toBe(true);
    expect(holdsEveryWord("Migrations, please!", "MIGRATION")).toBe(true);
    expect(holdsEveryWord("Une migración rápida", "migracion rapida")).toBe(true);
    expect(holdsEveryWord("Ask O’Brien about the co‑location", "o'brien co-location")).toBe(true);
    expect(holdsEveryWord("We need a migration", "migration vmware")).toBe(false);
    expect(holdsEveryWord("Questions about immigration law", "migration")).toBe(false);
  });
  it("a rule takes a submission only when its message holds the words", () => {
    const rule = { kind: "contact" as const, reason: null, position: null, paused: 0, message_words: "migration" };
    const s = { kind: "contact", reason: "Other", position: null };
    expect(ruleMatches(rule, { ...s, message: "We need a migration of 300 VMs" })).toBe(true);
    expect(ruleMatches(rule, { ...s, message: "We need a new website" })).toBe(false);
    expect(ruleMatches(rule, { ...s, message: null })).toBe(false);
    // The reason is folded the same way now: "CLOUD MIGRATION" contains "Migration".
    expect(
      ruleMatches(
        { ...rule, message_words: null, reason: "migratión" },
        { ...s, reason: "CLOUD MIGRATION", message: "" },
      ),
    ).toBe(true);
  });
});

describe.each(backends)("routing by the message on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: `Words Admin ${backend}` }, clock);
  }, 60_000);
  afterAll(() => app.close());

  const post = (url: string, payload: object) =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", cookie: admin.cookie, origin },
      payload,
    });
  const routedTo = (id: number) =>
    app.storage.db
      .selectFrom("outbox")
      .select("recipient")
      .where("submission_id", "=", id)
      .where("purpose", "=", "routed")
      .execute()
      .then((rows) => rows.map((r) => r.recipient));
  const meta = { ip: "192.0.2.7", userAgent: null, spam: false, now: clock };

  it("routes 'We need a migration of 300 VMs' by a rule on 'migration', and not a message without it", async () => {
    const res = await post("/admin/api/routing", {
      kind: "contact",
      messageWords: "  Migration ",
      email: `migrations.${backend}@altivacloud.com`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const rule = routingRuleAnswer.parse(res.json().data);
    expect(rule.messageWords).toBe("Migration");
    const insert = (message: string, email: string) =>
      insertSubmission(
        app.storage,
        formDefinitions.contact,
        { ...validContact, reason: "Other", message, email },
        meta,
        [],
      );
    const wanted = await insert("We need a migration of 300 VMs", "a@northwind.example");
    const typographic = await insert("L’équipe prépare des MIGRATIONS – vite", "b@northwind.example");
    const other = await insert("We need a new website for our shop", "c@northwind.example");
    expect(await routedTo(wanted.id)).toEqual([`migrations.${backend}@altivacloud.com`]);
    expect(await routedTo(typographic.id)).toEqual([`migrations.${backend}@altivacloud.com`]);
    expect(await routedTo(other.id)).toEqual([]);

    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select("detail")
      .where("subject", "=", `rule #${rule.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toBe(`contact, message has “Migration” → e-mail migrations.${backend}@altivacloud.com`);
    await post(`/admin/api/routing/${rule.id}/delete`, {});
  });

  it("reads an application's cover letter, and refuses control characters in the words", async () => {
    const res = await post("/admin/api/routing", {
      kind: "application",
      messageWords: "kubernetes",
      email: `platform.${backend}@altivacloud.com`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const fields = (message: string, email: string) => ({ ...validApplicationFields, message, email });
    const k8s = await insertSubmission(
      app.storage,
      formDefinitions.application,
      fields("Five years running Kubernetes clusters.", "k@turing.example"),
      meta,
      [],
    );
    const none = await insertSubmission(
      app.storage,
      formDefinitions.application,
      fields("I have built payment APIs.", "p@turing.example"),
      meta,
      [],
    );
    expect(await routedTo(k8s.id)).toEqual([`platform.${backend}@altivacloud.com`]);
    expect(await routedTo(none.id)).toEqual([]);
    const bad = await post("/admin/api/routing", {
      kind: "contact",
      messageWords: "a\u0000b",
      email: "x@altivacloud.com",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Use plain words for the message.");
    await post(`/admin/api/routing/${routingRuleAnswer.parse(res.json().data).id}/delete`, {});
  });
});
