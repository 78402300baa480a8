import type { Ref } from "react";

/** What came of sending a mail: a line for the person who sent it, or an error. */
export interface SendResult {
  text: string;
  failed: boolean;
}

/**
 * The outcome of a send, announced as a status and focusable, so that the focus can move to it
 * once the send is done (the button that sent may be gone by then).
 */
export function SendOutcome({ outcome, ref }: { outcome: SendResult | null; ref: Ref<HTMLDivElement> }) {
  return (
    <div role="status" tabIndex={-1} ref={ref}>
      {outcome && <p className={outcome.failed ? "error" : "hint"}>{outcome.text}</p>}
    </div>
  );
}
