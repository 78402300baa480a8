import type { ResumeAnswer } from "@contracts/console-answers";
import { lazy, Suspense, useState } from "react";

/** pdf.js and its worker load only when a PDF is opened: the console's first load stays as it was. */
const PdfResume = lazy(() => import("./PdfResume"));

/**
 * The resume inside the console (issue 44, decisions 071 and 076), opened on request (each view is
 * audited). A PDF is drawn by pdf.js (PdfResume.tsx), because Chromium shows no PDF in a sandboxed
 * frame. A DOCX, converted and sanitised by the server, is shown in a frame sandboxed without
 * scripts or the console's origin, under a CSP that loads nothing: its outside picture cannot be
 * fetched and links open in a new tab. Download stays beside it.
 */
export function ResumeViewer(props: { resume: ResumeAnswer; href: string; title: string }) {
  const { resume, href, title } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>
        <button type="button" aria-expanded={open} aria-controls="resume-view" onClick={() => setOpen(!open)}>
          {open ? "Hide the resume" : "Show the resume here"}
        </button>
      </p>
      <div id="resume-view">
        {open &&
          (resume.detected_type === "pdf" ? (
            <Suspense fallback={<p role="status">Loading the resume…</p>}>
              <PdfResume href={href} title={title} />
            </Suspense>
          ) : (
            <iframe
              className="resume-frame"
              src={href}
              title={title}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
            />
          ))}
      </div>
    </>
  );
}
