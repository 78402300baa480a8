import { describe, expect, it } from "vitest";
import { emailColumn, emailField, emailOf } from "./address";
import { formDefinitions } from "./index";

describe("the submitter's address", () => {
  it.each(Object.values(formDefinitions))("is a field of the $kind form, stored in one column", (form) => {
    expect(emailField(form).input).toBe("email");
    expect(emailColumn(form)).toBe(emailColumn(formDefinitions.contact));
  });

  it("is read from a stored row by the form's column", () => {
    const form = formDefinitions.feedback;
    expect(emailOf(form, { [emailColumn(form)]: "grace@example.com" })).toBe("grace@example.com");
    expect(emailOf(form, {})).toBe("");
  });

  it("is missing from no form: a form without one is refused at once", () => {
    const form = {
      ...formDefinitions.contact,
      fields: formDefinitions.contact.fields.filter((f) => f.input !== "email"),
    };
    expect(() => emailField(form)).toThrow(/no e-mail field/);
  });
});
