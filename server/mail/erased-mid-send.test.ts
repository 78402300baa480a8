/**
 * Issue 27's new messages and an erasure that commits while the file transport is writing one
 * (on SQLite and PostgreSQL): the erasure scans DATA_DIR/mail for its messages' files before the
 * file exists, so the worker must look again after writing, as it does for the notification
 * (outbox-worker.ts dropIfErased). Checked for a routing rule's e-mail and an assignment e-mail:
 * after the run, no file of the erased submission's messages is left. Deterministic: the erasure
 * runs inside the transport's send, before the file is written.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { assign } from "../assignment/assignment";
import { eraseSubmissions } from "../retention/erasure";
import { forgetRoutingRules, insertRule } from "../routing/routing-rules";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { mailDir, mailFileKey } from "../outbox/mail-files";
import { createOutboxWorker } from "./outbox-worker";
import { createTransport, type MailTransport } from "./transport";

type App = Awaited<ReturnType<typeof buildApp>>;
const clock = new Date("2027-03-01T09:00:00.000Z");

describe.each(backends)("messages of issue 27 erased mid-send on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let config: Config;
  beforeAll(async () => {
    config = { ...env.config, smtpUrl: undefined };
    app = await buildApp(config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(() => app.close());

  /** The file transport, with the submission erased just before the one message's file is written. */
  function erasingTransport(id: number, messageId: string): MailTransport {
    const files = createTransport({ dataDir: config.dataDir });
    return {
      async send(mail) {
        if (mail.messageId === messageId) {
          await eraseSubmissions(app.storage, [id], { dataDir: config.dataDir, reason: "request", now: clock });
        }
        await files.send(mail);
      },
      close: () => files.close(),
    };
  }
  async function feedback(tag: string) {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.feedback,
      {
        firstName: "Mid",
        lastName: `Send${tag}`,
        email: `mid.send.${tag}.${backend}@example.com`,
        phone: "",
        feedbackType: "website",
        message: "Erased while its message was written.",
        consent: true,
      },
      { ip: "192.0.2.7", userAgent: null, spam: false, now: clock },
      [],
    );
    return id;
  }
  async function runWith(id: number, purpose: "routed" | "assign") {
    const row = await app.storage.db
      .selectFrom("outbox")
      .select("message_id")
      .where("submission_id", "=", id)
      .where("purpose", "=", purpose)
      .executeTakeFirstOrThrow();
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: erasingTransport(id, row.message_id),
      now: () => clock,
    });
    await worker.runOnce();
    const key = mailFileKey(row.message_id);
    const dir = mailDir(config.dataDir);
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.includes(key)) : [];
  }

  it("a routing rule's e-mail leaves no file once the submission is erased", async () => {
    const at = clock.toISOString();
    const rule = await insertRule(app.storage.db, {
      kind: "feedback",
      reason: null,
      position: null,
      email: `mid-send-desk.${backend}@altivacloud.com`,
      webhook_sealed: null,
      webhook_host: null,
      webhook_format: null,
      system_alerts: 0,
      paused: 0,
      created_at: at,
      updated_at: at,
    });
    forgetRoutingRules(app.storage);
    const id = await feedback("routed");
    await app.storage.db
      .deleteFrom("outbox")
      .where("submission_id", "=", id)
      .where("purpose", "!=", "routed")
      .execute();
    expect(await runWith(id, "routed")).toEqual([]);
    await app.storage.db.deleteFrom("routing_rules").where("id", "=", rule.id).execute();
    forgetRoutingRules(app.storage);
  });

  it("an assignment e-mail leaves no file once the submission is erased", async () => {
    const lead = await signedInStaff(app.storage.db, { role: "sales", name: `Mid Send Lead ${backend}` }, clock);
    const colleague = await signedInStaff(
      app.storage.db,
      { role: "sales", name: `Mid Send Colleague ${backend}` },
      clock,
    );
    const id = await feedback("assign");
    const outcome = await assign(app.storage, {
      submissionId: id,
      to: colleague.id,
      staff: lead,
      now: clock,
      audit: async () => {},
    });
    expect("assigned" in outcome).toBe(true);
    expect(await runWith(id, "assign")).toEqual([]);
  });
});
