/**
 * Replies from the console (issue 27): the templates administrators edit, and the rules a reply's
 * words follow. A template fills a draft with the sender's first name and the submission's
 * reference; the staff member then edits the draft into their own words, and what they send is
 * exactly what they saw in the preview. The field filling is the decision templates' own
 * (contracts/careers/decision-text.ts).
 */
import { fieldProblem, fillFields, oneLineText } from "./careers/decision-text";

/** The kinds a reply is written for: enquiries and feedback (applications have decision e-mails). */
export const replyKinds = ["contact", "feedback"] as const;
export type ReplyKind = (typeof replyKinds)[number];
/**
 * The subject of the confirmation an enquiry's or feedback's sender receives (server/mail/
 * confirmation.ts): a reply's subject is "Re: " and this, so it threads with what they hold.
 */
export function isReplyKindName(kind: string): kind is ReplyKind {
  return (replyKinds as readonly string[]).includes(kind);
}
export const confirmationSubjects: Record<ReplyKind, string> = {
  contact: "We received your enquiry",
  feedback: "We received your feedback",
};
/** Which submissions a template is offered for. */
export const replyTemplateKinds = ["contact", "feedback", "both"] as const;
export type ReplyTemplateKind = (typeof replyTemplateKinds)[number];

/** What a reply template may name: nothing the sender typed bar their first name. */
export const replyFields = ["firstName", "reference"] as const;
export type ReplyValues = Record<(typeof replyFields)[number], string>;

export const replyFieldMeanings: ReplyValues = {
  firstName: "the sender's first name, as they typed it",
  reference: "the enquiry's or feedback's number in the console, such as #1042",
};

export const replyLimits = { name: 80, subject: 200, body: 5000 } as const;

export interface ReplyTemplate {
  name: string;
  kind: ReplyTemplateKind;
  subject: string;
  body: string;
}

export const firstReplyTemplates: readonly ReplyTemplate[] = [
  {
    name: "Thanks, let's book a call",
    kind: "contact",
    subject: "Your enquiry to Altiva Cloud ({{reference}})",
    body: `Dear {{firstName}},

Thank you for getting in touch. We have read your enquiry and would like to talk it through with you on a 30-minute call.

Could you reply with two or three times that suit you over the next week? We will send a video call link for the one you choose.

Kind regards,
The Altiva Cloud team`,
  },
  {
    name: "Asking for more detail",
    kind: "contact",
    subject: "A few questions about your enquiry ({{reference}})",
    body: `Dear {{firstName}},

Thank you for your enquiry. Before we suggest how we could help, we would like to understand a little more:

- Which systems or services are involved, and where do they run today?
- Is there a date you need to be ready by?
- Roughly how many people will use the result?

A short reply to this e-mail is enough; we will come back to you within two working days.

Kind regards,
The Altiva Cloud team`,
  },
  {
    name: "Feedback received",
    kind: "feedback",
    subject: "Thank you for your feedback ({{reference}})",
    body: `Dear {{firstName}},

Thank you for taking the time to tell us what you think. Your feedback has reached the team it concerns, and we read every message.

If there is anything you would like us to follow up with you directly, reply to this e-mail.

Kind regards,
The Altiva Cloud team`,
  },
];

/** The reference a reply names: the submission's number, else its id in the console. */
export function replyReference(row: { id: number; reference: string | null }): string {
  return row.reference ?? `#${row.id}`;
}

/** Why a template cannot be saved, in words for the administrator; undefined when it can. */
export function replyTemplateProblem(t: { name: string; subject: string; body: string }): string | undefined {
  if (!t.name.trim()) return "Give the template a name.";
  if (t.name.length > replyLimits.name)
    return `The name is ${t.name.length} characters long; keep it to ${replyLimits.name}.`;
  if (/[\r\n\u0085\u2028\u2029]/.test(t.name)) return "The name must be one line.";
  return (
    replyProblem(t.subject, t.body) ??
    fieldProblem("subject", t.subject, replyFields) ??
    fieldProblem("text", t.body, replyFields)
  );
}

/** Why a reply (or a template's words) cannot be sent as it is; undefined when it can. */
export function replyProblem(subject: string, body: string): string | undefined {
  if (!subject.trim()) return "Write a subject.";
  if (!body.trim()) return "Write the text of the reply.";
  if (/[\r\n\u0085\u2028\u2029]/.test(subject)) return "The subject must be one line.";
  if (subject.length > replyLimits.subject)
    return `The subject is ${subject.length} characters long; keep it to ${replyLimits.subject}.`;
  if (body.length > replyLimits.body)
    return `The text is ${body.length} characters long; keep it to ${replyLimits.body}.`;
  return undefined;
}

/** A template's words for one submission: the fields filled, the subject one line. */
export function fillReplyTemplate(
  template: { subject: string; body: string },
  values: ReplyValues,
): { subject: string; text: string } {
  const clean = { firstName: oneLineText(values.firstName), reference: oneLineText(values.reference) };
  return {
    subject: oneLineText(fillFields(template.subject, clean)).slice(0, replyLimits.subject),
    text: fillFields(template.body.replace(/\r\n?/g, "\n"), clean),
  };
}

/** The reply as it leaves: the subject one line, the text with unified line breaks and a final one. */
export function replyWords(subject: string, text: string): { subject: string; text: string } {
  const body = text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+$/gm, "")
    .replace(/^\n+|\s+$/g, "");
  return { subject: oneLineText(subject), text: `${body}\n` };
}

/** The subject a reply carries: "Re: " and the thread's subject, without a "Re:" already on it. */
export function replySubject(threadSubject: string): string {
  const base = oneLineText(threadSubject)
    .replace(/^(\s*(re|aw|sv|antw)\s*:\s*)+/i, "")
    .trim();
  return `Re: ${base}`.slice(0, replyLimits.subject);
}

/** Longest original a reply quotes: the start of a long message is enough to recall it. */
export const quoteLimit = 2000;

/** The original a reply quotes below its words, as mail clients write it ("On …, X wrote:", "> " lines); "" when it is empty. */
export function quoteOriginal(original: { who: string; when: string; text: string }): string {
  const text = original.text.replace(/\r\n?/g, "\n").trim();
  // Nothing to recall (a form without a message): no "wrote:" line over an empty quote.
  if (!text) return "";
  const cut = text.length > quoteLimit ? `${text.slice(0, quoteLimit)}…` : text;
  const lines = cut.split("\n").map((l) => (l ? `> ${l}` : ">"));
  return `On ${original.when}, ${oneLineText(original.who)} wrote:\n${lines.join("\n")}`;
}
