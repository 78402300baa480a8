/**
 * `npm start`: builds the site and the server when there is no build or a source file is newer
 * than it, then runs the server's bundle (build/server/index.js), as production does. Plain
 * Node runs this file (its TypeScript is erasable), so starting needs no TypeScript loader.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const stamp = path.resolve("build/client/index.html");
const server = path.resolve("build/server/index.js");
const sources = ["app", "contracts", "server", "package.json", "react-router.config.ts", "vite.config.ts"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((e) => newestMtime(path.join(p, e))));
}

const built =
  fs.existsSync(stamp) && fs.existsSync(server) ? Math.min(fs.statSync(stamp).mtimeMs, fs.statSync(server).mtimeMs) : 0;
if (built === 0 || sources.some((s) => newestMtime(s) > built)) {
  console.log(built === 0 ? "No build found: building the site..." : "Sources changed: rebuilding the site...");
  execSync("npm run build", { stdio: "inherit" });
}
await import(pathToFileURL(server).href);
