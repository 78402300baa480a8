import { describe, expect, it } from "vitest";
import { breaksOneLine, breaksText, controlCharacters, hiddenCharacterMessage, oneLineMessage } from "./fields";
import type { FormDefinition } from "./forms/definition";
import { applicationForm, contactForm, feedbackForm } from "./forms/index";
import { schemaOf } from "./forms/schema";
import { fieldErrors } from "./response";

const forms: [string, FormDefinition, Record<string, unknown>][] = [
  [
    "contact",
    contactForm,
    {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "4155550142",
      reason: "Cloud migration",
      message: "We want to move our billing platform to AWS.",
      agree: true,
    },
  ],
  [
    "application",
    applicationForm,
    {
      firstName: "Alan",
      lastName: "Turing",
      email: "alan@example.com",
      phone: "4155550199",
      position: "Backend Developer",
      message: "I have built payment APIs for six years.",
      agree: "true",
    },
  ],
  [
    "feedback",
    feedbackForm,
    {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      phone: "4155550123",
      feedbackType: "website",
      message: "Please add a case study about data platforms.",
      consent: true,
    },
  ],
];

/** What the issue reproduced, and its relatives: each must never reach storage in a one-line field. */
const hostile = {
  "ESC (OSC 52 sets the clipboard)": "\u001b]52;c;cm0gLXJmIH4=\u0007",
  "CR/LF (a forged mail line)": "\r\nBcc: everyone@example.com",
  "LF alone": "\nBcc: everyone@example.com",
  "U+202E right-to-left override": "\u202eoknalb",
  "U+2066 left-to-right isolate": "\u2066x\u2069",
  "C1 CSI (one-character ESC [)": "\u009b2J",
  DEL: "\u007f",
  NUL: "\u0000",
  "U+2028 line separator": "\u2028Bcc: x",
};

describe.each(forms)("the %s form's text fields", (_name, form, valid) => {
  const schema = schemaOf(form);
  const textFields = form.fields.map((f) => f.name).filter((k) => typeof valid[k] === "string");
  const multiLine = new Set(form.fields.filter((f) => f.input === "textarea").map((f) => f.name));

  it.each(Object.entries(hostile))("keep %s out of every one-line value", (_what, bad) => {
    for (const field of textFields) {
      const value = `${String(valid[field]).slice(0, 3)}${bad}${String(valid[field]).slice(3)}`;
      const result = schema.safeParse({ ...valid, [field]: value });
      if (result.success) {
        // Accepted only where the value cannot carry it on: a phone number's separators are
        // dropped, a multi-line field keeps line breaks (and nothing else).
        const out = String((result.data as Record<string, unknown>)[field]);
        expect(breaksText(out), `${field} kept ${JSON.stringify(out)}`).toBe(false);
        if (!multiLine.has(field)) expect(breaksOneLine(out), `${field} kept ${JSON.stringify(out)}`).toBe(false);
      } else {
        expect(Object.keys(fieldErrors(result.error)), field).toContain(field);
      }
    }
  });

  it("refuse a first name with ESC, CR/LF or U+202E with the form's message", () => {
    for (const bad of ["Ada\u001b]52;c;eA==\u0007", "Ada\r\nBcc: x@example.com", "Ada\u202eecal"]) {
      const result = schema.safeParse({ ...valid, firstName: bad });
      expect(result.success).toBe(false);
      expect(fieldErrors(result.error!).firstName).toBe(oneLineMessage("First name"));
    }
  });

  it("keep the message's line breaks and tabs but refuse its control and bidi characters", () => {
    const lines = "Hello,\r\n\r\nI build APIs.\n\tGitHub: https://github.com/ada";
    const kept = schema.safeParse({ ...valid, message: lines });
    expect(kept.success).toBe(true);
    expect((kept.data as { message: string }).message).toBe(lines);
    for (const bad of ["Hello \u001b[2J", "Hello \u202egnp.exe", "Hello \u0085"]) {
      const result = schema.safeParse({ ...valid, message: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(fieldErrors(result.error!).message).toMatch(/contains a hidden character\. Please type it again/);
    }
  });
});

describe("the character rules", () => {
  it("name every C0, DEL and C1 control and the bidi overrides and isolates", () => {
    const expected = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      ...Array.from({ length: 0xa0 - 0x7f }, (_, i) => 0x7f + i),
      ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069],
    ];
    for (let code = 0; code <= 0x2100; code++) {
      expect(controlCharacters.test(String.fromCharCode(code)), code.toString(16)).toBe(expected.includes(code));
    }
  });

  it("read as real copy, naming the field", () => {
    expect(oneLineMessage("Last name")).toBe(
      "Last name contains a line break or a hidden character. Please type it again.",
    );
    expect(hiddenCharacterMessage("Cover letter")).toBe(
      "Cover letter contains a hidden character. Please type it again or paste it as plain text.",
    );
  });
});
