/**
 * Issue 39: no file under console/src/features is over 250 lines; a page that grows past it is
 * split into named parts beside it. The files are read from the folder, so a new one is counted too.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const features = path.resolve(import.meta.dirname, "../console/src/features");
const most = 250;

/** Every source file under the folder, with its path relative to the repository. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(folder, name));
}

/** Lines as `wc -l` counts them in a file that ends with a newline. */
function lineCount(file: string): number {
  return readFileSync(file, "utf8").replace(/\n$/, "").split("\n").length;
}

describe("the console's feature files", () => {
  it("are found in the folder", () => {
    expect(sourceFiles(features).length).toBeGreaterThan(40);
  });

  it(`are each ${most} lines or fewer`, () => {
    const over = sourceFiles(features)
      .map((file) => ({ file: path.relative(path.resolve(features, "../../.."), file), lines: lineCount(file) }))
      .filter(({ lines }) => lines > most);
    expect(over).toEqual([]);
  });
});
