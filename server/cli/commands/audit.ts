/** `audit verify`: walks the audit log's hash chain (storage/audit-chain.ts). */
import { verifyAuditChain } from "../../console/audit";
import { CliError, command } from "../command";

export default command({
  name: "audit",
  usage: `  audit verify                   checks the audit log's hash chain: "ok, N entries", or the
                                 first entry edited or removed (exit code 3)
`,
  options: {},
  audited: {},
  notAudited: { "audit verify": "reads the audit log, which holds no personal data of the people who wrote in" },
  async run({ storage, positionals, print }) {
    if (positionals[0] !== "verify") throw new CliError(`Unknown audit command "${positionals[0] ?? ""}": use verify.`);
    const check = await verifyAuditChain(storage.db);
    if (check.ok) {
      print(`ok, ${check.entries} entries${check.head ? `; head ${check.head}` : ""}`);
      return 0;
    }
    const b = check.broken;
    print(
      `broken at entry ${b.id} (${b.at}, ${b.action}${b.subject ? `, ${b.subject}` : ""}): ${b.reason}; ` +
        `${check.entries - 1} entries before it verified`,
    );
    return 3;
  },
});
