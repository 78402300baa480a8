/**
 * What a command of the operators' command line is: its usage lines, its options, its audit
 * decisions and its run function. The table of them is commands/index.ts; runCli (index.ts)
 * parses the arguments, opens the database and hands each command this context.
 */
import fs from "node:fs";
import os from "node:os";
import type { ParseArgsOptionsConfig } from "node:util";
import type { Writable } from "node:stream";
import type { AuditAction, AuditEntry } from "../console/audit";
import type { Config } from "../config";
import type { Storage } from "../db/db";

/** A mistake in the command line: printed to the operator without a stack, exit code 2. */
export class CliError extends Error {}

export interface CliIo {
  out: Writable;
  err: Writable;
  now: () => Date;
}

/** Parsed option values, as node:util parseArgs gives them for `options`. */
export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CliContext<Audited extends string> {
  storage: Storage;
  config: Config;
  env: NodeJS.ProcessEnv;
  /** out and err already pass through terminal-text (runCli wraps them). */
  io: CliIo;
  /** One line to out. */
  print: (line: string) => void;
  positionals: string[];
  values: OptionValues;
  /** Appends this command's audit entry: only an action the command declares in `audited`. */
  audit: (command: Audited, entry?: Omit<AuditEntry, "action" | "staff" | "operator">) => Promise<void>;
}

export interface CliCommand<Audited extends string = string> {
  /** The word after `npm run admin --`. */
  name: string;
  /** Its lines in the usage text, as printed (two spaces in, the description from column 34). */
  usage: string;
  options: ParseArgsOptionsConfig;
  /**
   * Every way of running it that reads or changes personal data, with the action its entry
   * records ("outbox --retry": "retry"); cli/audit.ts gathers them.
   */
  audited: Record<Audited, AuditAction>;
  /** The ways of running it that leave no entry, and why. */
  notAudited: Record<string, string>;
  /**
   * "own": runCli opens no database for it, because opening one runs the migrations: `restore`
   * must find its target as it is, `move-to-postgres` reads SQLite without writing. Its context's
   * `storage` and `audit` throw; it appends its entry to the database it writes
   * (`auditedInTarget`).
   */
  database?: "own";
  /** Ways of running it whose entry goes into the database it writes, with the action recorded. */
  auditedInTarget?: Record<string, AuditAction>;
  run: (ctx: CliContext<Audited>) => Promise<number>;
}

/** Declares a command; the literal types of its decisions are kept for cli/audit.ts. */
export function command<const Audited extends string, const NotAudited extends Record<string, string>>(
  c: Omit<CliCommand<Audited>, "notAudited"> & { notAudited: NotAudited },
): Omit<CliCommand<Audited>, "notAudited"> & { notAudited: NotAudited } {
  return c;
}

import { submissionKinds as kinds } from "../../contracts/submission-kinds";

export { kinds };

export function parseDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new CliError(`Not a date: "${value}". Use YYYY-MM-DD.`);
  }
  return date;
}

export function parseKind(value: string | undefined): (typeof kinds)[number] | undefined {
  if (value === undefined) return undefined;
  if (!(kinds as readonly string[]).includes(value))
    throw new CliError(`Unknown kind "${value}": use ${kinds.join(", ")}.`);
  return value as (typeof kinds)[number];
}

export function isDirectory(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * Opens a file the CLI writes for personal data so that only the operator's user may read it:
 * an existing file is narrowed to 0600 before anything is written (the mode given to open only
 * applies to a new file), and a symbolic link is refused rather than followed.
 */
export function openPrivateFile(file: string): number {
  const { O_WRONLY, O_CREAT, O_TRUNC, O_NOFOLLOW } = fs.constants;
  let fd: number;
  try {
    fd = fs.openSync(file, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      throw new CliError(`${file} is a symbolic link: give the path of a file.`);
    throw error;
  }
  fs.fchmodSync(fd, 0o600);
  return fd;
}

/** Files the CLI writes hold personal data: only the operator's user may read them. */
export function privateWriteStream(file: string) {
  return fs.createWriteStream(file, { fd: openPrivateFile(file) });
}

/** The list and export filters in words: kind, date and spam only (never a name or address). */
export function describeFilter(v: { kind?: string; since?: string; spam?: boolean }): string {
  const parts = [v.kind ? `kind ${v.kind}` : "every kind"];
  if (v.since) parts.push(`since ${v.since}`);
  if (v.spam) parts.push("spam only");
  return parts.join(", ");
}

/** The filter options of `list` and `export`. */
export const filterOptions = {
  kind: { type: "string" },
  since: { type: "string" },
  spam: { type: "boolean" },
} as const satisfies ParseArgsOptionsConfig;

/** The list/export filter from the options: today's rules for kind and date. */
export function filterOf(values: OptionValues) {
  return {
    kind: parseKind(values.kind as string | undefined),
    since: parseDate(values.since as string | undefined),
    spam: values.spam ? (true as const) : undefined,
  };
}

/** The CLI as operator: `cli:` and the OS account (the one behind sudo when run with sudo). */
export function cliOperator(env: NodeJS.ProcessEnv): string {
  return `cli:${env.SUDO_USER || os.userInfo().username}`;
}
