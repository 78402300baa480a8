import fs from "node:fs";
import { expect, it } from "vitest";
import { contactPage } from "../app/content/company-pages";
import { mapSvgPath, officesModule, officesModulePath, worldMapSvg } from "./world-map";

it("the committed world map and office pins are the ones the map data makes (npm run world-map)", () => {
  expect(fs.readFileSync(mapSvgPath, "utf8")).toBe(worldMapSvg());
  expect(fs.readFileSync(officesModulePath, "utf8")).toBe(officesModule());
});

it("every office has a pin inside the map, and the map is a small static image", () => {
  const pins = [...officesModule().matchAll(/x: ([\d.]+), y: ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(pins).toHaveLength(contactPage.offices.length);
  for (const [x, y] of pins) {
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(1000);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(440);
  }
  expect(Buffer.byteLength(worldMapSvg())).toBeLessThan(40_000);
});
