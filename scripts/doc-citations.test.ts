/**
 * Docs that stay true (issue 39): every repository path the README, docs/*.md and the decision
 * records cite exists. A citation is a backticked path under one of the repository's top-level
 * folders (`server/retention/retention.ts`, `tests/console/`, a glob or a `<name>` part matching at
 * least one entry; `:12` or `#anchor` after it ignored) or a Markdown link to a local file.
 *
 * A decision record tells what was decided then, so it may name a file a later change removed,
 * but only says so: the path is followed by "(removed" or comes after "moved from" / "renamed
 * from". The README and docs/*.md describe the code as it is and must cite only what exists.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(".");
const folders = ["app", "console", "contracts", "docs", "public", "scripts", "server", "tests", ".ci"];
const presentTense = ["README.md", ...mdIn("docs")];
const records = mdIn("docs/decisions");

function mdIn(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `${dir}/${f}`);
}

const backticked = new RegExp(`\`((?:${folders.map((f) => f.replace(".", "\\.")).join("|")})/[^\`\\s]*)\``, "g");
const localLink = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/**
 * Whether a repository path exists. A `*` or `**` is a glob, and a `<name>` part (as in
 * `console/src/features/<area>/`) stands for any one entry: either must match at least one.
 */
function exists(cited: string): boolean {
  const p = cited
    .replace(/[:#].*$/, "")
    .replace(/[.,;]$/, "")
    .replace(/<[^>/]+>/g, "*")
    .replace(/\/$/, "");
  if (!p.includes("*")) return fs.existsSync(path.join(root, p));
  return fs.globSync(p, { cwd: root }).length > 0;
}

interface Citation {
  file: string;
  line: number;
  path: string;
  /** Marked as no longer there: "(removed" after it, "moved from" or "renamed from" before it. */
  markedGone: boolean;
}

function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(backticked)) {
      const before = line.slice(0, m.index);
      const after = line.slice(m.index + m[0].length);
      found.push({
        file,
        line: i + 1,
        path: m[1]!,
        markedGone: /^\s*\(removed/.test(after) || /\b(moved|renamed) from\s*$/.test(before),
      });
    }
    for (const m of line.matchAll(localLink)) {
      const target = m[1]!;
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith("/")) continue; // a web address or a site path
      const p = path.relative(root, path.resolve(root, path.dirname(file), decodeURI(target)));
      found.push({ file, line: i + 1, path: p, markedGone: false });
    }
  });
  return found;
}

const missing = (files: string[], allowMarked: boolean) =>
  files
    .flatMap((f) => citationsIn(f, fs.readFileSync(path.join(root, f), "utf8")))
    .filter((c) => !(allowMarked && c.markedGone) && !exists(c.path))
    .map((c) => `${c.file}:${c.line} cites ${c.path}`);

describe("the docs cite only paths that exist", () => {
  it("finds the citations it checks: backticked paths, globs and local links", () => {
    const sample = [
      "See `server/retention/retention.ts:12` and `public/images/case-*.svg`, [the template](decisions/000-template.md).",
      "Not `npm run build`, not [a page](https://example.com/x) or [a site path](/privacy-policy/).",
      "`server/cli/csv.ts` (removed in 029); moved from `server/old.ts`.",
    ].join("\n");
    const found = citationsIn("docs/example.md", sample);
    expect(found.map((c) => [c.path, c.markedGone])).toEqual([
      ["server/retention/retention.ts:12", false],
      ["public/images/case-*.svg", false],
      ["docs/decisions/000-template.md", false],
      ["server/cli/csv.ts", true],
      ["server/old.ts", true],
    ]);
    expect(found.filter((c) => !exists(c.path)).map((c) => c.path)).toEqual(["server/cli/csv.ts", "server/old.ts"]);
    expect(exists("public/images/nothing-*.svg")).toBe(false);
  });

  it("README.md and docs/*.md: every cited path exists", () => {
    expect(missing(presentTense, false)).toEqual([]);
  });

  it("docs/decisions/*.md: every cited path exists, or is marked as removed since", () => {
    expect(missing(records, true)).toEqual([]);
  });
});
