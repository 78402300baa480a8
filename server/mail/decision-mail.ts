/**
 * A decision e-mail as it leaves (issue 26): the subject and text written at Send
 * (contracts/careers/decision-text.ts, storage/decision-mails.ts), and an HTML part made from that
 * text with every character escaped, so a name such as `Zoë <b>` reads as typed in both. Replies
 * go to the careers inbox.
 */
import { escapeHtml, headerSafe, type MailContent } from "./templates";

/** The text's paragraphs as HTML paragraphs, its single line breaks as <br>; nothing unescaped. */
export function decisionHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

export function decisionMail(words: { subject: string; text: string }, careersEmail: string): MailContent {
  return {
    // Written as one line already; checked again here, as every header is.
    subject: headerSafe(words.subject, 400),
    text: words.text,
    html: decisionHtml(words.text),
    replyTo: careersEmail,
  };
}
