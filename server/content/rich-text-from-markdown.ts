/**
 * Markdown to the stored rich-text format (contracts/content/rich-text.ts), for the one-time
 * import of today's Markdown content. Minimal version written by the store part of issue 41 so
 * that the import runs before the editor part is merged: the editor part owns this module
 * (s41-editor) and its version, with the same export, replaces this one at merge.
 *
 * Its signature is the editor part's: the site's origin makes a relative link absolute, and what
 * the format has no room for (raw HTML, a link that is not http, https or mailto) stops the
 * conversion with a MarkdownImportError naming it, so nothing is dropped in silence. Headings are
 * kept within levels 2 to 4.
 */
import { marked, type Token, type Tokens } from "marked";
import type { RichTextBlock, RichTextDoc } from "../../contracts/content/rich-text";

type Inline = { type: "text"; text: string; marks?: Mark[] } | { type: "hardBreak" };
type Mark = { type: "bold" } | { type: "italic" } | { type: "code" } | { type: "link"; attrs: { href: string } };

export interface MarkdownImportOptions {
  /** The site's origin: a relative link ("/services/migration") becomes an absolute one on it. */
  siteOrigin: string;
}

export class MarkdownImportError extends Error {
  constructor(message: string, raw: string) {
    super(`${message}: ${JSON.stringify(raw.trim().slice(0, 120))}`);
    this.name = "MarkdownImportError";
  }
}

function safeHref(href: string, raw: string, origin: string): string {
  const absolute = href.startsWith("/") && !href.startsWith("//") ? new URL(href, origin).href : href;
  if (!/^(https?:\/\/|mailto:)/i.test(absolute))
    throw new MarkdownImportError("A link may go to http, https or mailto addresses only", raw);
  return absolute;
}

function inline(tokens: Token[] | undefined, origin: string, marks: Mark[] = []): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        out.push(...inline((token as Tokens.Strong).tokens, origin, [...marks, { type: "bold" }]));
        break;
      case "em":
        out.push(...inline((token as Tokens.Em).tokens, origin, [...marks, { type: "italic" }]));
        break;
      case "codespan":
        out.push(text((token as Tokens.Codespan).text, [...marks, { type: "code" }]));
        break;
      case "link": {
        const link = token as Tokens.Link;
        out.push(
          ...inline(link.tokens, origin, [
            ...marks,
            { type: "link", attrs: { href: safeHref(link.href, link.raw, origin) } },
          ]),
        );
        break;
      }
      case "br":
        out.push({ type: "hardBreak" });
        break;
      case "html":
        throw new MarkdownImportError("Raw HTML has no place in the stored format", token.raw);
      case "text": {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) out.push(...inline(t.tokens, origin, marks));
        else out.push(text(decode(t.text), marks));
        break;
      }
      default:
        if ("text" in token && typeof token.text === "string") out.push(text(decode(token.text), marks));
    }
  }
  return out.filter((node) => node.type !== "text" || node.text.length > 0);
}

const text = (value: string, marks: Mark[]): Inline =>
  marks.length > 0 ? { type: "text", text: value, marks } : { type: "text", text: value };

/** marked escapes the characters HTML needs escaped in text tokens; the format holds them as typed. */
const decode = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!,
  );

const ignored = new Set(["space", "hr"]);

function blocks(tokens: Token[], origin: string): RichTextBlock[] {
  const out: RichTextBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const h = token as Tokens.Heading;
        const level = Math.min(4, Math.max(2, h.depth)) as 2 | 3 | 4;
        out.push({ type: "heading", attrs: { level }, content: inline(h.tokens, origin) });
        break;
      }
      case "paragraph":
        out.push({ type: "paragraph", content: inline((token as Tokens.Paragraph).tokens, origin) });
        break;
      case "list": {
        const list = token as Tokens.List;
        out.push({
          type: list.ordered ? "orderedList" : "bulletList",
          content: list.items.map((item) => {
            const inner = blocks(item.tokens, origin);
            return { type: "listItem" as const, content: inner.length > 0 ? inner : [{ type: "paragraph" as const }] };
          }),
        });
        break;
      }
      case "text": {
        // A tight list item's words: a paragraph of their own.
        const t = token as Tokens.Text;
        out.push({ type: "paragraph", content: inline(t.tokens ?? [t], origin) });
        break;
      }
      case "blockquote": {
        const inner = blocks((token as Tokens.Blockquote).tokens, origin);
        if (inner.length > 0) out.push({ type: "blockquote", content: inner });
        break;
      }
      case "code": {
        const code = token as Tokens.Code;
        out.push({
          type: "codeBlock",
          attrs: { language: code.lang || null },
          ...(code.text ? { content: [{ type: "text" as const, text: code.text }] } : {}),
        });
        break;
      }
      default:
        // Blank lines and thematic breaks carry no words; html and tables have no node to hold them.
        if (ignored.has(token.type)) break;
        throw new MarkdownImportError(`The stored format has no ${token.type}`, token.raw);
    }
  }
  return out;
}

export function richTextFromMarkdown(markdown: string, options: MarkdownImportOptions): RichTextDoc {
  const content = blocks(marked.lexer(markdown), options.siteOrigin);
  return { type: "doc", content: content.length > 0 ? content : [{ type: "paragraph" }] } as RichTextDoc;
}
