/** `show <id>`: every field of one submission, its resume's metadata, its messages and its conversation. */
import { subjectOf } from "../../console/views/submission-view";
import { submissionRecord } from "../../submissions/submission-record";
import { CliError, command } from "../command";

export default command({
  name: "show",
  usage: `  show <id>                      every field of one submission, its resume, messages,
                                 replies sent and answers received by e-mail
`,
  options: {},
  audited: { show: "view" },
  notAudited: {},
  async run({ storage, positionals, print, audit }) {
    const id = Number(positionals[0]);
    if (!Number.isInteger(id)) throw new CliError("show needs a numeric submission id.");
    const record = await submissionRecord(storage.db, id);
    if (!record) throw new CliError(`No submission with id ${id}.`);
    print(JSON.stringify(record, null, 2));
    await audit("show", { submissionId: record.id, subject: subjectOf(record) });
    return 0;
  },
});
