import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.join(import.meta.dirname, "..", "docs", "decisions");
const records = fs.readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith("000-"));

describe("decision records", () => {
  it("are found", () => expect(records.length).toBeGreaterThan(0));

  it.each(records)("%s has its number in its title, a Date and a Status", (name) => {
    const text = fs.readFileSync(path.join(folder, name), "utf8");
    const [title, , date, status] = text.split("\n");
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
    expect(date).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^- Status: (proposed|accepted|superseded by \d{3})/);
  });

  it("each number is used once", () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
