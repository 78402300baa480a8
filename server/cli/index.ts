/**
 * The operators' command line: `npm run admin -- <command> [options]`. Works against the same
 * database as the server (DATABASE_URL, else DATA_DIR/site.db).
 */
// First: refuses an unsupported Node before any dependency loads.
import "../node-version";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Writable } from "node:stream";
import { inviteCommand } from "../admin/invite-command";
import { describeCopy, makePeoplesCopy, peoplesCopyRequest } from "../admin/peoples-copy";
import { loadConfig } from "../config";
import { loadEnvFileIfPresent } from "../env-file";
import { formatStats, statsReport } from "../storage/analytics";
import { openStorage, type Storage } from "../storage/db";
import { describeErasure, eraseByEmail } from "../storage/erasure";
import { selectApplication, submissionsQuery, type ListFilter } from "../storage/operations";
import { describePurge, purgeExpired } from "../storage/retention";
import { resumeFileName } from "../uploads/resume-name";
import type { SubmissionKind } from "../storage/schema";
import {
  AuditCliError,
  auditCommand,
  auditUsage,
  cliAudit,
  cliOperator,
  describeFilter,
  subjectOf,
  submissionsOf,
} from "./audit";
import { csvRow, exportColumns, networkColumns } from "./csv";
import { SpamCliError, spamCommand, spamUsage } from "./spam";
import { terminalRow, terminalStream, terminalText } from "./terminal-text";

export const usage = `Usage: npm run admin -- <command> [options]

Commands:
  list [--kind contact|application|feedback] [--since YYYY-MM-DD] [--spam]
                                 one line per submission
  show <id>                      every field of one submission, its resume and messages
  export --format csv|json [--kind K] [--since DATE] [--out FILE] [--with-network-data]
                                 all matching submissions, streamed; IP address and
                                 user agent only with --with-network-data
  resume <application number> [--out FILE|FOLDER]
                                 writes the stored resume, named
                                 <application number>-resume.<pdf|doc|docx> unless FILE is given
  select <application number>    keeps a selected candidate beyond the retention period
  erase --email ADDRESS          deletes everything held about one person, with its mail
                                 files, and tells the webhook receiver
  copy --email ADDRESS --out FILE.zip [--consent-id ID ...]
                                 writes everything held about one person (submissions as
                                 JSON, resumes, notes, consent records) to a new zip that
                                 only you may read; audited by reference, never by address
  purge [--dry-run]              applies the retention periods now (see docs/operations.md)
  outbox [--failed] [--retry ID] shows messages to send; --retry queues a failed one again
  stats [--days 30] [--json FILE]
                                 page views per route, top referrers and campaigns, the form
                                 funnel, p75 Web Vitals per route; --json also writes them as
                                 JSON to FILE (--json - writes only the JSON, to stdout)
  invite --email ADDRESS --role admin|hr|sales [--name "Full Name"]
                                 prints a one-time link (24 hours) to the staff console,
                                 where that person creates a passkey
${spamUsage}${auditUsage}  help                           this text
`;

export class CliError extends Error {}

const kinds = ["contact", "application", "feedback"] as const;

function parseDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new CliError(`Not a date: "${value}". Use YYYY-MM-DD.`);
  }
  return date;
}

function parseKind(value: string | undefined): SubmissionKind | undefined {
  if (value === undefined) return undefined;
  if (!(kinds as readonly string[]).includes(value))
    throw new CliError(`Unknown kind "${value}": use ${kinds.join(", ")}.`);
  return value as SubmissionKind;
}

