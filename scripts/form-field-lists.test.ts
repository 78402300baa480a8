/**
 * Each form's field list is written in one place, its definition (contracts/forms/): no other
 * file's code lists three or more fields of one form. The check reads the fields from the
 * definitions and the files from git, so a new field or file is covered without editing this test.
 */
import { describe, expect, it } from "vitest";
import { contactForm, formDefinitions } from "../contracts/forms/index";
import { fieldListsIn, fieldListsInRepository } from "./form-field-lists";

describe("form field lists", () => {
  it("are written only in the form definitions", () => {
    expect(fieldListsInRepository()).toEqual([]);
  });

  it("are found as a column list, a payload, a type or a form's JSX", () => {
    const [first, last, , , reason] = contactForm.fields.map((f) => ("column" in f ? f.column : f.name));
    const names = contactForm.fields.map((f) => f.name);
    const samples = {
      "columns.ts": `export const columns = ["${first}", "${last}", "${reason}"];`,
      "payload.ts": `export const payload = (s: Row) => ({ a: s.${first}, b: s.${last}, c: s.${reason} });`,
      "row.ts": `export interface Row { ${first}: string; ${last}: string; ${reason}: string | null }`,
      "form.tsx": `export const F = () => <form>${names
        .slice(0, 3)
        .map((n) => `<input name="${n}" />`)
        .join("")}</form>;`,
    };
    for (const [file, source] of Object.entries(samples)) {
      expect(
        fieldListsIn(file, source, formDefinitions).map((l) => l.kind),
        file,
      ).toContain("contact");
    }
  });

  it("are not found in prose, or in names that merely share a file", () => {
    const source = [
      "// first_name, last_name and reason are the contact form's",
      "export const refusal = { reason: 'unknown passkey' };",
      "export const fail = (error: Error) => ({ message: error.message });",
      "export const to = (staff: { email: string }) => staff.email;",
    ].join("\n");
    expect(fieldListsIn("mixed.ts", source, formDefinitions)).toEqual([]);
  });
});
