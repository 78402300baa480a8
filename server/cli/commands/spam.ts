/** `npm run admin -- spam list|show|release|delete|log`: the quarantine (storage/quarantine.ts). */
import os from "node:os";
import { subjectOf } from "../../console/views/submission-view";
import type { Config } from "../../config";
import { outboxRowsFor } from "../../outbox/outbox-rows";
import type { Storage } from "../../db/db";
import { describeErasure } from "../../retention/erasure";
import {
  deleteQuarantined,
  getQuarantined,
  listQuarantined,
  listReviews,
  releaseSubmission,
} from "../../submissions/quarantine";
import { CliError, command, type CliContext } from "../command";
import { terminalRow } from "../terminal-text";

const usage = `  spam list [--review]           quarantined submissions with their reasons (--review: only
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

const audited = {
  "spam list": "list",
  "spam show": "view",
  "spam release": "release",
  "spam delete": "delete",
} as const;

interface SpamContext {
  storage: Storage;
  config: Config;
  print: (line: string) => void;
  now: () => Date;
  operator: string;
  reviewOnly: boolean;
  audit: CliContext<keyof typeof audited>["audit"];
}

function idFrom(value: string | undefined, action: string): number {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id < 1) throw new CliError(`spam ${action} needs a submission id.`);
  return id;
}

async function spamCommand(args: string[], ctx: SpamContext): Promise<number> {
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
      if (!row) throw new CliError(`No quarantined submission with id ${id}.`);
      print(JSON.stringify(row, null, 2));
      await ctx.audit("spam show", { submissionId: id, subject: subjectOf(row), detail: "quarantine" });
      return 0;
    }
    case "release": {
      const id = idFrom(value, "release");
      const held = await getQuarantined(storage, id);
      if (!held) throw new CliError(`No quarantined submission with id ${id}.`);
      const settings = { ...ctx.config.mail, webhookUrl: ctx.config.webhookUrl };
      const released = await releaseSubmission(storage, id, ctx.operator, {
        now: ctx.now(),
        messagesFor: (kind, email) => outboxRowsFor(kind, email, settings),
      });
      if (!released) throw new CliError(`No quarantined submission with id ${id}.`);
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
      if (!held) throw new CliError(`No quarantined submission with id ${id}.`);
      const removed = await deleteQuarantined(storage, id, ctx.operator, {
        now: ctx.now(),
        dataDir: ctx.config.dataDir,
      });
      if (!removed) throw new CliError(`No quarantined submission with id ${id}.`);
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
      throw new CliError(`Unknown spam command "${action ?? ""}": use list, show, release, delete or log.`);
  }
}

export default command({
  name: "spam",
  usage,
  options: { review: { type: "boolean" }, operator: { type: "string" } },
  audited,
  notAudited: { "spam log": "ids, kinds and application numbers of releases and deletes only" },
  run: ({ storage, config, env, values, positionals, io, print, audit }) =>
    spamCommand(positionals, {
      storage,
      config,
      print,
      now: io.now,
      // Recorded with each release and delete: --operator, else the account running the command.
      operator: (values.operator as string | undefined) ?? env.SUDO_USER ?? os.userInfo().username,
      reviewOnly: values.review === true,
      audit,
    }),
});
