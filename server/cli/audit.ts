/**
 * The CLI and the audit log: which commands leave an entry, who the operator is, and
 * `npm run admin -- audit verify`, which walks the log's hash chain (admin/audit-chain.ts).
 */
import os from "node:os";
import type { Kysely } from "kysely";
import { type AuditAction, type AuditEntry, appendAudit, verifyAuditChain } from "../admin/audit";
import type { Database } from "../storage/schema";

export const auditUsage = `  audit verify                   checks the audit log's hash chain: "ok, N entries", or the
                                 first entry edited or removed (exit code 3)
`;

/**
 * Every command that reads or changes personal data, with the action its entry records. The
 * test runs each through runCli() from this table, and checks that every command in the usage
 * text is here or in `notAudited`.
 */
export const auditedCommands = {
  list: "list",
  show: "view",
  export: "export",
  resume: "resume download",
  select: "select",
  erase: "erasure",
  copy: "copy",
  purge: "purge",
  outbox: "list",
  "outbox --retry": "retry",
  invite: "invitation",
  "spam list": "list",
  "spam show": "view",
  "spam release": "release",
  "spam delete": "delete",
} as const satisfies Record<string, AuditAction>;
export type AuditedCommand = keyof typeof auditedCommands;

/** Commands that leave no entry, and why. */
export const notAudited = {
  help: "prints the usage text",
  stats: "counts without personal data",
  "spam log": "ids, kinds and application numbers of releases and deletes only",
  "audit verify": "reads the audit log, which holds no personal data of the people who wrote in",
  "purge --dry-run": "changes nothing",
} as const satisfies Record<string, string>;

/** The CLI as operator: `cli:` and the OS account (the one behind sudo when run with sudo). */
export function cliOperator(env: NodeJS.ProcessEnv): string {
  return `cli:${env.SUDO_USER || os.userInfo().username}`;
}

export type CliAudit = (
  command: AuditedCommand,
  entry?: Omit<AuditEntry, "action" | "staff" | "operator">,
) => Promise<void>;

/** An appender bound to this run's database, operator and clock. */
export function cliAudit(db: Kysely<Database>, env: NodeJS.ProcessEnv, now: () => Date): CliAudit {
  const operator = cliOperator(env);
  return (command, entry = {}) => appendAudit(db, { ...entry, operator, action: auditedCommands[command] }, now());
}

export class AuditCliError extends Error {}

export async function auditCommand(db: Kysely<Database>, args: string[], print: (s: string) => void) {
  if (args[0] !== "verify") throw new AuditCliError(`Unknown audit command "${args[0] ?? ""}": use verify.`);
  const check = await verifyAuditChain(db);
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
}

export { subjectOf } from "../admin/submission-routes";

/** The submissions held for one address, read before an erasure so its entry can name them. */
export function submissionsOf(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  return db
    .selectFrom("submissions")
    .select(["id", "kind", "reference"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
    .orderBy("id")
    .execute();
}

/** The list and export filters in words: kind, date and spam only (never a name or address). */
export function describeFilter(v: { kind?: string; since?: string; spam?: boolean }): string {
  const parts = [v.kind ? `kind ${v.kind}` : "every kind"];
  if (v.since) parts.push(`since ${v.since}`);
  if (v.spam) parts.push("spam only");
  return parts.join(", ");
}
