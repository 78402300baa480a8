import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openStorage, type Storage } from "./db";
import { insertSubmission, type ResumeData } from "../submissions/submissions";
import { formDefinitions } from "../../contracts/forms/index";

const fields = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", message: "Hello there." };
const meta = (ip: string) => ({ ip, userAgent: null, spam: false, now: new Date("2026-03-01T12:00:00Z") });
/** A submission row written directly, for jobs that are not insertSubmission. */
const row = (ip: string) => ({
  kind: "contact" as const,
  first_name: "Grace",
  last_name: "Hopper",
  email: "grace@example.com",
  message: "Written by a test job.",
  ip,
  spam: 0,
  selected: 0,
  created_at: "2026-03-01T12:00:00.000Z",
});
const notify = [{ channel: "email", purpose: "notify", recipient: "hello@altivacloud.com" }] as const;

describe("group commit on SQLite", () => {
  let dataDir: string;
  let storage: Storage;
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
    storage = await openStorage({ dataDir });
  });
  afterEach(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Rows as another connection sees them: only what has been committed. */
  function committedIps(): string[] {
    const other = new SQLite(path.join(dataDir, "site.db"), { readonly: true });
    try {
      return (other.prepare("select ip from submissions order by id").all() as { ip: string }[]).map((r) => r.ip);
    } finally {
      other.close();
    }
  }

  it("writes concurrent submissions in one transaction and answers each only after its commit", async () => {
    const transactions = vi.spyOn(storage.db, "transaction");
    const ips = ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5"];
    const seenOnAnswer: string[][] = [];
    const results = await Promise.all(
      ips.map((ip) =>
        insertSubmission(storage, formDefinitions.contact, fields, meta(ip), notify).then((result) => {
          seenOnAnswer.push(committedIps());
          return result;
        }),
      ),
    );

    expect(transactions).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(ips.length);
    // When any caller hears back, every submission of the batch is already visible to others.
    for (const seen of seenOnAnswer) expect(seen).toEqual(ips);
    const outbox = await storage.db.selectFrom("outbox").select("submission_id").execute();
    expect(outbox.map((r) => r.submission_id).sort()).toEqual(results.map((r) => r.id).sort());
  });

  it("numbers applications in one batch one after the other", async () => {
    const resume: ResumeData = {
      original_name: "cv.pdf",
      detected_type: "pdf",
      size: 4,
      sha256: "x",
      content: Buffer.from("%PDF"),
    };
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        insertSubmission(
          storage,
          formDefinitions.application,
          { ...fields, position: "QA" },
          meta(`10.0.1.${n}`),
          notify,
          resume,
        ),
      ),
    );
    expect(results.map((r) => r.reference)).toEqual(["APP-2026-000001", "APP-2026-000002", "APP-2026-000003"]);
  });

  it("fails only the job that failed; the others of its batch still commit", async () => {
    const transactions = vi.spyOn(storage.db, "transaction");
    const failing = storage.transaction(async (trx) => {
      await trx.insertInto("submissions").values(row("10.0.0.99")).execute();
      throw new Error("job failed after writing");
    });
    const good = ["10.0.0.1", "10.0.0.2"].map((ip) =>
      insertSubmission(storage, formDefinitions.contact, fields, meta(ip), notify),
    );

    await expect(failing).rejects.toThrow("job failed after writing");
    await expect(Promise.all(good)).resolves.toHaveLength(2);
    expect(committedIps()).toEqual(["10.0.0.1", "10.0.0.2"]);
    // The shared attempt, then one transaction per job.
    expect(transactions).toHaveBeenCalledTimes(4);
  });

  it("commits work queued during a commit in the next transaction", async () => {
    const transactions = vi.spyOn(storage.db, "transaction");
    let late: Promise<unknown> | undefined;
    const early = storage.transaction(async (trx) => {
      late = insertSubmission(storage, formDefinitions.contact, fields, meta("10.0.0.2"), notify);
      await trx.insertInto("submissions").values(row("10.0.0.1")).execute();
    });
    await early;
    await late;
    expect(transactions).toHaveBeenCalledTimes(2);
    expect(committedIps()).toEqual(["10.0.0.1", "10.0.0.2"]);
  });
});
