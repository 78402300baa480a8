/**
 * The stored rich-text format (a ProseMirror/Tiptap JSON subset), minimal version written by the
 * store part of issue 41 so that its item schemas compile before the editor part is merged: the
 * editor part owns this file (s41-editor) and its version replaces this one at merge. The subset
 * is the one s41-shared.md fixes: paragraph, heading 2-4, bullet/ordered list, blockquote,
 * codeBlock, image {imageId, alt, caption}, hardBreak; marks bold, italic, code, link (http,
 * https, mailto only). No raw HTML can be expressed in it.
 */
import { z } from "zod";

const safeHref = z
  .string()
  .max(2_000)
  .refine((href) => /^(https?:\/\/|mailto:)/i.test(href), "Links may go to http, https or mailto addresses only.");

const mark = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("bold") }),
  z.strictObject({ type: z.literal("italic") }),
  z.strictObject({ type: z.literal("code") }),
  z.strictObject({ type: z.literal("link"), attrs: z.strictObject({ href: safeHref }) }),
]);

const text = z.strictObject({
  type: z.literal("text"),
  text: z.string().min(1).max(20_000),
  marks: z.array(mark).max(4).optional(),
});
const hardBreak = z.strictObject({ type: z.literal("hardBreak") });
const inline = z.discriminatedUnion("type", [text, hardBreak]);

const paragraph = z.strictObject({ type: z.literal("paragraph"), content: z.array(inline).max(500).optional() });
const heading = z.strictObject({
  type: z.literal("heading"),
  attrs: z.strictObject({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }),
  content: z.array(inline).max(100).optional(),
});
const codeBlock = z.strictObject({
  type: z.literal("codeBlock"),
  attrs: z.strictObject({ language: z.string().max(30).nullable().optional() }).optional(),
  content: z.array(z.strictObject({ type: z.literal("text"), text: z.string().min(1).max(20_000) })).optional(),
});
const image = z.strictObject({
  type: z.literal("image"),
  attrs: z.strictObject({
    imageId: z.string().min(1).max(100),
    alt: z.string().trim().min(1).max(300),
    caption: z.string().max(300).optional(),
  }),
});

export type RichTextBlock =
  | z.infer<typeof paragraph>
  | z.infer<typeof heading>
  | z.infer<typeof codeBlock>
  | z.infer<typeof image>
  | { type: "blockquote"; content: RichTextBlock[] }
  | { type: "bulletList" | "orderedList"; content: { type: "listItem"; content: RichTextBlock[] }[] };

const block: z.ZodType<RichTextBlock> = z.lazy(() =>
  z.union([
    paragraph,
    heading,
    codeBlock,
    image,
    z.strictObject({ type: z.literal("blockquote"), content: z.array(block).min(1).max(100) }),
    z.strictObject({
      type: z.enum(["bulletList", "orderedList"]),
      content: z
        .array(z.strictObject({ type: z.literal("listItem"), content: z.array(block).min(1).max(50) }))
        .min(1)
        .max(200),
    }),
  ]),
);

export const richTextDoc = z.strictObject({ type: z.literal("doc"), content: z.array(block).min(1).max(2_000) });
export type RichTextDoc = z.infer<typeof richTextDoc>;
