/**
 * `move-to-postgres --to URL`: copies the SQLite database in DATA_DIR to an empty PostgreSQL
 * database (storage/move-to-postgres.ts) and records the move in the copied audit log.
 */
import { appendAudit, verifyAuditChain } from "../../console/audit";
import { MoveError, moveToPostgres } from "../../db/move-to-postgres";
import { CliError, cliOperator, command } from "../command";

export default command({
  name: "move-to-postgres",
  usage: `  move-to-postgres --to URL      copies every table of the SQLite database in DATA_DIR, ids
                                 and all, to an empty PostgreSQL database in one transaction
                                 (run it again after a failure); reads SQLite without writing
`,
  options: { to: { type: "string" } },
  audited: {},
  notAudited: {},
  database: "own",
  auditedInTarget: { "move-to-postgres": "move to postgres" },
  async run({ config, env, values, io, print }) {
    const url = values.to as string | undefined;
    if (!url || !/^postgres(ql)?:\/\//.test(url))
      throw new CliError("move-to-postgres needs --to postgres://… (an empty database).");
    if (config.databaseUrl)
      throw new CliError("move-to-postgres reads the SQLite database in DATA_DIR: run it without DATABASE_URL set.");
    let report;
    try {
      report = await moveToPostgres({
        dataDir: config.dataDir,
        url,
        async beforeCommit(db, copied) {
          // The chain must arrive whole; the move's own entry then extends it.
          const check = await verifyAuditChain(db);
          if (!check.ok)
            throw new MoveError(
              `the audit chain is broken at entry ${check.broken.id} (${check.broken.reason}): ` +
                "run `audit verify` on SQLite and look into it before moving",
            );
          const rows = copied.tables.reduce((sum, [, n]) => sum + n, 0);
          await appendAudit(
            db,
            {
              operator: cliOperator(env),
              action: "move to postgres",
              subject: "from SQLite",
              detail: `${copied.tables.length} tables, ${rows} rows, schema ${copied.schemaVersion}; audit head ${check.head ?? "none"}`,
            },
            io.now(),
          );
          if (!(await verifyAuditChain(db)).ok) throw new MoveError("the audit chain does not verify after the move");
        },
      });
    } catch (error) {
      if (error instanceof MoveError) throw new CliError(`nothing was moved: ${error.message}`);
      throw error;
    }
    const width = Math.max(...report.tables.map(([t]) => t.length));
    for (const [table, rows] of report.tables) print(`${table.padEnd(width)}  ${rows}`);
    const total = report.tables.reduce((sum, [, n]) => sum + n, 0);
    print(`copied ${total} rows in ${report.tables.length} tables; the audit chain verifies on PostgreSQL`);
    print("next: set DATABASE_URL to the new database and restart the server (docs/runbook.md)");
    return 0;
  },
});
