/**
 * A role's title is HR's words, not a candidate's, but it still reaches mail headers and HTML:
 * a title holding markup or a line break (an insider's slip or worse) can neither add a header
 * nor a line that reads as another label, nor markup to the HTML bodies.
 */
import { describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { validApplicationFields } from "../test-support/fixtures";
import { confirmation } from "./confirmation";
import { notification, notificationLabels, type SubmissionRow } from "./templates";
import { submissionPayload } from "./webhook";

const row = {
  id: 7,
  kind: "application",
  reference: "APP-2026-000007",
  first_name: validApplicationFields.firstName,
  last_name: validApplicationFields.lastName,
  email: validApplicationFields.email,
  phone: "+14155550199",
  position: "Frontend Developer",
  reason: null,
  feedback_type: null,
  message: validApplicationFields.message,
  created_at: "2026-11-24T10:00:00.000Z",
  role: "senior-react-developer-london",
} as unknown as SubmissionRow;

const role = { slug: "senior-react-developer-london", title: '<b onclick="x()">Lead</b>\r\nBcc: everyone@example.com' };

describe("a role's title in the team's and the candidate's mail", () => {
  it("is one line in the confirmation's subject and text, and text in its HTML", () => {
    const mail = confirmation(row, formDefinitions.application, role);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(mail.html).not.toContain("<b");
    expect(mail.html).toContain("&lt;b onclick=&quot;x()&quot;&gt;Lead&lt;/b&gt;");
  });

  it("starts no line of its own in the notification, and is text in its HTML", () => {
    const mail = notification(row, "Europe/London", undefined, formDefinitions.application, role);
    const atMargin = mail.text.split("\n").filter((l) => l !== "" && !l.startsWith("  "));
    for (const line of atMargin.slice(1)) {
      expect(
        notificationLabels().some((label) => line.startsWith(`${label}: `)),
        line,
      ).toBe(true);
    }
    expect(mail.html).not.toContain("<b");
  });

  it("is sent to the webhook as it reads, beside the slug", () => {
    expect(submissionPayload(row, "<d@example.com>", formDefinitions.application, role).role).toEqual(role);
  });
});
