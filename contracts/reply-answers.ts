/**
 * The console's answers about replies (issue 27), in their own module so that the submission's
 * answer (console-answers.ts) can carry its replies without the two files growing into each other.
 */
import { z } from "zod";
import { replyTemplateKinds } from "./replies";

/** A reply sent from the console: the words as sent, by whom, and where its delivery stands. */
export const replyAnswer = z.object({
  id: z.number().int(),
  /** The template's name it started from; null when written from nothing. */
  template: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The original quoted below the words (issue 44); null for replies sent before quoting. */
  quote: z.string().nullable(),
  messageId: z.string(),
  /** The submitter's message it answers: their last answer, else their confirmation; null when neither. */
  inReplyTo: z.string().nullable(),
  queuedAt: z.string(),
  queuedBy: z.string(),
  /** The outbox's state: pending (queued, retried until sent), sent, failed. */
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type ReplyAnswer = z.infer<typeof replyAnswer>;

/** An answer the sender e-mailed back (issue 44): its text only; attachments are counted, never kept. */
export const inboundAnswer = z.object({
  id: z.number().int(),
  /** The address it came from: always the one the submission holds. */
  sender: z.string(),
  subject: z.string(),
  text: z.string(),
  attachmentsRefused: z.number().int(),
  /** Its Date header; null when it had none. */
  sentAt: z.string().nullable(),
  receivedAt: z.string(),
});
export type InboundAnswer = z.infer<typeof inboundAnswer>;

/** A reply template (GET reply-templates; POST reply-templates answers the saved one). */
export const replyTemplateAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(replyTemplateKinds),
  subject: z.string(),
  body: z.string(),
  updated_at: z.string(),
  /** "Name <address>" of the administrator; null for the first version. */
  updated_by: z.string().nullable(),
});
export type ReplyTemplateAnswer = z.infer<typeof replyTemplateAnswer>;

/** POST submissions/:id/reply/draft: a template's words for this submission, to edit. */
export const replyDraftAnswer = z.object({ template: z.string(), subject: z.string(), text: z.string() });
export type ReplyDraftAnswer = z.infer<typeof replyDraftAnswer>;

/** POST submissions/:id/reply/preview: the reply exactly as Send would queue it now. */
export const replyPreviewAnswer = z.object({
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The original quoted below the text, as the e-mail will carry it. */
  quote: z.string(),
  /** Replies already queued for this submission; Send carries it back. */
  sent: z.number().int(),
});
export type ReplyPreviewAnswer = z.infer<typeof replyPreviewAnswer>;

/** GET submissions/:id/reply: what the reply box needs, the address and phone as stored, the templates for its kind. */
export const replyContextAnswer = z.object({
  recipient: z.string(),
  /** The number to dial as the submission holds it (E.164), or null when none was given. */
  phone: z.string().nullable(),
  templates: z.array(replyTemplateAnswer),
  /** The sender's answers that came back by e-mail (issue 44), oldest first. */
  answers: z.array(inboundAnswer),
});
export type ReplyContextAnswer = z.infer<typeof replyContextAnswer>;
