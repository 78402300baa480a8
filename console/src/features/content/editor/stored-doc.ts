/**
 * The editor's JSON as the stored format: Tiptap writes every attribute with its default (an
 * ordered list's start 1, a code block's language null); the store keeps only what says something.
 * The result is then validated with the format's own schema, never trusted.
 */
import { codeLanguages, type RichTextDoc, richTextDoc } from "@contracts/content/rich-text";
import type { JSONContent } from "@tiptap/core";

type Json = { type: string; [key: string]: unknown };

function attrsOf(node: JSONContent): Record<string, unknown> | undefined {
  const attrs = node.attrs ?? {};
  switch (node.type) {
    case "heading":
      return { level: attrs.level };
    case "orderedList":
      return attrs.start !== undefined && attrs.start !== 1 ? { start: attrs.start } : undefined;
    case "codeBlock":
      return { language: (codeLanguages as readonly unknown[]).includes(attrs.language) ? attrs.language : null };
    case "image":
      return {
        imageId: attrs.imageId,
        alt: attrs.alt,
        ...(typeof attrs.caption === "string" && attrs.caption.trim() ? { caption: attrs.caption } : {}),
      };
    default:
      return undefined;
  }
}

function storedNode(node: JSONContent): Json {
  const out: Json = { type: node.type ?? "" };
  if (node.type === "text") {
    out.text = node.text;
    if (node.marks?.length) {
      out.marks = node.marks.map((mark) =>
        mark.type === "link" ? { type: "link", attrs: { href: mark.attrs?.href } } : { type: mark.type },
      );
    }
    return out;
  }
  const attrs = attrsOf(node);
  if (attrs) out.attrs = attrs;
  if (node.content?.length) out.content = node.content.map(storedNode);
  return out;
}

export type StoredDocResult = { ok: true; doc: RichTextDoc } | { ok: false; reason: string };

/** The editor's JSON as a validated rich-text doc, or the first reason it is not one. */
export function storedDoc(json: JSONContent): StoredDocResult {
  const parsed = richTextDoc.safeParse(storedNode(json));
  if (parsed.success) return { ok: true, doc: parsed.data };
  return { ok: false, reason: parsed.error.issues[0]?.message ?? "the body does not fit the format" };
}
