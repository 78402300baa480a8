/**
 * Runs PostgreSQL's own pg_dump and pg_restore for backups (docs/decisions/050). The password
 * goes to the tool in PGPASSWORD, never on its command line, where `ps` would show it to every
 * user of the machine.
 */
import { spawn } from "node:child_process";
import path from "node:path";

/** The tool in PG_BIN when set, else the one on PATH (Debian's wrapper picks the newest). */
export function pgTool(name: "pg_dump" | "pg_restore", pgBin: string | undefined): string {
  return pgBin ? path.join(pgBin, name) : name;
}

/** The connection without its password, and the environment that carries the password. */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs the tool to completion; its error output (never the password) names a failure. */
export function runPgTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const { dbname, env } = pgConnection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT"
            ? `${tool} was not found: install PostgreSQL's client tools or set PG_BIN to their folder`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
