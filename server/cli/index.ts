/**
 * The operators' command line: `npm run admin -- <command> [options]`. Works against the same
 * database as the server (DATABASE_URL, else DATA_DIR/site.db). Each command is a module in
 * commands/ (the table is commands/index.ts); this file parses, opens the database and dispatches.
 */
// First: refuses an unsupported Node before any dependency loads.
import "../node-version";
import { pathToFileURL } from "node:url";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { loadConfig } from "../config";
import { loadEnvFileIfPresent } from "../env-file";
import { openStorage, type Storage } from "../db/db";
import { cliAudit } from "./audit";
import { CliError, type CliCommand, type CliContext, type CliIo } from "./command";
import { commands } from "./commands";
import { terminalStream, terminalText } from "./terminal-text";

export { CliError, type CliIo } from "./command";

export const usage = `Usage: npm run admin -- <command> [options]

Commands:
${commands.map((c) => c.usage).join("")}  help                           this text
`;

/**
 * Every command's options, parsed for whichever command runs (an option of another command is
 * accepted and left unused, as it always was).
 */
const options: ParseArgsOptionsConfig = {};
for (const c of commands) {
  for (const [name, option] of Object.entries(c.options)) {
    // Shared by name, so two commands must mean the same by an option (`--out` is a path in each).
    if (options[name] && JSON.stringify(options[name]) !== JSON.stringify(option))
      throw new Error(`--${name} of "${c.name}" differs from another command's --${name}.`);
    options[name] = option;
  }
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv, terminal: CliIo): Promise<number> {
  // Every print, the usage, an export to stdout and the messages: stored text cannot drive the
  // operator's terminal (terminal-text.ts).
  const io = { ...terminal, out: terminalStream(terminal.out), err: terminalStream(terminal.err) };
  const print = (s: string) => io.out.write(`${s}\n`);
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    io.out.write(usage);
    return name ? 0 : 1;
  }
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options });
  const config = loadConfig(env);
  const command = commands.find((c) => c.name === name) as CliCommand | undefined;
  if (!command) throw new CliError(`Unknown command "${name}".\n\n${usage}`);
  const storage =
    command.database === "own"
      ? undefined
      : await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const ctx: CliContext<string> = {
      storage: storage ?? unopened<Storage>(command.name),
      config,
      env,
      io,
      print,
      positionals,
      values,
      // Every command that reads or changes personal data leaves an entry (cli/audit.ts).
      audit: storage
        ? (cliAudit(storage.db, env, io.now) as CliContext<string>["audit"])
        : unopened<CliContext<string>["audit"]>(command.name),
    };
    return await command.run(ctx);
  } finally {
    await storage?.close();
  }
}

/** Stands in for the database a command with `database: "own"` opens itself. */
function unopened<T extends object>(name: string): T {
  const fail = () => {
    throw new Error(`"${name}" opens its own database: runCli opened none.`);
  };
  return new Proxy((() => {}) as unknown as T, { get: fail, apply: fail });
}

// Run when called as a program (not when imported by tests).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadEnvFileIfPresent();
  runCli(process.argv.slice(2), process.env, { out: process.stdout, err: process.stderr, now: () => new Date() })
    .then((code) => process.exit(code))
    .catch((error) => {
      const known = error instanceof CliError;
      process.stderr.write(`${terminalText(known ? error.message : String(error))}\n`);
      process.exit(known ? 2 : 1);
    });
}
