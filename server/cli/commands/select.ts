/** `select <application number>`: keeps a selected candidate beyond the retention period. */
import { selectApplication } from "../../storage/selection";
import { CliError, command } from "../command";

export default command({
  name: "select",
  usage: `  select <application number>    keeps a selected candidate beyond the retention period
`,
  options: {},
  audited: { select: "select" },
  notAudited: {},
  async run({ storage, positionals, print, audit }) {
    const reference = positionals[0];
    if (!reference) throw new CliError("select needs an application number.");
    const status = await selectApplication(storage.db, reference);
    if (!status) throw new CliError(`No application ${reference}.`);
    print(`${reference} is selected and kept beyond the retention period (status: ${status})`);
    await audit("select", { subject: reference, detail: status });
    return 0;
  },
});
