/**
 * The CLI and the audit log, through runCli() on SQLite and PostgreSQL: every command that reads
 * or changes personal data leaves one entry naming the CLI and the OS user, with references but
 * no names or addresses; the others leave none; `audit verify` names an entry edited in the
 * database. The commands come from the CLI's own table and usage text.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../db/db";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { pdf, validApplicationFields, validContact } from "../test-support/fixtures";
import { type AuditedCommand, auditedCommands, auditedInTarget, notAudited } from "./audit";
import { runCli, usage } from "./index";
import { formDefinitions } from "../../contracts/forms/index";

const clock = new Date("2026-11-24T10:00:00.000Z");
const operator = `cli:${os.userInfo().username}`;

/** What the fixtures hold about people: none of it may reach an audit entry. */
const personal = {
  applicant: { firstName: "Grace", lastName: "Hopperfield", email: "grace.hopperfield@example.com" },
  enquirer: { firstName: "Linus", lastName: "Quarrington", email: "linus.q@example.com" },
  erased: { firstName: "Erin", lastName: "Erasmussen", email: "erin.erasmussen@example.com" },
  spammer: { firstName: "Spiro", lastName: "Junkmailer", email: "spiro@example.com" },
};
const markers = Object.values(personal).flatMap((p) => [p.firstName, p.lastName, p.email]);

/** The commands in the usage text: "list", "spam release", "audit verify", … */
function commandsInUsage(): string[] {
  return [...usage.matchAll(/^ {2}([a-z][a-z-]*)(?: ([a-z]+)\b)?/gm)].map((m) => (m[2] ? `${m[1]} ${m[2]}` : m[1]!));
}

