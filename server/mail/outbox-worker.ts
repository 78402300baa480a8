/**
 * Delivers the outbox: claims due rows with a lease, sends them, marks them sent. A failure is
 * retried with exponential backoff and parked as failed after the configured attempts. A row
 * whose sender died mid-send is taken again when its lease expires and resent with the same
 * Message-ID, the best SMTP allows. Several server instances can run this side by side: on
 * PostgreSQL rows are claimed with FOR UPDATE SKIP LOCKED, on SQLite writes are serialised.
 */
import { sql, type Selectable } from "kysely";
import crypto from "node:crypto";
import { linkNotification, submissionLink } from "./notification-link";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import type { OutboxTable, WebhookEventsTable, WeeklyReportsTable } from "../db/schema";
import { namedRole } from "../submissions/submission-role";
import { decisionMailWords } from "../replies/decision-mails";
import { assignmentMail } from "./assignment-mail";
import { formWithAllPositions } from "../postings/positions";
import { withdrawnNote } from "../../contracts/careers/decision-delivery";
import { formDefinitions } from "../../contracts/forms/index";
import { confirmation } from "./confirmation";
import { decisionMail } from "./decision-mail";
import { deliverReply } from "./reply-mail";
import { removeMailFiles } from "../outbox/mail-files";
import { notification } from "./templates";
import type { MailTransport } from "./transport";
import { postWebhook, submissionPayload } from "./webhook";
import { deliverRouted } from "./routed";
import { answerNotice } from "../replies/answer-notice";
import { skipLocked } from "../db/dialect";

type OutboxRow = Selectable<OutboxTable>;
type EventRow = Selectable<WebhookEventsTable>;
type ReportRow = Selectable<WeeklyReportsTable>;
/**
 * The queues the worker delivers: messages of a submission, webhook events (erasures) and the
 * weekly reports (weekly-report-queue.ts), each written whole when it is queued.
 */
type Queue = "outbox" | "webhook_events" | "weekly_reports";

const maxBackoffMs = 60 * 60_000;

/** A message that must not go out any more: parked as failed at once, with its reason, never retried. */
class Withdrawn extends Error {}

