/**
 * The stored format of a rich-text body (decision 064): a subset of Tiptap/ProseMirror JSON that
 * the console's editor writes, the store validates and the site renders to semantic HTML. There
 * is no HTML node of any kind, every object is strict (an `onerror` or `style` attr is refused,
 * not dropped), and a link's address is checked the way a browser will read it.
 */
import { z } from "zod";

// Contracts compile without the DOM's or Node's types (tsconfig.contracts.json), yet both sides
// have the WHATWG URL parser at run time: this names the part of it the href check reads.
declare const URL: new (input: string) => { protocol: string; hostname: string };

/** Limits that keep a hostile body from blowing up a render or a database row. */
export const richTextLimits = {
  /** Nesting of nodes below the doc: a list in a list in a quote stays far below this. */
  maxDepth: 12,
  /** Every node, text included. A 3,000-word article is about 600. */
  maxNodes: 5_000,
  /** Characters of one text node. */
  maxTextLength: 10_000,
  /** Characters of all text together (a long article is 40,000). */
  maxTotalText: 200_000,
  maxHrefLength: 2_048,
  maxAltLength: 300,
  maxCaptionLength: 500,
} as const;

/** The languages a code block may name (the class `language-<name>` on the site). */
export const codeLanguages = [
  "bash",
  "css",
  "dockerfile",
  "go",
  "hcl",
  "html",
  "java",
  "javascript",
  "json",
  "python",
  "sql",
  "typescript",
  "yaml",
] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

export const linkSchemes = ["http:", "https:", "mailto:"] as const;

/**
 * True when a browser would read `href` as an absolute http, https or mailto address. Anything
 * with a control character, a space or a character past ASCII is refused before parsing, because
 * the URL parser silently drops tabs and newlines ("java\tscript:") and trims the ends; the
 * scheme is then read by the parser itself, so "JaVaScRiPt:", "&#106;avascript:" (no scheme:
 * relative, refused) and "javascript&colon;" (not a URL) cannot pass.
 */
export function isSafeHref(href: unknown): href is string {
  if (typeof href !== "string" || href.length === 0 || href.length > richTextLimits.maxHrefLength) return false;
  if (!/^[\x21-\x7e]+$/.test(href)) return false;
  let parsed: { protocol: string; hostname: string };
  try {
    parsed = new URL(href);
  } catch {
    return false;
  }
  if (!(linkSchemes as readonly string[]).includes(parsed.protocol)) return false;
  // The parser lower-cases the scheme; the stored text must say the same, so no renderer that
  // compares strings (a feed reader, an e-mail client) reads a different scheme than we checked.
  if (!href.toLowerCase().startsWith(parsed.protocol)) return false;
  return parsed.protocol === "mailto:" || parsed.hostname.length > 0;
}

/** Text as ProseMirror holds it: never empty, no NUL or other control character but tab and line breaks (PostgreSQL's jsonb refuses \u0000). */
const textContent = z
  .string()
  .min(1)
  .max(richTextLimits.maxTextLength, "A paragraph may hold 10,000 characters at most: split it.")
  // eslint-disable-next-line no-control-regex
  .refine((text) => !/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text), "Text may not hold control characters.");

const linkMark = z.strictObject({
  type: z.literal("link"),
  attrs: z.strictObject({
    href: z.string().refine(isSafeHref, "A link must be an http, https or mailto address."),
  }),
});
export const markSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("bold") }),
  z.strictObject({ type: z.literal("italic") }),
  z.strictObject({ type: z.literal("code") }),
  linkMark,
]);
export type RichTextMark = z.infer<typeof markSchema>;

const textNode = z.strictObject({
  type: z.literal("text"),
  text: textContent,
  marks: z
    .array(markSchema)
    .max(4)
    .refine((marks) => new Set(marks.map((m) => m.type)).size === marks.length, "A mark may be set once per text.")
    // As in Tiptap's Code mark (excludes all others): inline code is never bold, italic or a link.
    .refine((marks) => marks.length === 1 || !marks.some((m) => m.type === "code"), "Inline code takes no other mark.")
    .optional(),
});
const hardBreak = z.strictObject({ type: z.literal("hardBreak") });
export const inlineSchema = z.discriminatedUnion("type", [textNode, hardBreak]);
export type RichTextInline = z.infer<typeof inlineSchema>;
const inlineContent = z.array(inlineSchema).optional();

const paragraph = z.strictObject({ type: z.literal("paragraph"), content: inlineContent });
const heading = z.strictObject({
  type: z.literal("heading"),
  // The page's title is its h1: a body starts at h2.
  attrs: z.strictObject({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }),
  content: inlineContent,
});
const codeBlock = z.strictObject({
  type: z.literal("codeBlock"),
  attrs: z.strictObject({ language: z.enum(codeLanguages).nullable() }).optional(),
  content: z.array(z.strictObject({ type: z.literal("text"), text: textContent })).optional(),
});
/** An image's id as the images part gives it (decision 063): never a path or an address. */
export const imageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "An image id is letters, digits, - and _.");
/** Alt text: required for every image, and a short description, not an essay. */
export const altTextSchema = z.string().trim().min(1, "Every image needs alt text.").max(richTextLimits.maxAltLength);

