/**
 * The confirmation that takes a form's place once it is sent: one component for both paths, so
 * a visitor with JavaScript sees the same heading, message and next steps as one without it (the
 * server's answer page, form-answer.tsx).
 */
import { formAnswerId } from "@contracts/constants";
import type { FormKind } from "@contracts/form-answers";
import type { RefObject } from "react";
import { formPagePath, sentWords } from "./sent-words";

export function SentPanel({
  kind,
  message,
  onAgain,
  panelRef,
}: {
  kind: FormKind;
  /** The success message: the server's, or the spec's default. */
  message: string;
  /**
   * With JavaScript, the way back shows the emptied form in place. Without it, the same link
   * loads the form's page.
   */
  onAgain?: () => void;
  /** Takes focus when the panel appears (see useFormSubmission). */
  panelRef?: RefObject<HTMLDivElement | null>;
}) {
  const words = sentWords[kind];
  return (
    <div ref={panelRef} id={formAnswerId} className="alert alert-success form-answer" role="status" tabIndex={-1}>
      <h2 className="h5">{words.done}</h2>
      <p>{message}</p>
      <p className="mb-0">
        <a
          href={formPagePath(kind)}
          onClick={
            onAgain
              ? (event) => {
                  event.preventDefault();
                  onAgain();
                }
              : undefined
          }
        >
          {words.again}
        </a>{" "}
        or go back to the <a href="/">home page</a>.
      </p>
    </div>
  );
}