function isDirectory(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** Files the CLI writes hold personal data: only the operator's user may read them. */
function privateWriteStream(file: string) {
  return fs.createWriteStream(file, { mode: 0o600 });
}

export interface CliIo {
  out: Writable;
  err: Writable;
  now: () => Date;
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv, terminal: CliIo): Promise<number> {
  // Every print, the usage, an export to stdout and the messages: stored text cannot drive the
  // operator's terminal (terminal-text.ts).
  const io = { ...terminal, out: terminalStream(terminal.out), err: terminalStream(terminal.err) };
  const print = (s: string) => io.out.write(`${s}\n`);
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    io.out.write(usage);
    return command ? 0 : 1;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      kind: { type: "string" },
      since: { type: "string" },
      spam: { type: "boolean" },
      format: { type: "string" },
      out: { type: "string" },
      email: { type: "string" },
      "dry-run": { type: "boolean" },
      failed: { type: "boolean" },
      retry: { type: "string" },
      "with-network-data": { type: "boolean" },
      days: { type: "string" },
      json: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      operator: { type: "string" },
      review: { type: "boolean" },
      "consent-id": { type: "string", multiple: true },
    },
  });
  const config = loadConfig(env);
  const storage: Storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = storage;
  // Every command that reads or changes personal data leaves an entry (cli/audit.ts).
  const audit = cliAudit(db, env, io.now);
  try {
    const filter: ListFilter = {
      kind: parseKind(values.kind),
      since: parseDate(values.since),
      spam: values.spam ? true : undefined,
    };
    switch (command) {
      case "list": {
        const rows = await submissionsQuery(db, filter).execute();
        for (const r of rows) {
          print(
            terminalRow([
              r.id,
              r.kind,
              r.reference ?? "-",
              r.created_at,
              `${r.first_name} ${r.last_name}`,
              r.email,
              r.spam ? "SPAM" : "",
            ]),
          );
        }
        print(`${rows.length} submission(s)`);
        await audit("list", { detail: `${rows.length} submission(s); ${describeFilter(values)}` });
        return 0;
      }
      case "show": {
        const id = Number(positionals[0]);
        if (!Number.isInteger(id)) throw new CliError("show needs a numeric submission id.");
        const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
        if (!row) throw new CliError(`No submission with id ${id}.`);
        const resume = await db
          .selectFrom("resumes")
          .select(["original_name", "detected_type", "size", "sha256"])
          .where("submission_id", "=", id)
          .executeTakeFirst();
        const outbox = await db
          .selectFrom("outbox")
          .select(["id", "purpose", "recipient", "status", "attempts", "last_error"])
          .where("submission_id", "=", id)
          .execute();
        print(JSON.stringify({ ...row, resume: resume ?? null, outbox }, null, 2));
        await audit("show", { submissionId: row.id, subject: subjectOf(row) });
        return 0;
      }
      case "export": {
        if (values.format !== "csv" && values.format !== "json")
          throw new CliError("export needs --format csv or --format json.");
        const columns = values["with-network-data"] ? [...exportColumns, ...networkColumns] : exportColumns;
        const target = values.out ? privateWriteStream(values.out) : io.out;
        const write = (s: string) =>
          new Promise<void>((resolve, reject) => target.write(s, (e) => (e ? reject(e) : resolve())));
        let count = 0;
        if (values.format === "csv") await write(csvRow(columns));
        else await write("[\n");
        // Streamed: rows are written as they are read, never all held in memory.
        for await (const row of submissionsQuery(db, filter).stream(200)) {
          if (values.format === "csv") await write(csvRow(columns.map((c) => row[c])));
          else
            await write(`${count ? ",\n" : ""}${JSON.stringify(Object.fromEntries(columns.map((c) => [c, row[c]])))}`);
          count++;
        }
        if (values.format === "json") await write("\n]\n");
        if (values.out) await new Promise<void>((r) => (target as fs.WriteStream).end(r));
        io.err.write(`exported ${count} submission(s)\n`);
        await audit("export", {
          detail: `${values.format.toUpperCase()}; ${count} submission(s); ${describeFilter(values)}${values["with-network-data"] ? "; with network data" : ""}${values.out ? "; to a file" : ""}`,
        });
        return 0;
      }
      case "resume": {
        const reference = positionals[0];
        if (!reference) throw new CliError("resume needs an application number.");
        const row = await db
          .selectFrom("submissions")
          .innerJoin("resumes", "resumes.submission_id", "submissions.id")
          .select(["submissions.id", "original_name", "content", "detected_type"])
          .where("reference", "=", reference)
          .executeTakeFirst();
        if (!row) throw new CliError(`No application ${reference}.`);
        // Named from the detected type, never the uploaded name (a PDF named cv.html stays a PDF).
        const name = resumeFileName(reference, row.detected_type);
        const out = !values.out ? name : isDirectory(values.out) ? path.join(values.out, name) : values.out;
        fs.writeFileSync(out, Buffer.from(row.content), { mode: 0o600 });
        print(`wrote ${out} (${row.detected_type}; uploaded as ${JSON.stringify(row.original_name)})`);
        await audit("resume", { submissionId: row.id, subject: reference });
        return 0;
      }
      case "select": {
        const reference = positionals[0];
        if (!reference) throw new CliError("select needs an application number.");
        const status = await selectApplication(db, reference);
        if (!status) throw new CliError(`No application ${reference}.`);
        print(`${reference} is selected and kept beyond the retention period (status: ${status})`);
        await audit("select", { subject: reference, detail: status });
        return 0;
      }
      case "erase": {
        if (!values.email) throw new CliError("erase needs --email ADDRESS.");
        // The entry names what went by reference, never by the address.
        const erased = await submissionsOf(db, values.email);
        const removed = await eraseByEmail(storage, values.email, {
          dataDir: config.dataDir,
          webhookUrl: config.webhookUrl,
          reason: "request",
          now: io.now(),
        });
        print(`erased for ${values.email}: ${describeErasure(removed)}`);
        await audit("erase", { subject: erased.map(subjectOf).join(", ") || null, detail: describeErasure(removed) });
        return 0;
      }
      case "copy": {
        if (!values.email || !values.out) throw new CliError("copy needs --email ADDRESS and --out FILE.zip.");
        const request = peoplesCopyRequest.safeParse({ email: values.email, consentIds: values["consent-id"] ?? [] });
        if (!request.success) throw new CliError(request.error.issues[0]!.message);
        const at = io.now();
        const copy = await makePeoplesCopy(storage, request.data, at);
        try {
          // A new file only: an existing one might be readable by others (its mode stays).
          fs.writeFileSync(values.out, copy.zip, { mode: 0o600, flag: "wx" });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "EEXIST")
            throw new CliError(`${values.out} already exists: give a new file name.`);
          throw error;
        }
        await audit("copy", { detail: describeCopy(copy) });
        print(`wrote ${values.out}: ${describeCopy(copy)}`);
        return 0;
      }
      case "purge": {
        const dry = values["dry-run"] === true;
        const result = await purgeExpired(storage, io.now(), config.retention, {
          dataDir: config.dataDir,
          webhookUrl: config.webhookUrl,
          dryRun: dry,
        });
        print(describePurge(result, dry));
        if (!dry) await audit("purge", { detail: describePurge(result, dry).replace(/\n/g, "; ") });
        return 0;
      }
      case "outbox": {
        if (values.retry) {
          const id = Number(values.retry);
          const res = await db
            .updateTable("outbox")
            .set({ status: "pending", attempts: 0, next_attempt_at: io.now().toISOString(), last_error: null })
            .where("id", "=", id)
            .where("status", "=", "failed")
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) === 0) throw new CliError(`No failed message with id ${values.retry}.`);
          print(`message ${id} queued again`);
          await audit("outbox --retry", { subject: `message ${id}` });
          return 0;
        }
        let q = db
          .selectFrom("outbox")
          .select([
            "id",
            "submission_id",
            "purpose",
            "recipient",
            "status",
            "attempts",
            "next_attempt_at",
            "last_error",
          ])
          .orderBy("id");
        q = values.failed ? q.where("status", "=", "failed") : q.where("status", "!=", "sent");
        const rows = await q.execute();
        for (const r of rows)
          print(
            terminalRow([
              r.id,
              r.submission_id,
              r.purpose,
              r.recipient,
              r.status,
              r.attempts,
              r.next_attempt_at,
              r.last_error ?? "",
            ]),
          );
        print(`${rows.length} message(s)`);
        await audit("outbox", {
          detail: `${rows.length} message(s) with their recipients${values.failed ? "; failed only" : ""}`,
        });
        return 0;
      }
      case "stats": {
        const days = values.days === undefined ? 30 : Number(values.days);
        if (!Number.isInteger(days) || days < 1 || days > 3660)
          throw new CliError(`Not a number of days: "${values.days}". Use a whole number from 1.`);
        const report = await statsReport(db, io.now(), days);
        const json = `${JSON.stringify({ days, ...report }, null, 2)}\n`;
        if (values.json === "-") {
          io.out.write(json);
          return 0;
        }
        print(formatStats(report, days));
        if (values.json) {
          fs.writeFileSync(values.json, json);
          print(`\nwrote ${values.json}`);
        }
        return 0;
      }
      case "invite": {
        const result = await inviteCommand(db, config.admin.origin, values, io.now(), cliOperator(env));
        if ("error" in result) throw new CliError(result.error);
        for (const line of result.lines) print(line);
        return 0;
      }
      case "spam":
        return await spamCommand(positionals, {
          storage,
          config,
          print,
          now: io.now,
          // Recorded with each release and delete: --operator, else the account running the command.
          operator: values.operator ?? env.SUDO_USER ?? os.userInfo().username,
          reviewOnly: values.review === true,
          audit,
        });
      case "audit":
        return await auditCommand(db, positionals, print);
      default:
        throw new CliError(`Unknown command "${command}".\n\n${usage}`);
    }
  } finally {
    await storage.close();
  }
}

// Run when called as a program (not when imported by tests).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadEnvFileIfPresent();
  runCli(process.argv.slice(2), process.env, { out: process.stdout, err: process.stderr, now: () => new Date() })
    .then((code) => process.exit(code))
    .catch((error) => {
      const known = error instanceof CliError || error instanceof SpamCliError || error instanceof AuditCliError;
      process.stderr.write(`${terminalText(known ? error.message : String(error))}\n`);
      process.exit(known ? 2 : 1);
    });
}
