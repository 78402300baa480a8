/** `npm run admin -- spam list|show|release|delete|log`: the quarantine (storage/quarantine.ts). */
import type { Config } from "../config";
import { outboxRowsFor } from "../mail/outbox-rows";
import type { Storage } from "../storage/db";
import type { CliAudit } from "./audit";
import { describeErasure } from "../storage/erasure";
import { subjectOf } from "./audit";
import {
  deleteQuarantined,
  getQuarantined,
  listQuarantined,
  listReviews,
  releaseSubmission,
} from "../storage/quarantine";
import { terminalRow } from "./terminal-text";

export const spamUsage = `  spam list [--review]           quarantined submissions with their reasons (--review: only
                                 those held because they were sent without JavaScript)
  spam show <id>                 every field of one quarantined submission and its reasons
  spam release <id> [--operator NAME]
                                 makes it ordinary: its notification, confirmation and webhook
                                 go out now through the outbox
  spam delete <id> [--operator NAME]
                                 deletes it and every copy; releases and deletes are recorded
                                 with the time and the operator (default: your user name)
  spam log                       the last 50 releases and deletes
`;

export class SpamCliError extends Error {}

interface SpamContext {
  storage: Storage;
  config: Config;
  print: (line: string) => void;
  now: () => Date;
  operator: string;
  reviewOnly: boolean;
  audit: CliAudit;
}

function idFrom(value: string | undefined, action: string): number {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id < 1) throw new SpamCliError(`spam ${action} needs a submission id.`);
  return id;
}

export async function spamCommand(args: string[], ctx: SpamContext): Promise<number> {
  const [action, value] = args;
  const { storage, print } = ctx;
  switch (action) {
    case "list": {
      const rows = await listQuarantined(storage, { verdict: ctx.reviewOnly ? "review" : undefined });
      for (const r of rows) {
        print(
          terminalRow([
            r.id,
            r.kind,
            r.reference ?? "-",
            r.createdAt,
            r.verdict === "review" ? "REVIEW" : "SPAM",
            r.name,
            r.email,
            r.reasons.map((reason) => reason.text).join("; "),
          ]),
        );
      }
      print(`${rows.length} quarantined submission(s)`);
      await ctx.audit("spam list", {
        detail: `${rows.length} quarantined submission(s)${ctx.reviewOnly ? "; review only" : ""}`,
      });
      return 0;
    }
    case "show": {
      const id = idFrom(value, "show");
      const row = await getQuarantined(storage, id);
      if (!row) throw new SpamCliError(`No quarantined submission with id ${id}.`);
      print(JSON.stringify(row, null, 2));
      await ctx.audit("spam show", { submissionId: id, subject: subjectOf(row), detail: "quarantine" });
      return 0;
    }
    case "release": {
      const id = idFrom(value, "release");
      const held = await getQuarantined(storage, id);
      if (!held) throw new SpamCliError(`No quarantined submission with id ${id}.`);
      const settings = { ...ctx.config.mail, webhookUrl: ctx.config.webhookUrl };
      const released = await releaseSubmission(storage, id, ctx.operator, {
        now: ctx.now(),
        messagesFor: (kind, email) => outboxRowsFor(kind, email, settings),
      });
      if (!released) throw new SpamCliError(`No quarantined submission with id ${id}.`);
      print(`released ${id} (by ${ctx.operator}): ${released.queued} message(s) queued`);
      await ctx.audit("spam release", {
        submissionId: id,
        subject: subjectOf(held),
        detail: `${released.queued} message(s) queued`,
      });
      return 0;
    }
    case "delete": {
      const id = idFrom(value, "delete");
      const held = await getQuarantined(storage, id);
      if (!held) throw new SpamCliError(`No quarantined submission with id ${id}.`);
      const removed = await deleteQuarantined(storage, id, ctx.operator, {
        now: ctx.now(),
        dataDir: ctx.config.dataDir,
      });
      if (!removed) throw new SpamCliError(`No quarantined submission with id ${id}.`);
      print(`deleted ${id} (by ${ctx.operator}): ${describeErasure(removed)}`);
      await ctx.audit("spam delete", { submissionId: id, subject: subjectOf(held), detail: describeErasure(removed) });
      return 0;
    }
    case "log": {
      for (const r of await listReviews(storage)) {
        print(terminalRow([r.created_at, r.action, r.submission_id, r.kind, r.reference ?? "-", r.operator]));
      }
      return 0;
    }
    default:
      throw new SpamCliError(`Unknown spam command "${action ?? ""}": use list, show, release, delete or log.`);
  }
}