describe.each(backends)("the CLI's audit entries on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  let cliEnv: NodeJS.ProcessEnv;
  const ids = { application: 0, contact: 0, spamShown: 0, spamDeleted: 0, failedMessage: 0 };
  let reference = "";
  let erasedRefs: string[] = [];
  let outDir = "";

  async function cli(argv: string[], extraEnv: NodeJS.ProcessEnv = {}) {
    let stdout = "";
    const out = new PassThrough();
    out.on("data", (d: Buffer) => (stdout += d.toString()));
    const code = await runCli(argv, { ...cliEnv, ...extraEnv }, { out, err: new PassThrough(), now: () => clock });
    return { code, stdout };
  }
  const entries = () => storage.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
  const meta = (spam = false) => ({ ip: "192.0.2.1", userAgent: null, spam, now: clock });

  beforeAll(async () => {
    cliEnv = {
      DATA_DIR: env.config.dataDir,
      LOG_LEVEL: "silent",
      SITE_URL: "https://www.altivacloud.com",
      // `routing-key rotate` needs both keys (two fixed test keys, not secrets).
      ROUTING_SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
      ROUTING_SECRET_KEY_PREVIOUS: Buffer.alloc(32, 2).toString("base64"),
      ...(env.config.databaseUrl ? { DATABASE_URL: env.config.databaseUrl } : {}),
    };
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-audit-"));
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
    const content = pdf();
    const resume = {
      original_name: "cv.pdf",
      detected_type: "pdf" as const,
      size: content.length,
      sha256: "x",
      content,
    };
    const notify = [{ channel: "email" as const, purpose: "notify" as const, recipient: "careers@altivacloud.com" }];
    const application = await insertSubmission(
      storage,
      formDefinitions.application,
      { ...validApplicationFields, ...personal.applicant },
      meta(),
      notify,
      resume,
    );
    ids.application = application.id;
    reference = application.reference!;
    ids.contact = (
      await insertSubmission(
        storage,
        formDefinitions.contact,
        { ...validContact, ...personal.enquirer },
        meta(),
        notify,
      )
    ).id;
    const erasedApp = await insertSubmission(
      storage,
      formDefinitions.application,
      { ...validApplicationFields, ...personal.erased },
      meta(),
      [],
      resume,
    );
    await insertSubmission(storage, formDefinitions.contact, { ...validContact, ...personal.erased }, meta(), []);
    erasedRefs = [erasedApp.reference!, "contact #"];
    const spam = { ...validContact, ...personal.spammer };
    ids.spamShown = (await insertSubmission(storage, formDefinitions.contact, spam, meta(true), [])).id;
    ids.spamDeleted = (await insertSubmission(storage, formDefinitions.contact, spam, meta(true), [])).id;
    const message = await storage.db
      .updateTable("outbox")
      .set({ status: "failed", last_error: "550 refused" })
      .where("submission_id", "=", ids.contact)
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.failedMessage = message.id;
  }, 60_000);
  afterAll(async () => {
    await storage.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  /** How to run each audited command against the fixtures; typed by the table, so none is missed. */
  const runs: Record<AuditedCommand, () => string[]> = {
    list: () => ["list"],
    show: () => ["show", String(ids.contact)],
    export: () => ["export", "--format", "csv", "--out", path.join(outDir, "export.csv")],
    resume: () => ["resume", reference, "--out", outDir],
    select: () => ["select", reference],
    erase: () => ["erase", "--email", personal.erased.email],
    copy: () => ["copy", "--email", personal.erased.email, "--out", path.join(outDir, "copy.zip")],
    purge: () => ["purge"],
    outbox: () => ["outbox"],
    "outbox --retry": () => ["outbox", "--retry", String(ids.failedMessage)],
    invite: () => ["invite", "--email", "new.colleague@altivacloud.com", "--role", "hr"],
    "spam list": () => ["spam", "list"],
    "spam show": () => ["spam", "show", String(ids.spamShown)],
    "spam release": () => ["spam", "release", String(ids.spamShown)],
    "spam delete": () => ["spam", "delete", String(ids.spamDeleted)],
    backup: () => ["backup", "--out", path.join(outDir, "site.backup")],
    "routing-key rotate": () => ["routing-key", "rotate"],
    "content-import": () => ["content-import", "--dir", path.resolve("app/content/case-studies")],
  };
  const quietRuns: Record<Exclude<keyof typeof notAudited, "help">, () => string[]> = {
    stats: () => ["stats"],
    "spam log": () => ["spam", "log"],
    "audit verify": () => ["audit", "verify"],
    "purge --dry-run": () => ["purge", "--dry-run"],
  };

  it("has an audit decision for every command in the usage text", () => {
    const decided = new Set([
      ...Object.keys(auditedCommands),
      ...Object.keys(notAudited),
      // Tested by their own suites (storage/backup.test.ts, storage/move-to-postgres.test.ts).
      ...Object.keys(auditedInTarget),
    ]);
    const listed = commandsInUsage();
    expect(listed).toContain("spam release");
    expect(listed.filter((c) => !decided.has(c))).toEqual([]);
  });

  it.each(Object.keys(auditedCommands) as AuditedCommand[])(
    "`%s` leaves one entry by the CLI and the OS user, without personal data",
    async (command) => {
      const before = await entries();
      const { code } = await cli(runs[command]());
      expect(code).toBe(0);
      const added = (await entries()).slice(before.length);
      expect(added).toHaveLength(1);
      const entry = added[0]!;
      expect(entry).toMatchObject({ action: auditedCommands[command], staff_id: null, staff_name: operator });
      const text = `${entry.subject ?? ""} ${entry.detail ?? ""}`;
      for (const marker of markers) expect(text).not.toContain(marker);
    },
  );

  it("names the submission shown, the resume written and each reference erased", async () => {
    const log = await entries();
    const of = (action: string) => log.filter((e) => e.action === action);
    expect(of("view")[0]).toMatchObject({ submission_id: ids.contact, subject: `contact #${ids.contact}` });
    expect(of("resume download")[0]).toMatchObject({ submission_id: ids.application, subject: reference });
    expect(of("select")[0]).toMatchObject({ subject: reference });
    const erasure = of("erasure")[0]!;
    for (const ref of erasedRefs) expect(erasure.subject).toContain(ref);
    expect(erasure.detail).toContain("2 submission(s)");
    expect(of("delete")[0]).toMatchObject({ submission_id: ids.spamDeleted });
  });

  it.each(Object.keys(quietRuns) as (keyof typeof quietRuns)[])("`%s` leaves no entry", async (command) => {
    const before = await entries();
    expect((await cli(quietRuns[command]())).code).toBe(0);
    expect(await entries()).toHaveLength(before.length);
  });

  it("records the account behind sudo", async () => {
    await cli(["list"], { SUDO_USER: "ops-anna" });
    expect((await entries()).at(-1)).toMatchObject({ action: "list", staff_name: "cli:ops-anna" });
  });

  it("`audit verify` says ok with the count, then names an entry edited in the database", async () => {
    const log = await entries();
    const ok = await cli(["audit", "verify"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`ok, ${log.length} entries`);

    const edited = log[Math.floor(log.length / 2)]!;
    await storage.db.updateTable("audit_log").set({ detail: "nothing happened" }).where("id", "=", edited.id).execute();
    const broken = await cli(["audit", "verify"]);
    expect(broken.code).toBe(3);
    expect(broken.stdout).toContain(`broken at entry ${edited.id} (${edited.at}`);
    expect(broken.stdout).toContain("its fields were changed");
    // Put back, the chain verifies again: the check reads the data, not a flag.
    await storage.db.updateTable("audit_log").set({ detail: edited.detail }).where("id", "=", edited.id).execute();
    expect((await cli(["audit", "verify"])).code).toBe(0);
  });
});
