/** `select <application number>`: shortlists a candidate, and says when the application is deleted. */
import { dayOf } from "../../retention/application-retention";
import { selectApplication } from "../../postings/selection";
import { CliError, command } from "../command";

export default command({
  name: "select",
  usage: `  select <application number>    moves the candidate to "shortlisted" (a stage: it keeps no one
                                 beyond the deletion date it prints)
`,
  options: {},
  audited: { select: "select" },
  notAudited: {},
  async run({ storage, config, positionals, print, audit }) {
    const reference = positionals[0];
    if (!reference) throw new CliError("select needs an application number.");
    const selected = await selectApplication(storage.db, reference, config.retention);
    if (!selected) throw new CliError(`No application ${reference}.`);
    const { status, deletion } = selected;
    print(`${reference} is ${status}; deleted on ${dayOf(deletion.at)}, ${deletion.reason}`);
    await audit("select", { subject: reference, detail: status });
    return 0;
  },
});
