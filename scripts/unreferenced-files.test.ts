import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { unreferencedFiles } from "./unreferenced-files";

let dir: string;

function write(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "unreferenced-"));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test("keeps what a page reaches, directly or through a chunk or stylesheet, and names the rest", () => {
  const client = write({
    "index.html": '<link href="/assets/root-A1.css"><script type="x">import "/assets/islands-B2.js";</script>',
    "about/index.html": "<p>no scripts</p>",
    "robots.txt": "User-agent: *",
    "assets/root-A1.css": "@font-face{src:url(/assets/inter-C3.woff2)}",
    "assets/inter-C3.woff2": "\u0000binary",
    "assets/islands-B2.js": 'import("./island-menu-D4.js")',
    "assets/island-menu-D4.js": "export default 1",
    "assets/entry.client-E5.js": 'import "./home-F6.js"',
    "assets/entry.client-E5.js.br": "x",
    "assets/entry.client-E5.js.gz": "x",
    "assets/home-F6.js": "export {}",
    "about.data": "[]",
    "index.html.gz": "x",
  });
  expect(unreferencedFiles(client)).toEqual([
    "about.data",
    "assets/entry.client-E5.js",
    "assets/entry.client-E5.js.br",
    "assets/entry.client-E5.js.gz",
    "assets/home-F6.js",
  ]);
});

test("a compressed copy whose file is gone counts as unreferenced", () => {
  const client = write({ "index.html": "<p>page</p>", "assets/old-Z9.js.gz": "x" });
  expect(unreferencedFiles(client)).toEqual(["assets/old-Z9.js.gz"]);
});

test("keeps a file the server reads though no page links it, and what it refers to", () => {
  const client = write({
    "index.html": "<style>p{margin:0}</style>",
    "assets/root-A1.css": "@font-face{src:url(/assets/inter-C3.woff2)}",
    "assets/inter-C3.woff2": "\u0000binary",
    "assets/old-Z9.js": "export {}",
  });
  expect(unreferencedFiles(client)).toEqual(["assets/inter-C3.woff2", "assets/old-Z9.js", "assets/root-A1.css"]);
  expect(unreferencedFiles(client, ["assets/root-A1.css"])).toEqual(["assets/old-Z9.js"]);
});
