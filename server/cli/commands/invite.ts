/** `invite --email ADDRESS --role R`: a one-time link to the staff console (console/invite-command.ts). */
import { staffRoleNames } from "../../../contracts/staff/permissions";
import { inviteCommand } from "../../console/invite-command";
import { invitationSendLimitMs } from "../../mail/invitation-mail";
import { createTransport } from "../../mail/transport";
import { CliError, cliOperator, command } from "../command";

export default command({
  name: "invite",
  // The staff roles from their table (contracts/staff/permissions.ts), so a new row is offered here too.
  usage: `  invite --email ADDRESS --role ${staffRoleNames().join("|")} [--name "Full Name"]
                                 e-mails that person a one-time link (24 hours) to the staff
                                 console, where they create a passkey; prints the link too
                                 and says whether the e-mail went (nothing retries it)
`,
  options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
  audited: { invite: "invitation" },
  notAudited: {},
  async run({ storage, config, env, values, io, print }) {
    // The console's bound on the send (decision 072): the operator waits 15 s at most.
    const transport = createTransport({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      sendTimeoutMs: Math.min(invitationSendLimitMs, config.outbox.sendTimeoutMs),
    });
    // inviteCommand appends its own entry (action "invitation"), with the invited role and the mail's outcome.
    const result = await inviteCommand(
      storage.db,
      config.admin.origin,
      values as { email?: string; role?: string; name?: string },
      io.now(),
      { transport, from: config.mail.from },
      cliOperator(env),
    ).finally(() => transport.close());
    if ("error" in result) throw new CliError(result.error);
    for (const line of result.lines) print(line);
    return 0;
  },
});
