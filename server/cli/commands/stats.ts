/** `stats [--days 30] [--json FILE]`: the measurement report (storage/analytics.ts). */
import fs from "node:fs";
import { formatStats, statsReport } from "../../analytics/analytics";
import { CliError, command } from "../command";

export default command({
  name: "stats",
  usage: `  stats [--days 30] [--json FILE]
                                 page views per route, top referrers and campaigns, the form
                                 funnel, p75 Web Vitals per route, enquiries by source and by
                                 the page they were sent from (with its conversion rate);
                                 --json also writes them as JSON to FILE (--json - writes
                                 only the JSON, to stdout)
`,
  options: { days: { type: "string" }, json: { type: "string" } },
  audited: {},
  notAudited: { stats: "counts without personal data" },
  async run({ storage, values, io, print }) {
    const given = values.days as string | undefined;
    const file = values.json as string | undefined;
    const days = given === undefined ? 30 : Number(given);
    if (!Number.isInteger(days) || days < 1 || days > 3660)
      throw new CliError(`Not a number of days: "${given}". Use a whole number from 1.`);
    const report = await statsReport(storage.db, io.now(), days);
    const json = `${JSON.stringify({ days, ...report }, null, 2)}\n`;
    if (file === "-") {
      io.out.write(json);
      return 0;
    }
    print(formatStats(report, days));
    if (file) {
      fs.writeFileSync(file, json);
      print(`\nwrote ${file}`);
    }
    return 0;
  },
});
