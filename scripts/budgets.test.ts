import { describe, expect, it } from "vitest";
import { breaches, budgets, type RouteBytes } from "./budgets";

/** A route within every budget, to change one figure at a time. */
const within: RouteBytes = {
  route: "/contact",
  html: 10_000,
  js: 15_000,
  form: 6_000,
  submit: 40_000,
  formTotal: 46_000,
  css: 20_000,
  later: 4_000,
  largestImage: 30_000,
  images: 30_000,
  fonts: 40_000,
};

describe("the byte budgets", () => {
  it("pass a route within every budget", () => {
    expect(breaches(within)).toEqual([]);
  });

  it("count a form's first-use code and its first submit together against the form budget", () => {
    // Each part alone is under 60 KB; together they are not.
    const form = 10 * 1024;
    const submit = budgets.form - form + 1;
    const row = { ...within, form, submit, formTotal: form + submit };
    expect(breaches(row)).toEqual([
      `/contact: form JS ${budgets.form + 1} B (first use and first submit) > ${budgets.form}`,
    ]);
  });

  it("fail a page's scripts before interaction over 20 KB", () => {
    expect(breaches({ ...within, js: budgets.js + 1 })).toHaveLength(1);
  });
});
