/**
 * A candidate's PDF, read by pdf.js inside the console (issue 44, decision 076): Chromium's own
 * PDF viewer is a plugin that no sandboxed frame may run, so the console draws the pages itself.
 * This module is loaded only when a PDF resume is opened (PdfResume.tsx is a lazy chunk), so
 * pdf.js stays out of the console's first load.
 *
 * The file is hostile until proven otherwise. pdf.js parses it in its worker, served from the
 * console's own assets (the console's CSP allows workers from 'self' only); the options below
 * keep it from evaluating strings as code, from running the file's scripts (the scripting build
 * is never loaded, and no annotation or form layer is drawn, so a link in the file is ink on the
 * canvas, not something to click) and from fetching anything: no CMaps, standard fonts, ICC
 * profiles or WebAssembly decoders are asked for, here or on any other host.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

GlobalWorkerOptions.workerSrc = workerUrl;

/** What getDocument is given besides the bytes; exported so that its test reads the same object. */
export const pdfOptions = {
  // PostScript functions in a PDF are otherwise compiled with `new Function`.
  isEvalSupported: false,
  enableXfa: false,
  // A font the file does not embed is drawn with one of the reader's own (a near match), so no
  // font data is fetched; the same for CMaps, colour profiles and the wasm image decoders.
  useSystemFonts: true,
  useWasm: false,
  // An image of more than 25 million pixels is left out rather than drawn (it could only be a
  // trap: a resume's photo is far smaller).
  maxImageSize: 25_000_000,
} as const;

export interface PdfResumeDocument {
  pages: number;
  /** Draws page `n` (from 1) on the canvas at `cssWidth` CSS pixels wide; the promise ends when drawn. */
  draw(n: number, canvas: HTMLCanvasElement, cssWidth: number): { done: Promise<void>; cancel(): void };
  /** The page's words, line by line, for screen readers and for copying. */
  text(n: number): Promise<string>;
  close(): Promise<void>;
}

/** Opens the PDF; a password or a broken file rejects with a sentence the page can show. */
export async function openPdf(bytes: ArrayBuffer): Promise<PdfResumeDocument> {
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument({ data: new Uint8Array(bytes), ...pdfOptions }).promise;
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    throw new Error(
      name === "PasswordException"
        ? "This PDF is protected by a password, so the console cannot show it. Download it to open it."
        : "This PDF could not be read. Download it to open it with a PDF reader.",
      { cause: error },
    );
  }
  return {
    pages: doc.numPages,
    draw(n, canvas, cssWidth) {
      let cancelled = false;
      let cancelTask = () => {};
      const done = doc.getPage(n).then(async (page) => {
        if (cancelled) return;
        const ratio = globalThis.devicePixelRatio || 1;
        const scale = cssWidth / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const task = page.render({ canvas, viewport });
        cancelTask = () => task.cancel();
        await task.promise;
      });
      return {
        done,
        cancel() {
          cancelled = true;
          cancelTask();
        },
      };
    },
    async text(n) {
      const content = await (await doc.getPage(n)).getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : "");
      }
      return text.trim();
    },
    close: () => doc.destroy(),
  };
}
