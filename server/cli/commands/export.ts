/** `export`: every matching submission, as CSV or JSON, through the one export (exports/submissions.ts). */
import type fs from "node:fs";
import { cliExportColumns, exportSubmissions, networkColumns } from "../../exports/submissions";
import { listWhere } from "../../submissions/submission-list";
import { CliError, command, describeFilter, filterOf, filterOptions, privateWriteStream } from "../command";

export default command({
  name: "export",
  usage: `  export --format csv|json [--kind K] [--since DATE] [--out FILE] [--with-network-data]
                                 all matching submissions, streamed; IP address and
                                 user agent only with --with-network-data
`,
  options: {
    ...filterOptions,
    format: { type: "string" },
    out: { type: "string" },
    "with-network-data": { type: "boolean" },
  },
  audited: { export: "export" },
  notAudited: {},
  async run({ storage, values, io, audit }) {
    const { format, out } = values as { format?: string; out?: string };
    const withNetwork = values["with-network-data"] === true;
    if (format !== "csv" && format !== "json") throw new CliError("export needs --format csv or --format json.");
    const filter = filterOf(values);
    const exported = exportSubmissions(storage.db, {
      format,
      columns: withNetwork ? [...cliExportColumns, ...networkColumns] : cliExportColumns,
      where: (db) => listWhere(db, filter),
      order: "id",
      notes: false,
    });
    const target = out ? privateWriteStream(out) : io.out;
    // Written as they are read: a page of rows at a time, never the whole export in memory.
    for await (const line of exported.lines)
      await new Promise<void>((resolve, reject) => target.write(line, (e) => (e ? reject(e) : resolve())));
    if (out) await new Promise<void>((r) => (target as fs.WriteStream).end(r));
    io.err.write(`exported ${exported.count()} submission(s)\n`);
    await audit("export", {
      detail: `${format.toUpperCase()}; ${exported.count()} submission(s); ${describeFilter(values)}${withNetwork ? "; with network data" : ""}${out ? "; to a file" : ""}`,
    });
    return 0;
  },
});
