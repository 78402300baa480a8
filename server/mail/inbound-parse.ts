/**
 * An answer that came back by e-mail, read with mailparser (issue 44, docs/decisions/058): only
 * what the conversation needs. The text is the plain part, or else the HTML part converted to text
 * with html-to-text (no markup, no script or style, no image, no link address survives); the quoted tail of
 * our own reply is cut off; attachments are counted and dropped, never kept.
 */
import { convert } from "html-to-text";
import { simpleParser, type AddressObject } from "mailparser";
import { controlCharacters } from "../../contracts/fields";
import type { InboundMail } from "../replies/inbound";

/** Longest answer kept, in characters: a conversation, not an archive. */
export const inboundTextLimit = 20_000;

/** Control and bidi characters hide or reorder words: dropped, bar line breaks and tabs. */
const controls = new RegExp(controlCharacters.source, "g");
const withoutControls = (text: string) => text.replace(controls, (c) => ("\t\n\r".includes(c) ? c : ""));

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.flatMap((v) => (v.address ? [v.address.toLowerCase()] : [])));
}

/**
 * The answer without the quote of what it answers, as mail clients append it: a last block of
 * "> " lines, with the "On …, … wrote:" line before it.
 */
export function withoutQuotedTail(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.trim() === "") end--;
  let start = end;
  while (start > 0 && lines[start - 1]!.startsWith(">")) start--;
  if (start === end) return lines.slice(0, end).join("\n").trim();
  let cut = start;
  while (cut > 0 && lines[cut - 1]!.trim() === "") cut--;
  if (cut > 0 && /wrote:\s*$/i.test(lines[cut - 1]!)) cut--;
  const kept = lines.slice(0, cut).join("\n").trim();
  // An answer that is nothing but a quote keeps it: something came back, and it shows what.
  return kept || lines.slice(0, end).join("\n").trim();
}

/** An HTML part as plain text: its words only. */
export function htmlAsText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { ignoreHref: true } },
    ],
  });
}

export async function parseInbound(raw: Buffer | string): Promise<InboundMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const headers = mail.headers;
  const extra = ["delivered-to", "x-original-to"].flatMap((name) => {
    const value = headers.get(name);
    return typeof value === "string" ? [value.trim().toLowerCase()] : [];
  });
  const references = Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [];
  const body = mail.text?.trim() ? mail.text : typeof mail.html === "string" ? htmlAsText(mail.html) : "";
  const text = withoutQuotedTail(withoutControls(body));
  return {
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    references,
    from: addresses(mail.from)[0] ?? null,
    recipients: [...addresses(mail.to), ...addresses(mail.cc), ...extra],
    subject: (mail.subject ?? "").replace(/\s+/g, " ").trim().slice(0, 400),
    text: text.length > inboundTextLimit ? `${text.slice(0, inboundTextLimit)}…` : text,
    attachments: mail.attachments.length,
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
  };
}