export function backoffDelay(attempts: number, baseMs: number): number {
  return Math.min(maxBackoffMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export interface WorkerDeps {
  config: Config;
  storage: Storage;
  transport: MailTransport;
  now?: () => Date;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export function createOutboxWorker({ config, storage, transport, now = () => new Date(), log }: WorkerDeps) {
  const owner = crypto.randomUUID();
  const { db, dialect } = storage;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim<R>(queue: Queue, limit: number): Promise<R[]> {
    const at = now().toISOString();
    const until = new Date(now().getTime() + config.outbox.leaseMs).toISOString();
    const lock = skipLocked(dialect);
    // Oldest due first, in the order of the outbox_due index (status, next_attempt_at): the scan
    // stops after `limit` rows. Ordered by id alone, every pass sorted the whole backlog.
    const table = sql.table(queue);
    const result = await storage.transaction((trx) =>
      sql<R>`
      update ${table} set lease_owner = ${owner}, lease_until = ${until}
      where id in (
        select id from ${table}
        where status = 'pending' and next_attempt_at <= ${at} and (lease_until is null or lease_until < ${at})
        order by next_attempt_at, id limit ${limit} ${lock}
      )
      returning *`.execute(trx),
    );
    return result.rows;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const submission = await db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", row.submission_id)
      .executeTakeFirst();
    if (!submission) return; // erased meanwhile: the cascade removes the row too
    // A routing rule's e-mail or chat message (routed.ts; docs/decisions/039).
    if (row.purpose === "routed") {
      await deliverRouted({ config, storage, transport, now }, row, submission);
      return dropIfErased(row);
    }
    // The role an application was sent for, named as it reads now (only its slug is stored).
    const role = await namedRole(db, submission.role);
    if (row.channel === "webhook") {
      const body = JSON.stringify(submissionPayload(submission, row.message_id, undefined, role));
      await postWebhook(row.recipient, config.webhookSecret ?? "", body, row.message_id, {
        timeoutMs: config.outbox.sendTimeoutMs,
      });
      return;
    }
    if (row.purpose === "decision") {
      // The words written when the person pressed Send; without them there is nothing to send.
      const words = await decisionMailWords(db, row);
      if (!words) throw new Error(`decision e-mail ${row.id} has no recorded text`);
      // HR may change the decision before delivery (or while the message waits for a retry): a
      // candidate moved on to an interview must not receive the rejection queued before.
      if (submission.status !== words.status) {
        throw new Withdrawn(withdrawnNote(submission.status));
      }
      await transport.send({
        from: config.mail.from,
        to: row.recipient,
        ...decisionMail(words, config.mail.careersEmail),
        messageId: row.message_id,
      });
      return dropIfErased(row);
    }
    if (row.purpose === "assign") {
      const mail = await assignmentMail(db, row, submission, config.admin.origin);
      if ("withdrawn" in mail) throw new Withdrawn(mail.withdrawn);
      await transport.send({ from: config.mail.from, to: row.recipient, ...mail, messageId: row.message_id });
      return dropIfErased(row);
    }
    if (row.purpose === "answer") {
      // A link only (decision 073): the kind, the number and where to read it.
      const words = answerNotice(submission, submissionLink(config.admin.origin, submission.id));
      await transport.send({ from: config.mail.from, to: row.recipient, ...words, messageId: row.message_id });
      return dropIfErased(row);
    }
    if (row.purpose === "reply") {
      await deliverReply(db, transport, config, row);
      return dropIfErased(row);
    }
    // With NOTIFY_WITH_LINK the team's notification is a link to the console, nothing more.
    const linkOnly = row.purpose === "notify" && config.admin.notifyWithLink;
    const resume =
      row.purpose === "notify" && submission.kind === "application" && !linkOnly
        ? await db
            .selectFrom("resumes")
            .select(["original_name", "detected_type", "content"])
            .where("submission_id", "=", submission.id)
            .executeTakeFirst()
        : undefined;
    const content = linkOnly
      ? linkNotification(submission, config.admin.origin)
      : row.purpose === "notify"
        ? notification(submission, config.companyTimeZone, resume, undefined, role)
        : confirmation(submission, await formWithAllPositions(db, formDefinitions[submission.kind]), role);
    await transport.send({
      from: config.mail.from,
      to: row.recipient,
      subject: content.subject,
      text: content.text,
      html: content.html,
      replyTo: content.replyTo,
      messageId: row.message_id,
      attachments: content.attachment ? [content.attachment] : undefined,
    });
    await dropIfErased(row);
  }

  /**
   * An erasure that committed while this message was being written scanned for its file before
   * the file existed. Looking again after the write closes that gap: if the row is gone now, the
   * file is removed here; if it is still there, any later erasure finds the file on disk.
   */
  async function dropIfErased(row: OutboxRow): Promise<void> {
    const still = await db.selectFrom("outbox").select("id").where("id", "=", row.id).executeTakeFirst();
    if (!still) removeMailFiles(config.dataDir, [row.message_id]);
  }

  /** Gives back the rows this worker claimed and has not settled (a drain that ran out of time). */
  async function releaseLeases(): Promise<void> {
    await storage.transaction(async (trx) => {
      for (const table of ["outbox", "webhook_events", "weekly_reports"] as const) {
        await trx
          .updateTable(table as "outbox")
          .set({ lease_owner: null, lease_until: null })
          .where("lease_owner", "=", owner)
          .where("status", "=", "pending")
          .execute();
      }
    });
    log?.info({}, "outbox leases released at shutdown");
  }

  /** One pass: sends what is due; returns how many rows it handled. */
  async function runOnce(batch = 10): Promise<number> {
    const rows = await claim<OutboxRow>("outbox", batch);
    const events = await claim<EventRow>("webhook_events", batch);
    const reports = await claim<ReportRow>("weekly_reports", batch);
    // Sent side by side, each on its own SMTP connection; each row is marked on its own.
    await Promise.all([
      ...rows.map((row) => settle("outbox", row, () => deliver(row))),
      ...events.map((event) =>
        settle("webhook_events", event, () =>
          postWebhook(event.recipient, config.webhookSecret ?? "", event.payload, event.message_id, {
            timeoutMs: config.outbox.sendTimeoutMs,
          }),
        ),
      ),
      ...reports.map((report) =>
        settle("weekly_reports", report, () =>
          transport.send({
            from: config.mail.from,
            to: report.recipient,
            subject: report.subject,
            text: report.text,
            html: report.html,
            messageId: report.message_id,
          }),
        ),
      ),
    ]);
    return rows.length + events.length + reports.length;
  }

  async function settle(queue: Queue, row: { id: number; attempts: number }, send: () => Promise<void>): Promise<void> {
    // Both queues have the same delivery columns; Kysely is told it is the outbox.
    const table = queue as "outbox";
    try {
      await send();
      // Recorded even when the lease was lost meanwhile (a late finisher): the message did go
      // out, and leaving it pending would only send it again. The lease (longer than any one
      // send, config.ts) keeps another worker from sending it at the same time.
      // Through the storage's transactions: on SQLite these writes share the submissions' group
      // commits instead of each stopping the event loop for an fsync of its own.
      await storage.transaction((trx) =>
        trx
          .updateTable(table)
          .set({ status: "sent", sent_at: now().toISOString(), lease_owner: null, lease_until: null, last_error: null })
          .where("id", "=", row.id)
          .where("status", "!=", "sent")
          .execute(),
      );
    } catch (error) {
      const attempts = row.attempts + 1;
      const parked = error instanceof Withdrawn || attempts >= config.outbox.maxAttempts;
      const lastError = String(error instanceof Error ? error.message : error).slice(0, 500);
      await storage.transaction(async (trx) => {
        const own = await trx
          .updateTable(table)
          .set({
            attempts,
            status: parked ? "failed" : "pending",
            next_attempt_at: new Date(now().getTime() + backoffDelay(attempts, config.outbox.backoffMs)).toISOString(),
            last_error: lastError,
            lease_owner: null,
            lease_until: null,
          })
          .where("id", "=", row.id)
          .where("lease_owner", "=", owner)
          .executeTakeFirst();
        // A late finisher whose lease another worker holds now records only what it saw.
        if (Number(own.numUpdatedRows) === 0) {
          await trx
            .updateTable(table)
            .set({ last_error: lastError })
            .where("id", "=", row.id)
            .where("status", "=", "pending")
            .execute();
        }
      });
      log?.warn(
        { queue, id: row.id, attempts, parked, err: withoutAddresses(String(error)) },
        "outbox delivery failed",
      );
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(tick, delay);
  }

  async function tick() {
    running = runOnce().catch((error) => {
      log?.warn({ err: withoutAddresses(String(error)) }, "outbox pass failed");
      return 0;
    });
    const handled = await running;
    running = undefined;
    schedule(handled > 0 ? 0 : config.outbox.pollMs);
  }

  return {
    runOnce,
    start() {
      stopped = false;
      schedule(0);
    },
    /** Sends soon instead of waiting for the next poll (after a submission). */
    wake() {
      if (stopped || running) return;
      clearTimeout(timer);
      schedule(0);
    },
    /**
     * Stops polling and waits for the pass in flight, its sends included, at most `graceMs`.
     * What is still out then has its lease released, so another instance takes it at its next
     * poll instead of after OUTBOX_LEASE_MS; the process exits right after, which cuts the send
     * off, and the message goes again with the same Message-ID (as after a crash).
     */
    async stop(graceMs = Infinity) {
      stopped = true;
      clearTimeout(timer);
      if (!running) return;
      let late: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => {
          if (Number.isFinite(graceMs)) late = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(late);
      if (!finished) await releaseLeases();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/**
 * An error for the log without the e-mail addresses in it: SMTP servers repeat the refused
 * recipient ("550 <name@example.com>: Recipient address rejected"), and the log is a copy that
 * neither erasure nor retention reaches. The row keeps the full text; it goes with its submission.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"',;:()[\]]+@[^\s<>"',;:()[\]]+/g, "[address]");
}
