import { describe, expect, it } from "vitest";
import { firstDecisionTemplates } from "./decision-templates";
import { renderDecision, templateProblem } from "./decision-text";

const values = { firstName: "Priya", role: "Senior DevOps Engineer", reference: "APP-2026-000123", personalLine: "" };

describe("decision e-mail templates", () => {
  it("accept the first versions", () => {
    for (const t of firstDecisionTemplates) expect(templateProblem(t.subject, t.body), t.status).toBeUndefined();
  });

  it("refuse an unknown field by name, a personal line in the subject, a stray brace and a missing or repeated line", () => {
    const body = "Dear {{firstName}},\n\n{{personalLine}}";
    expect(templateProblem("Hi", "Pay: {{salary}}\n\n{{personalLine}}")).toMatch(
      /^Unknown field \{\{salary\}\} in the text/,
    );
    expect(templateProblem("{{ firstName }}", body)).toMatch(/Unknown field \{\{ firstName \}\} in the subject/);
    expect(templateProblem("{{personalLine}}", body)).toMatch(/goes in the text, not the subject/);
    expect(templateProblem("Hi {{firstName}", body)).toMatch(/missing a brace/);
    expect(templateProblem("Hi", "Dear {{firstName}},")).toMatch(/\{\{personalLine\}\} in the text once/);
    expect(templateProblem("Hi", `${body}\n\n{{personalLine}}`)).toMatch(/once/);
    expect(templateProblem("Hi\nthere", body)).toBe("The subject must be one line.");
    expect(templateProblem(" ", body)).toBe("Write a subject.");
    expect(templateProblem("Hi", "")).toBe("Write the text of the e-mail.");
    expect(templateProblem("x".repeat(201), body)).toMatch(/keep it to 200/);
  });
});

describe("a decision e-mail's words", () => {
  const template = {
    subject: "Your application {{reference}}",
    body: "Dear {{firstName}},\n\nAbout {{role}}.\n\n{{personalLine}}\n\nKind regards",
  };

  it("fill the fields and leave no gap without a personal line", () => {
    expect(renderDecision(template, values)).toEqual({
      subject: "Your application APP-2026-000123",
      text: "Dear Priya,\n\nAbout Senior DevOps Engineer.\n\nKind regards\n",
    });
  });

  it("put the personal line on one line where the template says", () => {
    const { text } = renderDecision(template, { ...values, personalLine: " Thank you\r\nfor the\tdemo. " });
    expect(text).toBe("Dear Priya,\n\nAbout Senior DevOps Engineer.\n\nThank you for the demo.\n\nKind regards\n");
  });

  it("leave a value that looks like a field as typed, and keep values off new lines and out of headers", () => {
    const { subject, text } = renderDecision(
      { subject: "{{firstName}}: {{reference}}", body: template.body },
      { ...values, firstName: "{{role}}\r\nBcc: x@example.net\u202e" },
    );
    expect(subject).toBe("{{role}} Bcc: x@example.net: APP-2026-000123");
    expect(text.startsWith("Dear {{role}} Bcc: x@example.net,\n\n")).toBe(true);
  });
});
