/** `list`: one line per submission. */
import { emailOf } from "../../../contracts/forms/address";
import { formDefinitions, nameOf } from "../../../contracts/forms/index";
import { listSubmissions } from "../../submissions/submission-list";
import { command, describeFilter, filterOf, filterOptions } from "../command";
import { terminalRow } from "../terminal-text";

export default command({
  name: "list",
  usage: `  list [--kind contact|application|feedback] [--since YYYY-MM-DD] [--spam]
                                 one line per submission
`,
  options: filterOptions,
  audited: { list: "list" },
  notAudited: {},
  async run({ storage, values, print, audit }) {
    const rows = await listSubmissions(storage.db, filterOf(values));
    for (const r of rows) {
      const form = formDefinitions[r.kind];
      print(
        terminalRow([
          r.id,
          r.kind,
          r.reference ?? "-",
          r.created_at,
          nameOf(form, r),
          emailOf(form, r),
          r.spam ? "SPAM" : "",
        ]),
      );
    }
    print(`${rows.length} submission(s)`);
    await audit("list", { detail: `${rows.length} submission(s); ${describeFilter(values)}` });
    return 0;
  },
});
