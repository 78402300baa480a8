/**
 * The server reads its forms from their definitions: a field added to a definition (and its
 * column added to the table, as a migration would) is checked, stored and shown in the
 * notification, the webhook payload, the export's header and rows, the console's detail view and
 * the form a no-JavaScript answer returns (with the visitor's value and the definition to render
 * it by), with no server file changed. The fixture (test-support/added-field.ts) is the contact
 * form with a company field; scripts/added-field.test.ts renders it in the site's and console's pages.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { honeypotField } from "../contracts/constants";
import { formDefinitions, type FormDefinition } from "../contracts/forms/index";
import { buildApp } from "./app";
import type { AnswerPages } from "./forms/answer-pages";
import { submissionView } from "./console/views/submission-view";
import { exportColumns, exportSubmissions } from "./exports/submissions";
import { keptValues } from "./forms/browser-answers";
import { formCheck } from "./forms/check";
import { notification } from "./mail/templates";
import { submissionPayload } from "./mail/webhook";
import { defaultRetention } from "./retention/retention-policy";
import type { SubmissionColumn } from "./submissions/submission-export";
import { insertSubmission } from "./submissions/submissions";
import { contactWithCompany, formsWithCompany as forms } from "./test-support/added-field";
import { backends, useBackend } from "./test-support/backends";
import { jsonHeaders, validContact } from "./test-support/fixtures";

describe.each(backends)("a field added to a form definition, on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let row: Awaited<ReturnType<typeof read>>;
  const read = (id: number) =>
    app.storage.db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false });
    // What the field's migration would do.
    await sql`alter table submissions add column company text`.execute(app.storage.db);
    const checked = await formCheck(contactWithCompany)({ ...validContact, company: "Analytical Engines" }, undefined);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const { id } = await insertSubmission(
      app.storage,
      contactWithCompany,
      checked.data,
      { ip: "192.0.2.4", userAgent: null, spam: false, now: new Date("2026-11-25T10:00:00.000Z") },
      [],
    );
    row = await read(id);
  });
  afterAll(() => app.close());

  it("is checked by the form's validator and stored in its column", async () => {
    const tooLong = await formCheck(contactWithCompany)({ ...validContact, company: "x".repeat(201) }, undefined);
    expect(tooLong.ok ? {} : tooLong.errors).toHaveProperty("company");
    expect((row as Record<string, unknown>).company).toBe("Analytical Engines");
  });

  it("is shown in the notification, among the one-line fields", () => {
    const mail = notification(row, "Europe/London", undefined, contactWithCompany);
    expect(mail.text).toContain("\nPhone: +14155550142\nCompany: Analytical Engines\nReason for inquiry: ");
    expect(mail.html).toContain('<th align="left" valign="top">Company</th><td>Analytical Engines</td>');
  });

  it("is sent in the webhook payload under its request key, beside every key sent before", () => {
    const payload = submissionPayload(row, "<delivery@example.com>", contactWithCompany) as Record<string, unknown>;
    expect(payload.company).toBe("Analytical Engines");
    expect(Object.keys(submissionPayload(row, "<delivery@example.com>"))).toEqual(
      Object.keys(payload).filter((k) => k !== "company"),
    );
  });

  it("is a column of the export, its header and its rows", async () => {
    const columns = exportColumns(forms);
    expect(columns).toContain("company");
    const exported = exportSubmissions(app.storage.db, {
      format: "csv",
      columns: columns as SubmissionColumn[],
      where: (db) => db.selectFrom("submissions"),
      order: "id",
      notes: false,
    });
    const lines: string[] = [];
    for await (const line of exported.lines) lines.push(line);
    expect(lines[0]).toContain('"company"');
    expect(lines[1]).toContain('"Analytical Engines"');
  });

  it("is shown in the console's detail view", () => {
    expect(submissionView(row, defaultRetention(), contactWithCompany).fields).toContainEqual({
      label: "Company",
      value: "Analytical Engines",
      multiLine: false,
    });
  });

  it("is answered by the form's endpoint: checked, stored, and given back to a browser's own post", async () => {
    const returned: { values: Record<string, string>; definition?: FormDefinition }[] = [];
    const pages: AnswerPages = {
      invalid: (_kind, form, definition) => (returned.push({ values: form.values, definition }), "<p>invalid</p>"),
      success: () => "<p>sent</p>",
      apiOrigins: [],
    };
    const api = await buildApp(env.config, { serveSite: false, storage: app.storage, answerPages: pages, forms });
    try {
      const sent = await api.inject({
        method: "POST",
        url: contactWithCompany.path,
        headers: jsonHeaders,
        payload: { ...validContact, lastName: "Byron", company: "Difference Engines" },
      });
      expect(sent.statusCode).toBe(201);
      const stored = await app.storage.db
        .selectFrom("submissions")
        .selectAll()
        .where("last_name", "=", "Byron")
        .executeTakeFirstOrThrow();
      expect((stored as Record<string, unknown>).company).toBe("Difference Engines");

      const { agree: _, ...withoutConsent } = validContact;
      const browserPost = await api.inject({
        method: "POST",
        url: contactWithCompany.path,
        headers: {
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
          origin: "https://www.altivacloud.com",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams({ ...withoutConsent, company: "Difference Engines" }).toString(),
      });
      expect(browserPost.statusCode).toBe(400);
      expect(returned).toEqual([
        { values: expect.objectContaining({ company: "Difference Engines" }), definition: contactWithCompany },
      ]);
    } finally {
      await api.close();
    }
  });

  it("is kept in the form returned by a no-JavaScript answer (a file field and the honeypot are not)", () => {
    const sent = { company: "Analytical Engines", [honeypotField]: "trap", resume: "cv.pdf" };
    expect(keptValues(contactWithCompany, sent)).toEqual({ company: "Analytical Engines", resume: "cv.pdf" });
    expect(keptValues(formDefinitions.application, sent)).toEqual({ company: "Analytical Engines" });
  });
});
