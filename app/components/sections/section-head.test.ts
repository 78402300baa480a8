import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Decision 042: every section head is drawn by SectionHead, so its one alignment rule holds
 * everywhere. A head written by hand (a `section-title` heading, a `section-head` wrapper) slips
 * past that rule, as the careers pages' did; this finds one in any component or route.
 */
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const owner = path.join("components", "sections", "section-head.tsx");
const handWritten = /className=["{`][^>]*\bsection-(title|head)\b/;

describe("SectionHead", () => {
  it("is the only component that writes a section head's markup", () => {
    const files = fs
      .globSync("**/*.tsx", { cwd: appDir })
      .filter((file) => file !== owner && !file.endsWith(".test.tsx"));
    // The walk saw the routes and components that use SectionHead.
    expect(files.length).toBeGreaterThan(20);
    const byHand = files.filter((file) => handWritten.test(fs.readFileSync(path.join(appDir, file), "utf8")));
    expect(byHand).toEqual([]);
  });

  it("recognises a head written by hand", () => {
    expect(handWritten.test('<h2 id="x" className="section-title text-center">')).toBe(true);
    expect(handWritten.test('<div className="section-head section-head--start">')).toBe(true);
    expect(handWritten.test("<div className={`section-head ${x}`}>")).toBe(true);
    expect(handWritten.test('<p className="section-lead">')).toBe(false);
  });
});
