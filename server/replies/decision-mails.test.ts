/**
 * Two Sends of one decision e-mail inside each other's transaction window, made deterministic:
 * the second starts while the first has queued its message and not yet committed. On PostgreSQL
 * the first waits (polling pg_stat_activity, no sleep) until the second is blocked on the
 * application's row lock, then commits; the second must then see the first's message and refuse.
 * On SQLite transactions are serialised by the group commit, so the second runs after the first.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields } from "../test-support/fixtures";
import { openStorage, type Storage } from "../db/db";
import { queueDecisionMail, type QueueOutcome } from "./decision-mails";
import { insertSubmission } from "../submissions/submissions";

describe.each(backends)("two Sends of one decision e-mail on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  const now = new Date("2026-11-23T09:00:00.000Z");
  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
  });
  afterAll(() => storage.close());

  /** Until `check` is true, checking every 20 ms, for at most 10 s. */
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 500; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("the condition never held");
  }

  it("queue one message: the second sees the first's and refuses", async () => {
    const { id } = await insertSubmission(
      storage,
      formDefinitions.application,
      { ...validApplicationFields, email: "twice@example.com" },
      { ip: "192.0.2.9", userAgent: null, spam: false, now },
      [],
    );
    await storage.db.updateTable("submissions").set({ status: "not selected" }).where("id", "=", id).execute();
    const staff = { id: 1, name: "Hana Reyes" };
    const attempt = (audit: () => Promise<void>) =>
      queueDecisionMail(storage, {
        submissionId: id,
        status: "not selected",
        personalLine: "",
        seen: 0,
        staff,
        now,
        audit,
      });

    let second: Promise<QueueOutcome> | undefined;
    const first = await attempt(async () => {
      second = attempt(async () => undefined);
      if (backend !== "postgres") return;
      // Held here, uncommitted, until the second Send waits on the application's lock.
      await until(async () => {
        const waiting = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for update%'`.execute(
          storage.db,
        );
        return Number(waiting.rows[0]!.n) > 0;
      });
    });
    expect("queued" in first).toBe(true);
    expect(await second!).toEqual({ refused: "already sent", sent: 1 });
    const rows = await storage.db.selectFrom("outbox").select("id").where("submission_id", "=", id).execute();
    expect(rows).toHaveLength(1);
  });
});
