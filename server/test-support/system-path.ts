import fs from "node:fs";
import path from "node:path";

/**
 * PATH as a shell outside npm has it: without the `node_modules/.bin` folders npm and npx put
 * first (where the project's Node 24 lives), so `node` and `npm` are the system's.
 */
export function systemPath(): string {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir && !dir.split(path.sep).join("/").endsWith("node_modules/.bin"))
    .join(path.delimiter);
}

/** The system's `node` binary (first on `systemPath()`). */
export function systemNode(): string {
  for (const dir of systemPath().split(path.delimiter)) {
    const candidate = path.join(dir, "node");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  throw new Error(`no node on the system PATH (${systemPath()})`);
}
