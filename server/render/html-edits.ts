/**
 * Changes to a page's HTML made at positions its parser found (htmlparser2, with each node's
 * start and end offsets), never by matching text: everything not edited keeps the bytes React
 * rendered, so a page rendered by the server and the same page prerendered are the same bytes.
 */
import type { AnyNode, Document, Element } from "domhandler";
import { isTag, isText } from "domhandler";
import { findAll } from "domutils";
import { parseDocument } from "htmlparser2";

/** Replace the characters from `start` up to (not including) `end` with `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export function parseHtml(html: string): Document {
  return parseDocument(html, { withStartIndices: true, withEndIndices: true });
}

/** Where a node is in the source: its first character and the one after its last. */
export function spanOf(node: AnyNode): { start: number; end: number } {
  if (node.startIndex === null || node.endIndex === null) throw new Error("html-edits: a node without its position");
  return { start: node.startIndex, end: node.endIndex + 1 };
}

export const elements = (doc: Document, test: (el: Element) => boolean): Element[] => findAll(test, doc.children);

/** The element's raw text as it stands in the source (a <style> or <script>, whose text is not markup). */
export function rawText(html: string, el: Element): string {
  const first = el.children[0];
  const last = el.children.at(-1);
  if (!first || !last) return "";
  if (!isText(first)) throw new Error(`html-edits: <${el.name}> holds markup`);
  return html.slice(spanOf(first).start, spanOf(last).end);
}

/** An edit replacing an element's text (a <style>'s CSS); an element without text gets it after its start tag. */
export function textEdit(html: string, el: Element, text: string): Edit {
  const first = el.children[0];
  if (first) return { start: spanOf(first).start, end: spanOf(el.children.at(-1)!).end, text };
  return beforeEndTag(html, el, text);
}

/** An edit putting `text` just before the element's end tag (`</body>`). */
export function beforeEndTag(html: string, el: Element, text: string): Edit {
  const close = `</${el.name}>`;
  const end = spanOf(el).end;
  if (html.slice(end - close.length, end).toLowerCase() !== close)
    throw new Error(`html-edits: <${el.name}> has no end tag to write before`);
  return { start: end - close.length, end: end - close.length, text };
}

/** The page with the edits made; edits may not overlap. */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error("html-edits: two edits overlap");
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}

/**
 * An edit removing one attribute from an element's start tag (the space before it too). React
 * writes `"`, `<` and `>` in attribute values as entities, so the start tag ends at its first `>`.
 */
export function attributeRemoval(html: string, el: Element, name: string): Edit {
  const { start } = spanOf(el);
  const tag = html.slice(start, html.indexOf(">", start));
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) throw new Error(`html-edits: <${el.name}> has no ${name}="…" to remove`);
  const close = tag.indexOf('"', at + name.length + 3);
  return { start: start + at, end: start + close + 1, text: "" };
}

/** Whether an element lies inside one that `test` accepts. */
export function insideOne(el: Element, test: (el: Element) => boolean): boolean {
  for (let p = el.parent; p; p = p.parent) if (isTag(p) && test(p)) return true;
  return false;
}

export const attr = (el: Element, name: string): string | undefined => el.attribs[name];
