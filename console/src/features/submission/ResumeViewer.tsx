import type { ResumeAnswer } from "@contracts/console-answers";
import { useState } from "react";

/**
 * The resume inside the console (issue 44, decision 071), opened on request (each view is
 * audited). The frame is sandboxed without scripts or the console's origin, and the server sends
 * it under a CSP that loads nothing: a PDF's script or a DOCX's outside picture cannot run or call
 * anywhere. Links in a DOCX open in a new tab. Download stays beside it.
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
        {open && (
          <>
            {resume.detected_type === "pdf" && (
              <p className="hint">
                Chrome and Edge show no PDF inside a protected frame; if the frame stays empty there, use Download.
              </p>
            )}
            <iframe
              className="resume-frame"
              src={href}
              title={title}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
            />
          </>
        )}
      </div>
    </>
  );
}
