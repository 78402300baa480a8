/**
 * Compiles the server and the operator CLI into build/server/, beside the site's server build (esbuild, already installed with
 * Vite), so production runs them with `node` alone: no TypeScript loader at run time
 * (docs/decisions/049). Packages stay external: they load from node_modules as before, native
 * ones (better-sqlite3) included. node-version.js stays a file of its own, imported first, so
 * an old Node is refused before any package loads.
 */
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

const outdir = path.resolve("build/server");
// Beside React Router's server build of the site (build/server/site.js), which stays.
for (const name of ["index", "cli", "node-version"])
  for (const file of [`${name}.js`, `${name}.js.map`]) fs.rmSync(path.join(outdir, file), { force: true });

const started = Date.now();
await build({
  entryPoints: { index: "server/index.ts", cli: "server/cli/index.ts", "node-version": "server/node-version.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: "linked",
  // Real names in stack traces and logs.
  minify: false,
  logLevel: "warning",
  plugins: [
    {
      name: "node-version-first",
      setup(b) {
        // Kept as an import of its own output, which ES modules evaluate before anything after it.
        b.onResolve({ filter: /(^|\/)node-version$/ }, (args) =>
          args.importer.endsWith(path.join("server", "node-version.ts"))
            ? undefined
            : { path: "./node-version.js", external: true },
        );
      },
    },
  ],
});
const size = (name: string) => `${(fs.statSync(path.join(outdir, name)).size / 1024).toFixed(0)} KiB`;
console.log(`build/server: index.js ${size("index.js")}, cli.js ${size("cli.js")} in ${Date.now() - started} ms`);
