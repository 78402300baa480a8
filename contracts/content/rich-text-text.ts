/** Plain text out of a rich-text body: for feeds, meta descriptions and the reading time. */
import type { RichTextBlock, RichTextDoc, RichTextInline } from "./rich-text";

function inlineText(content: RichTextInline[] | undefined): string {
  return (content ?? []).map((node) => (node.type === "text" ? node.text : " ")).join("");
}

function blockTexts(block: RichTextBlock | RichTextDoc["content"][number]): string[] {
  switch (block.type) {
    case "paragraph":
    case "heading":
      return [inlineText(block.content)];
    case "codeBlock":
      return [(block.content ?? []).map((t) => t.text).join("")];
    case "image":
      // A caption is words the reader reads; alt text is for those who cannot see the picture.
      return block.attrs.caption ? [block.attrs.caption] : [];
    case "horizontalRule":
      return [];
    case "bulletList":
    case "orderedList":
      return block.content.flatMap((item) => item.content.flatMap(blockTexts));
    case "blockquote":
      return block.content.flatMap(blockTexts);
  }
}

/** Every block's text, one block a line, spaces collapsed. */
export function plainText(doc: RichTextDoc): string {
  return doc.content
    .flatMap(blockTexts)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** The first `max` characters of the text, cut at a word with an ellipsis, as a feed or a search result shows it. */
export function excerpt(doc: RichTextDoc, max = 160): string {
  return cutAtWord(plainText(doc).replace(/\n/g, " "), max);
}

/** `text` cut at the last whole word that fits in `max` characters, the ellipsis included. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? room.slice(0, lastSpace) : room).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Minutes to read at 230 words a minute (an adult's silent reading of non-fiction), one at least. */
export function readingMinutes(doc: RichTextDoc, wordsPerMinute = 230): number {
  const words = plainText(doc).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / wordsPerMinute));
}