/** An image by reference (the images part's `{ imageId, alt }`) with an optional caption. */
const image = z.strictObject({
  type: z.literal("image"),
  attrs: z.strictObject({
    imageId: imageIdSchema,
    alt: altTextSchema,
    caption: z.string().max(richTextLimits.maxCaptionLength).nullable().optional(),
  }),
});
const horizontalRule = z.strictObject({ type: z.literal("horizontalRule") });

export type RichTextParagraph = z.infer<typeof paragraph>;
export type RichTextHeading = z.infer<typeof heading>;
export type RichTextCodeBlock = z.infer<typeof codeBlock>;
export type RichTextImage = z.infer<typeof image>;
export interface RichTextListItem {
  type: "listItem";
  content: (RichTextParagraph | RichTextList)[];
}
export interface RichTextBulletList {
  type: "bulletList";
  content: RichTextListItem[];
}
export interface RichTextOrderedList {
  type: "orderedList";
  attrs?: { start: number };
  content: RichTextListItem[];
}
export type RichTextList = RichTextBulletList | RichTextOrderedList;
export interface RichTextBlockquote {
  type: "blockquote";
  content: (RichTextParagraph | RichTextHeading | RichTextList | RichTextBlockquote)[];
}
export type RichTextBlock =
  | RichTextParagraph
  | RichTextHeading
  | RichTextList
  | RichTextBlockquote
  | RichTextCodeBlock
  | RichTextImage
  | z.infer<typeof horizontalRule>;
export interface RichTextDoc {
  type: "doc";
  content: RichTextBlock[];
}

const list: z.ZodType<RichTextList> = z.lazy(() => z.discriminatedUnion("type", [bulletList, orderedList]));
const listItem: z.ZodType<RichTextListItem> = z.lazy(() =>
  z.strictObject({
    type: z.literal("listItem"),
    // ProseMirror's list item: a paragraph first, then paragraphs or nested lists.
    content: z
      .array(z.union([paragraph, list]))
      .min(1)
      .refine((content) => content[0]?.type === "paragraph", "A list item starts with a paragraph."),
  }),
);
const bulletList = z.strictObject({ type: z.literal("bulletList"), content: z.array(listItem).min(1) });
const orderedList = z.strictObject({
  type: z.literal("orderedList"),
  attrs: z.strictObject({ start: z.int().min(0).max(10_000) }).optional(),
  content: z.array(listItem).min(1),
});
const blockquote: z.ZodType<RichTextBlockquote> = z.lazy(() =>
  z.strictObject({
    type: z.literal("blockquote"),
    content: z.array(z.union([paragraph, heading, list, blockquote])).min(1),
  }),
);
const block: z.ZodType<RichTextBlock> = z.union([
  paragraph,
  heading,
  list,
  blockquote,
  codeBlock,
  image,
  horizontalRule,
]);

/**
 * Counts nodes, depth and text before zod walks the tree, with a stack of its own: a body nested
 * 100,000 deep is refused here instead of overflowing the recursive parse behind it.
 */
function withinLimits(value: unknown, ctx: z.RefinementCtx): void {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  let nodes = 0;
  let text = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    nodes += 1;
    if (depth > richTextLimits.maxDepth) {
      ctx.addIssue({ code: "custom", message: `A body may nest ${richTextLimits.maxDepth} levels at most.` });
      return;
    }
    if (nodes > richTextLimits.maxNodes) {
      ctx.addIssue({ code: "custom", message: `A body may hold ${richTextLimits.maxNodes} nodes at most.` });
      return;
    }
    const { text: own, content } = node as { text?: unknown; content?: unknown };
    if (typeof own === "string") text += own.length;
    if (text > richTextLimits.maxTotalText) {
      ctx.addIssue({ code: "custom", message: `A body may hold ${richTextLimits.maxTotalText} characters at most.` });
      return;
    }
    if (Array.isArray(content)) {
      if (content.length > richTextLimits.maxNodes) {
        ctx.addIssue({ code: "custom", message: `A body may hold ${richTextLimits.maxNodes} nodes at most.` });
        return;
      }
      for (const child of content) stack.push({ node: child, depth: depth + 1 });
    }
  }
}

const docShape = z.strictObject({ type: z.literal("doc"), content: z.array(block) });

/** A rich-text body as stored: refuses anything outside the subset, and anything too large to render. */
export const richTextDoc: z.ZodType<RichTextDoc> = z
  .unknown()
  .superRefine(withinLimits)
  .pipe(docShape) as unknown as z.ZodType<RichTextDoc>;

/** The empty body a new item starts with. */
export const emptyRichTextDoc: RichTextDoc = { type: "doc", content: [] };
