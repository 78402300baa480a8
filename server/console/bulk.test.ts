/**
 * A role's board acting on several candidates (decision 071), against the real server on SQLite
 * and PostgreSQL, the real outbox worker and a real SMTP server: a bulk move changes each
 * candidate's stage with one audit entry each and skips the ones the person may not handle; a
 * bulk rejection previews each e-mail, queues one outbox row per candidate, delivers exactly one
 * e-mail each, and a second press of Send queues nothing; requests are bounded; sales is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { bulkLimit, bulkMoveAnswer, bulkPreviewAnswer, bulkSendAnswer } from "../../contracts/pipeline-answers";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("bulk moves and decision e-mails on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  let hr: string;
  let sales: string;
  let roleSlug: string;

  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", origin, cookie }, payload });
  const drain = async () => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now,
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
  };
  async function apply(firstName: string, status = "new", spam = false) {
    const email = `${firstName.toLowerCase()}.bulk@example.com`;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, firstName, lastName: "Bulk", email },
      { ip: "192.0.2.7", userAgent: "Firefox", spam: false, now: clock },
      [],
    );
    await app.storage.db
      .updateTable("submissions")
      .set({ role: roleSlug, status, spam: spam ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    return { id, email };
  }
  const stageOf = async (id: number) =>
    (await app.storage.db.selectFrom("submissions").select("status").where("id", "=", id).executeTakeFirstOrThrow())
      .status;
  const auditFor = (ids: number[], action: string) =>
    app.storage.db
      .selectFrom("audit_log")
      .select(["submission_id", "detail", "staff_name"])
      .where("submission_id", "in", ids)
      .where("action", "=", action)
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now });
    hr = (await signedInStaff(app.storage.db, { role: "hr", name: "Hana Reyes" }, clock)).cookie;
    sales = (await signedInStaff(app.storage.db, { role: "sales", name: "Sami Sales" }, clock)).cookie;
    roleSlug = (await app.storage.db.selectFrom("job_roles").select("slug").orderBy("id").executeTakeFirstOrThrow())
      .slug;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("moves each chosen candidate, one audit entry each, and skips one held as spam or erased", async () => {
    const a = await apply("Amira");
    const b = await apply("Bruno", "reviewing");
    const held = await apply("Hugo", "new", true);
    const res = await post("/admin/api/hiring/bulk/move", hr, {
      ids: [a.id, b.id, held.id, 999_999, a.id],
      status: "offer",
    });
    expect(res.statusCode).toBe(200);
    expect(deepStrict(bulkMoveAnswer).parse(res.json().data).results).toEqual([
      { id: a.id, outcome: "done", status: "offer" },
      { id: b.id, outcome: "done", status: "offer" },
      { id: held.id, outcome: "unavailable", status: null },
      { id: 999_999, outcome: "unavailable", status: null },
    ]);
    expect([await stageOf(a.id), await stageOf(b.id), await stageOf(held.id)]).toEqual(["offer", "offer", "new"]);
    // As a single move logs it: the stage and the deletion date it leads to (12 months after arrival).
    expect(await auditFor([a.id, b.id, held.id], "status")).toEqual([
      { submission_id: a.id, detail: "offer; deletion date 2027-11-23", staff_name: "Hana Reyes" },
      { submission_id: b.id, detail: "offer; deletion date 2027-11-23", staff_name: "Hana Reyes" },
    ]);
  });

  it("refuses a stage outside the pipeline, more than the batch allows, and sales", async () => {
    const a = await apply("Carla");
    expect((await post("/admin/api/hiring/bulk/move", hr, { ids: [a.id], status: "closed" })).statusCode).toBe(400);
    const many = Array.from({ length: bulkLimit + 1 }, (_, i) => i + 1);
    const tooMany = await post("/admin/api/hiring/bulk/move", hr, { ids: many, status: "reviewing" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`Choose between 1 and ${bulkLimit} candidates at a time.`);
    // Sales changes statuses but reads no application: every id is unavailable to them.
    const bySales = await post("/admin/api/hiring/bulk/move", sales, { ids: [a.id], status: "reviewing" });
    expect(deepStrict(bulkMoveAnswer).parse(bySales.json().data).results).toEqual([
      { id: a.id, outcome: "unavailable", status: null },
    ]);
    const mail = { ids: [a.id], status: "not selected", personalLine: "" };
    expect((await post("/admin/api/hiring/bulk/decision-mail/preview", sales, mail)).statusCode).toBe(403);
    expect((await post("/admin/api/hiring/bulk/decision-mail", sales, { ...mail, sent: {} })).statusCode).toBe(403);
    expect(await stageOf(a.id)).toBe("new");
  });

  it("rejects five with one template: five previews, five outbox rows, five e-mails, and Send twice sends no more", async () => {
    const five = [];
    for (const n of ["Dana", "Emil", "Fatou", "Goran", "Ines"]) five.push(await apply(n));
    const ids = five.map((c) => c.id);
    const moved = await post("/admin/api/hiring/bulk/move", hr, { ids, status: "not selected" });
    expect(moved.json().data.results.every((r: { outcome: string }) => r.outcome === "done")).toBe(true);
    const early = await apply("Jonas", "reviewing");

    const shown = await post("/admin/api/hiring/bulk/decision-mail/preview", hr, {
      ids: [...ids, early.id],
      status: "not selected",
      personalLine: "Thank you for the take-home exercise.",
    });
    expect(shown.statusCode).toBe(200);
    const preview = deepStrict(bulkPreviewAnswer).parse(shown.json().data);
    expect(preview.previews.map((p) => [p.name, p.recipient, p.stage, p.sent])).toEqual([
      ["Dana Bulk", "dana.bulk@example.com", "not selected", 0],
      ["Emil Bulk", "emil.bulk@example.com", "not selected", 0],
      ["Fatou Bulk", "fatou.bulk@example.com", "not selected", 0],
      ["Goran Bulk", "goran.bulk@example.com", "not selected", 0],
      ["Ines Bulk", "ines.bulk@example.com", "not selected", 0],
      ["Jonas Bulk", "jonas.bulk@example.com", "reviewing", 0],
    ]);
    expect(preview.previews[0]!.text).toContain("Dear Dana,");
    expect(preview.previews[0]!.text).toContain("Thank you for the take-home exercise.");

    const sent = Object.fromEntries(preview.previews.map((p) => [String(p.id), p.sent]));
    const body = {
      ids: [...ids, early.id],
      status: "not selected",
      personalLine: "Thank you for the take-home exercise.",
      sent,
    };
    // Send pressed twice at once, then once more later: the counts the preview showed hold once.
    const [first, second] = await Promise.all([
      post("/admin/api/hiring/bulk/decision-mail", hr, body),
      post("/admin/api/hiring/bulk/decision-mail", hr, body),
    ]);
    const third = await post("/admin/api/hiring/bulk/decision-mail", hr, body);
    const outcomes = [first!, second!, third].map((r) =>
      deepStrict(bulkSendAnswer)
        .parse(r.json().data)
        .results.map((x) => x.outcome),
    );
    for (const [i, id] of ids.entries()) {
      expect(outcomes.map((o) => o[i]).sort(), `candidate ${id}`).toEqual(["already sent", "already sent", "done"]);
    }
    // Not at the decision: nothing queued for Jonas, each time.
    expect(outcomes.map((o) => o[5])).toEqual(["stage", "stage", "stage"]);

    const rows = await app.storage.db
      .selectFrom("outbox")
      .select(["submission_id", "recipient"])
      .where("purpose", "=", "decision")
      .where("submission_id", "in", [...ids, early.id])
      .orderBy("submission_id")
      .execute();
    expect(rows.map((r) => r.submission_id)).toEqual(ids);
    await drain();
    for (const c of five) {
      const got = smtp.received.filter((m) => m.to.includes(c.email));
      expect(got, c.email).toHaveLength(1);
      expect(got[0]!.to).toEqual([c.email]);
    }
    expect(smtp.received.filter((m) => m.to.includes(early.email))).toEqual([]);
    const audit = await auditFor(ids, "decision e-mail");
    expect(audit.map((e) => e.submission_id)).toEqual(ids);
    expect(audit[0]!.detail).toMatch(/^“not selected” e-mail queued \(message \d+, bulk\)$/);
  });

  it("queues nothing for a candidate the preview did not show", async () => {
    const k = await apply("Kofi", "interview");
    const res = await post("/admin/api/hiring/bulk/decision-mail", hr, {
      ids: [k.id],
      status: "interview",
      personalLine: "",
      sent: {},
    });
    expect(deepStrict(bulkSendAnswer).parse(res.json().data).results).toEqual([
      { id: k.id, outcome: "unavailable", outbox: null },
    ]);
    expect(await app.storage.db.selectFrom("outbox").select("id").where("submission_id", "=", k.id).execute()).toEqual(
      [],
    );
  });
});
