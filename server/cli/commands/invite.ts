/** `invite --email ADDRESS --role R`: a one-time link to the staff console (console/invite-command.ts). */
import { staffRoleNames } from "../../../contracts/staff/permissions";
import { inviteCommand } from "../../console/invite-command";
import { CliError, cliOperator, command } from "../command";

export default command({
  name: "invite",
  // The staff roles from their table (contracts/staff/permissions.ts), so a new row is offered here too.
  usage: `  invite --email ADDRESS --role ${staffRoleNames().join("|")} [--name "Full Name"]
                                 prints a one-time link (24 hours) to the staff console,
                                 where that person creates a passkey
`,
  options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
  audited: { invite: "invitation" },
  notAudited: {},
  async run({ storage, config, env, values, io, print }) {
    // inviteCommand appends its own entry (action "invitation"), with the invited role.
    const result = await inviteCommand(
      storage.db,
      config.admin.origin,
      values as { email?: string; role?: string; name?: string },
      io.now(),
      cliOperator(env),
    );
    if ("error" in result) throw new CliError(result.error);
    for (const line of result.lines) print(line);
    return 0;
  },
});
