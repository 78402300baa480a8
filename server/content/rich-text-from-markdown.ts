/**
 * Markdown to the stored rich-text format (contracts/content/rich-text.ts), for the one-time
 * import of today's Markdown content. Minimal version written by the store part of issue 41 so
 * that the import runs before the editor part is merged: the editor part owns this module
 * (s41-editor) and its version, with the same export, replaces this one at merge.
 *
 * Raw HTML in the Markdown is dropped (the format cannot hold it), headings are kept within
 * levels 2 to 4, and a link to anything but http, https or mailto keeps its words without the link.
 */
import { marked, type Token, type Tokens } from "marked";
import type { RichTextBlock, RichTextDoc } from "../../contracts/content/rich-text";

type Inline = { type: "text"; text: string; marks?: Mark[] } | { type: "hardBreak" };
type Mark = { type: "bold" } | { type: "italic" } | { type: "code" } | { type: "link"; attrs: { href: string } };

const safeHref = (href: string) => /^(https?:\/\/|mailto:)/i.test(href);

function inline(tokens: Token[] | undefined, marks: Mark[] = []): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        out.push(...inline((token as Tokens.Strong).tokens, [...marks, { type: "bold" }]));
        break;
      case "em":
        out.push(...inline((token as Tokens.Em).tokens, [...marks, { type: "italic" }]));
        break;
      case "codespan":
        out.push(text((token as Tokens.Codespan).text, [...marks, { type: "code" }]));
        break;
      case "link": {
        const link = token as Tokens.Link;
        out.push(
          ...inline(
            link.tokens,
            safeHref(link.href) ? [...marks, { type: "link", attrs: { href: link.href } }] : marks,
          ),
        );
        break;
      }
      case "br":
        out.push({ type: "hardBreak" });
        break;
      case "html":
        break;
      case "text": {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) out.push(...inline(t.tokens, marks));
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

function blocks(tokens: Token[]): RichTextBlock[] {
  const out: RichTextBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const h = token as Tokens.Heading;
        const level = Math.min(4, Math.max(2, h.depth)) as 2 | 3 | 4;
        out.push({ type: "heading", attrs: { level }, content: inline(h.tokens) });
        break;
      }
      case "paragraph":
        out.push({ type: "paragraph", content: inline((token as Tokens.Paragraph).tokens) });
        break;
      case "list": {
        const list = token as Tokens.List;
        out.push({
          type: list.ordered ? "orderedList" : "bulletList",
          content: list.items.map((item) => {
            const inner = blocks(item.tokens);
            return { type: "listItem" as const, content: inner.length > 0 ? inner : [{ type: "paragraph" as const }] };
          }),
        });
        break;
      }
      case "text": {
        // A tight list item's words: a paragraph of their own.
        const t = token as Tokens.Text;
        out.push({ type: "paragraph", content: inline(t.tokens ?? [t]) });
        break;
      }
      case "blockquote": {
        const inner = blocks((token as Tokens.Blockquote).tokens);
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
        // html, hr, space, tables: nothing the format holds.
        break;
    }
  }
  return out;
}

export function richTextFromMarkdown(markdown: string): RichTextDoc {
  const content = blocks(marked.lexer(markdown));
  return { type: "doc", content: content.length > 0 ? content : [{ type: "paragraph" }] } as RichTextDoc;
}
