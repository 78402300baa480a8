import fs from "node:fs";
import { expect, it } from "vitest";
import { simpleIconMarks } from "../app/components/icon/tech-marks-data";
import { marksPath, techMarksModule } from "./tech-marks";

it("the committed technology marks are the ones simple-icons draws today (npm run marks)", async () => {
  expect(fs.readFileSync(marksPath, "utf8")).toBe(await techMarksModule());
});

it("every mark is a single 24 x 24 path in its brand's colour", () => {
  for (const [name, mark] of Object.entries(simpleIconMarks)) {
    expect(mark.hex, name).toMatch(/^#[0-9A-F]{6}$/);
    expect(mark.path, name).toMatch(/^M[\d.\s,a-zA-Z-]+$/);
  }
});
