/**
 * A field added to a form definition appears on the pages people see, with no other file
 * changed: the form the server gives back to a browser without JavaScript (rendered by the same
 * components as the site's form page) and the console's detail view of the stored submission.
 * The server's part (validation, storage, notification, webhook, export) is
 * server/form-definition.test.ts, with the same fixture.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MemoryRouter } from "react-router";
import { FormAnswerView } from "../app/components/forms/form-answer";
import { schemaOf } from "../contracts/forms/schema";
import { SubmissionDetails } from "../console/src/features/submission/SubmissionDetails";
import { submissionView } from "../server/console/views/submission-view";
import { defaultRetention } from "../server/retention/retention-policy";
import { fieldValues } from "../server/submissions/submissions";
import { companyField, contactWithCompany } from "../server/test-support/added-field";
import { validContact } from "../server/test-support/fixtures";

const sent = { ...validContact, firstName: "Zoë", lastName: "Núñez", company: "Analytical Engines & Søn" };

describe("a field added to a form definition", () => {
  it("is on the form a browser without JavaScript gets back, with the visitor's value and its message", () => {
    const answer = {
      kind: "contact" as const,
      outcome: "returned" as const,
      form: {
        values: { ...sent, agree: "" },
        errors: { company: companyField.message, agree: "You must agree before submitting." },
      },
      definition: contactWithCompany,
    };
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(FormAnswerView, { answer })));
    const input = /<input[^>]*\bname="company"[^>]*>/.exec(html)?.[0];
    expect(input).toBeDefined();
    expect(input).toContain('value="Analytical Engines &amp; Søn"');
    const id = /\bid="([^"]+)"/.exec(input!)![1];
    expect(html).toMatch(
      new RegExp(`<label[^>]*for="${id}"[^>]*>Company <span class="field-mark">\\(optional\\)</span>`),
    );
    // Its message is in the summary, linked to it, and under the field.
    expect(html).toContain(`<a href="#${id}">${companyField.message.replace("'", "&#x27;")}</a>`);
    expect(html).toContain(`id="${id}-error"`);
    // In the form's order: after the phone number, before the reason.
    expect(html.indexOf('name="phone"')).toBeLessThan(html.indexOf('name="company"'));
    expect(html.indexOf('name="company"')).toBeLessThan(html.indexOf('name="reason"'));
  });

  it("is in the console's detail view of the stored submission", () => {
    const values = schemaOf(contactWithCompany).parse(sent);
    const row = {
      id: 7,
      kind: "contact" as const,
      reference: null,
      ...(fieldValues(contactWithCompany, values) as Record<string, string>),
      ip: "192.0.2.4",
      user_agent: null,
      spam: 0,
      selected: 0,
      created_at: "2026-11-25T10:00:00.000Z",
      status: "new",
      spam_verdict: null,
      spam_reasons: null,
    } as Parameters<typeof submissionView>[0];
    const view = submissionView(row, defaultRetention(), contactWithCompany);
    const html = renderToStaticMarkup(
      createElement(SubmissionDetails, { before: [], fields: view.fields, resume: null }),
    );
    expect(html).toContain("<dt>Company</dt><dd>Analytical Engines &amp; Søn</dd>");
    expect(html).toContain("<dt>Name</dt><dd>Zoë Núñez</dd>");
  });
});
