/**
 * The CLI and the audit log: which commands leave an entry, gathered from each command's own
 * decisions in the command table (commands/index.ts), and the appender runCli gives them.
 */
import type { Kysely } from "kysely";
import { type AuditAction, appendAudit } from "../console/audit";
import type { Database } from "../db/schema";
import { cliOperator, type CliContext } from "./command";
import { commands } from "./commands";

export { cliOperator } from "./command";

type Command = (typeof commands)[number];
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never;

/**
 * Every command that reads or changes personal data, with the action its entry records. The
 * test runs each through runCli() from this table, and checks that every command in the usage
 * text is here or in `notAudited`.
 */
export const auditedCommands = Object.assign({}, ...commands.map((c) => c.audited)) as Merged<Command["audited"]>;
export type AuditedCommand = keyof typeof auditedCommands;

/**
 * Commands whose entry goes into the database they write (`restore`, `move-to-postgres`), with
 * the action recorded; their own suites check the entry.
 */
export const auditedInTarget = Object.assign(
  {},
  ...commands.map((c) => ("auditedInTarget" in c ? c.auditedInTarget : {})),
) as Record<string, AuditAction>;

/** Commands that leave no entry, and why. */
export const notAudited = Object.assign({ help: "prints the usage text" }, ...commands.map((c) => c.notAudited)) as {
  help: string;
} & Merged<Command["notAudited"]>;

export type CliAudit = CliContext<AuditedCommand>["audit"];

/** An appender bound to this run's database, operator and clock. */
export function cliAudit(db: Kysely<Database>, env: NodeJS.ProcessEnv, now: () => Date): CliAudit {
  const operator = cliOperator(env);
  return (command, entry = {}) =>
    appendAudit(db, { ...entry, operator, action: (auditedCommands as Record<string, AuditAction>)[command]! }, now());
}
