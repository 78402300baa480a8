import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Runs the checker (one JVM) on a folder holding the given pages. */
function check(pages: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  dirs.push(dir);
  for (const [name, html] of Object.entries(pages)) fs.writeFileSync(path.join(dir, name), html);
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/validate-html.ts", dir], { encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Office</title>${head}</head><body>${body}</body></html>`;

describe("validate-html", () => {
  it("passes valid pages, setting aside only the CSS features the checker's grammar lacks", () => {
    const { status, out } = check({
      "a.html": page(
        "<style>.t{anchor-name:--a}.m{position-anchor:--a;top:anchor(bottom);left:anchor(left)}.f{interpolate-size:allow-keywords;transition:content-visibility .3s allow-discrete}</style>",
        "<h1>Office</h1><address>1 Quay Street</address>",
      ),
    });
    expect(out).toContain("vnu: 1 HTML files, 0 errors");
    expect(status).toBe(0);
  }, 60_000);

  it("fails on an HTML error and on any other CSS error, naming the file", () => {
    const { status, out } = check({
      "bad.html": page("<style>.x{colour:red}</style>", "<h1>Office</h1><address><h2>Dublin</h2></address>"),
    });
    expect(out).toMatch(/"bad\.html".*“h2” must not appear as a descendant of the “address” element/);
    expect(out).toMatch(/"bad\.html".*CSS: “colour”/);
    expect(out).toContain("vnu: 1 HTML files, 2 errors");
    expect(status).toBe(1);
  }, 60_000);
});
