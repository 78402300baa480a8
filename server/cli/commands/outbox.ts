/** `outbox [--failed] [--retry ID]`: messages not sent yet; a failed one queued again. */
import { retryFailedMessage, unsentMessages } from "../../outbox/outbox-messages";
import { CliError, command } from "../command";
import { terminalRow } from "../terminal-text";

export default command({
  name: "outbox",
  usage: `  outbox [--failed] [--retry ID] shows messages to send; --retry queues a failed one again
`,
  options: { failed: { type: "boolean" }, retry: { type: "string" } },
  audited: { outbox: "list", "outbox --retry": "retry" },
  notAudited: {},
  async run({ storage, values, io, print, audit }) {
    const retry = values.retry as string | undefined;
    if (retry) {
      const id = Number(retry);
      if (!(await retryFailedMessage(storage.db, id, io.now())))
        throw new CliError(`No failed message with id ${retry}.`);
      print(`message ${id} queued again`);
      await audit("outbox --retry", { subject: `message ${id}` });
      return 0;
    }
    const failedOnly = values.failed === true;
    const rows = await unsentMessages(storage.db, { failedOnly });
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
      detail: `${rows.length} message(s) with their recipients${failedOnly ? "; failed only" : ""}`,
    });
    return 0;
  },
});
