import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");
const docs = path.join(root, "docs");
const markdownFiles = [
  "README.md",
  ...fs
    .readdirSync(docs, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchorsIn(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Links written as [text](target), outside code blocks and code spans. */
function linksIn(file: string): string[] {
  const text = fs
    .readFileSync(path.join(root, file), "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe("the README and the docs", () => {
  it("the README stays a short front page (at most 120 lines)", () => {
    const lines = fs.readFileSync(path.join(root, "README.md"), "utf8").trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(120);
  });

  it("the README links every manual in docs/", () => {
    const links = new Set(linksIn("README.md"));
    const manuals = fs.readdirSync(docs).filter((name) => name.endsWith(".md"));
    expect(manuals.length).toBeGreaterThan(0);
    for (const manual of manuals) expect(links, manual).toContain(`docs/${manual}`);
  });

  it.each(markdownFiles)("every link in %s resolves", (file) => {
    for (const link of linksIn(file)) {
      if (/^(https?:|mailto:)/.test(link)) continue;
      const [target, anchor] = link.split("#") as [string, string | undefined];
      const resolved =
        target === "" ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), target);
      expect(fs.existsSync(resolved), `${file}: ${link}`).toBe(true);
      if (anchor) expect(anchorsIn(resolved), `${file}: ${link}`).toContain(anchor);
    }
  });
});
