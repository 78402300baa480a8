/**
 * ESLint rule: no import cycle, type imports counted (see eslint.config.js). import-x/no-cycle
 * skips `import type` and has no option to count it, so a cycle held together by types alone
 * passed lint (db.ts -> migrations.ts -> job-roles.ts -> db.ts did). This rule follows every
 * static import and re-export, type-only ones included, and dynamic imports of a literal path.
 * It resolves relative paths and the site's `~/` alias (app/); packages are not followed.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const appDir = path.join(root, "app");
const extensions = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** A file's imports, resolved, cached while the file is unchanged (one lint reads each once). */
const importsOf = new Map();

function resolve(from, spec) {
  const base = spec.startsWith("~/")
    ? path.join(appDir, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : undefined;
  if (!base) return undefined;
  const bare = base.replace(/\.js$/, "");
  for (const candidate of [...extensions.map((x) => base + x), bare + ".ts", bare + ".tsx"]) {
    if (/\.(ts|tsx|js|mjs)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  }
  return undefined;
}

function dependencies(file) {
  let stamp;
  try {
    stamp = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsOf.get(file);
  if (cached && cached.stamp === stamp) return cached.deps;
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const deps = [...new Set(info.importedFiles.map((f) => resolve(file, f.fileName)).filter(Boolean))];
  importsOf.set(file, { stamp, deps });
  return deps;
}

/** The path from `start` back to `target`, if there is one (breadth first: the shortest). */
function routeBack(start, target) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const dep of dependencies(file)) {
      if (dep === target) {
        const route = [file];
        for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      if (!cameFrom.has(dep)) {
        cameFrom.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return undefined;
}

export const noCycleWithTypes = {
  meta: {
    type: "problem",
    schema: [],
    messages: { cycle: "Import cycle (type imports counted): {{route}}." },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const check = (node) => {
      const spec = node.source?.type === "Literal" ? node.source.value : undefined;
      if (typeof spec !== "string") return;
      const target = resolve(filename, spec);
      if (!target || target === filename) return;
      const route = routeBack(target, filename);
      if (!route) return;
      const names = [filename, ...route, filename].map((f) => path.relative(root, f));
      context.report({ node, messageId: "cycle", data: { route: names.join(" -> ") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
