import fs from "node:fs";
import { expect, it } from "vitest";
import { iconNames } from "../app/components/icon/names";
import { iconSprite, spritePath } from "./icon-sprite";

it("the committed icon sprite is the one the icon table makes (npm run icons)", () => {
  expect(fs.readFileSync(spritePath, "utf8")).toBe(iconSprite());
});

it("the sprite has exactly one drawing per icon name", () => {
  const ids = [...iconSprite().matchAll(/<symbol id="([^"]+)" viewBox="0 0 \d+ \d+">/g)].map((m) => m[1]);
  expect(ids).toEqual([...iconNames]);
});
