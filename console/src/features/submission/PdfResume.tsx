import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { openPdf, type PdfResumeDocument } from "./pdf-document";
import "./PdfResume.css";

/**
 * A PDF resume drawn by pdf.js (issue 44, decision 076), a page at a time on a canvas. The bytes
 * come from the viewer's own address (the same permission check and audit entry as the sandboxed
 * frame had). A canvas alone says nothing to a screen reader, so each page is an image named
 * "Page n of m" and its text is offered beneath it, to read or copy. Previous and Next move by
 * page; with either focused, Page Up, Page Down, Home and End do too.
 */
export default function PdfResume(props: { href: string; title: string }) {
  const { href, title } = props;
  const [doc, setDoc] = useState<PdfResumeDocument | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [text, setText] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let opened: PdfResumeDocument | null = null;
    let gone = false;
    (async () => {
      const res = await fetch(href, { credentials: "same-origin", cache: "no-store" }).catch(() => null);
      if (!res?.ok) throw new Error("The resume could not be fetched. Reload the page, or download it.");
      opened = await openPdf(await res.arrayBuffer());
      if (gone) await opened.close();
      else setDoc(opened);
    })().catch((error: Error) => !gone && setProblem(error.message));
    return () => {
      gone = true;
      void opened?.close();
    };
  }, [href]);

  useEffect(() => {
    const target = canvas.current;
    if (!doc || !target) return;
    setText(null);
    const drawing = doc.draw(page, target, target.parentElement?.clientWidth || 600);
    drawing.done.catch((error: Error) => {
      if (error.name !== "RenderingCancelledException") setProblem("This page could not be drawn. Download the file.");
    });
    let gone = false;
    doc.text(page).then(
      (words) => !gone && setText(words),
      () => !gone && setText(""),
    );
    return () => {
      gone = true;
      drawing.cancel();
    };
  }, [doc, page]);

  if (problem) return <p className="error">{problem}</p>;
  if (!doc) return <p role="status">Loading the resume…</p>;

  const pages = doc.pages;
  const go = (to: number) => setPage(Math.min(pages, Math.max(1, to)));
  const onKeyDown = (event: KeyboardEvent) => {
    const to = { PageUp: page - 1, PageDown: page + 1, Home: 1, End: pages }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  };
  return (
    <section className="pdf-resume" aria-label={title}>
      {/* The buttons first, together: at 375 px the page count is what goes to a second line. */}
      {pages > 1 && (
        <p className="pdf-pager">
          <button type="button" aria-disabled={page === 1} onClick={() => go(page - 1)} onKeyDown={onKeyDown}>
            Previous page
          </button>
          <button type="button" aria-disabled={page === pages} onClick={() => go(page + 1)} onKeyDown={onKeyDown}>
            Next page
          </button>
          <span role="status">
            Page {page} of {pages}
          </span>
        </p>
      )}
      <div className="pdf-page">
        <canvas ref={canvas} role="img" aria-label={`Page ${page} of ${pages}; its text follows`} />
      </div>
      <details className="pdf-text">
        <summary>Text of page {page}</summary>
        {text === null ? (
          <p>Reading the page…</p>
        ) : text ? (
          <div className="pdf-words">{text}</div>
        ) : (
          <p>This page has no text to read out: it may be a scanned picture. Download the file to read it.</p>
        )}
      </details>
    </section>
  );
}
