/** `purge [--dry-run]`: the retention periods, applied now (storage/retention.ts). */
import { describePurge, purgeExpired } from "../../retention/retention";
import { command } from "../command";

export default command({
  name: "purge",
  usage: `  purge [--dry-run]              applies the retention periods now (see docs/operations.md)
`,
  options: { "dry-run": { type: "boolean" } },
  audited: { purge: "purge" },
  notAudited: { "purge --dry-run": "changes nothing" },
  async run({ storage, config, values, io, print, audit }) {
    const dry = values["dry-run"] === true;
    const result = await purgeExpired(storage, io.now(), config.retention, {
      dataDir: config.dataDir,
      webhookUrl: config.webhookUrl,
      dryRun: dry,
    });
    print(describePurge(result, dry));
    if (!dry) await audit("purge", { detail: describePurge(result, dry).replace(/\n/g, "; ") });
    return 0;
  },
});
