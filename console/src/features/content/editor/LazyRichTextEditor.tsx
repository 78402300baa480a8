/**
 * The editor, loaded when a page first draws it: Tiptap and ProseMirror stay out of the console's
 * first load (their chunk's size is in decision 064).
 */
import { lazy, Suspense } from "react";
import type { RichTextEditorProps } from "./RichTextEditor";

const RichTextEditor = lazy(() => import("./RichTextEditor"));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<p role="status">Loading the editor…</p>}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
