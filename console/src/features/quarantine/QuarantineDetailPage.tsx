import { quarantineDeletionAnswer, quarantinedDetailAnswer, releaseAnswer } from "@contracts/console-answers";
import { useEffect, useRef, useState } from "react";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { api, formatTime, kindNames, errorText } from "../../api";
import { Link, useLoaderData } from "react-router";
import { SubmissionDetails } from "../submission/SubmissionDetails";
import { useTitle } from "../../ui/useTitle";
import { verdictNames } from "./QuarantinePage";

type Done = { kind: "released"; queued: number } | { kind: "deleted"; submissions: number; resumes: number };

export const quarantineDetailLoader = (id: number) => api(`quarantine/${id}`, quarantinedDetailAnswer);

/** One quarantined submission: every field as text, its reasons, Release and Delete (each confirmed first). */
export function QuarantineDetailPage({ id }: { id: number }) {
  const detail = useLoaderData<typeof quarantineDetailLoader>();
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState<"release" | "delete" | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  useTitle(`Quarantined ${kindNames[detail.kind].toLowerCase()} from ${detail.name}`);

  // Released or deleted: the heading shown before is replaced; the new one takes the focus it had.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done && document.activeElement === document.body) heading.current?.focus();
  }, [done]);

  // Keyboard users keep their place: the confirmation's Cancel takes the focus (ConfirmBox), and
  // Cancel or Escape gives it back to the button that asked.
  const asked = useRef<"release" | "delete" | null>(null);
  const decision = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!confirming && asked.current)
      decision.current?.querySelector<HTMLButtonElement>(`[data-action="${asked.current}"]`)?.focus();
  }, [confirming]);
  const ask = (action: "release" | "delete" | null) => {
    if (action) asked.current = action;
    setConfirming(action);
  };

  const act = async (action: "release" | "delete") => {
    setError("");
    try {
      if (action === "release") {
        const r = await api(`quarantine/${id}/release`, releaseAnswer, { confirm: true });
        setDone({ kind: "released", queued: r.queued });
      } else {
        const r = await api(`quarantine/${id}/delete`, quarantineDeletionAnswer, { confirm: true });
        setDone({ kind: "deleted", submissions: r.submissions, resumes: r.resumes });
      }
    } catch (e) {
      ask(null);
      setError(errorText(e));
    }
  };

  const back = (
    <p>
      <Link to="/quarantine">Quarantine</Link>
    </p>
  );

  if (done) {
    return (
      <>
        {back}
        <h1 tabIndex={-1} ref={heading}>
          {done.kind === "released" ? "Submission released" : "Submission deleted"}
        </h1>
        {done.kind === "released" ? (
          <>
            <p role="status">
              It is an ordinary submission now: {done.queued} message(s) queued, the ones it would have sent on arrival.
            </p>
            <p>
              <Link to={`/submissions/${id}`}>Open it in the inbox</Link>
            </p>
          </>
        ) : (
          <p role="status">
            Deleted for good: {done.submissions} submission(s) and {done.resumes} resume(s). The entry in the audit log
            stays, without the sender&apos;s details.
          </p>
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <h1 tabIndex={-1} ref={heading}>
        Quarantined {kindNames[detail.kind].toLowerCase()} from {detail.name}
      </h1>
      <div className="columns">
        <SubmissionDetails
          before={[
            ["Kind", kindNames[detail.kind]],
            ["Received", formatTime(detail.createdAt)],
            ["Held as", verdictNames[detail.verdict]],
            ["Application number", detail.reference],
          ]}
          fields={detail.fields}
          resume={detail.resume}
          resumeNote="It can be downloaded once the submission is released."
        />
        <section aria-labelledby="h-review">
          <h2 id="h-review">Why it was held</h2>
          <ul>
            {detail.reasons.map((r) => (
              <li key={r.signal + r.text}>{r.text}</li>
            ))}
          </ul>
          <h3>Decision</h3>
          <div aria-live="polite">{error && <p className="error">{error}</p>}</div>
          {confirming === null && (
            <p className="decision" ref={decision}>
              <button type="button" data-action="release" onClick={() => ask("release")}>
                Release
              </button>
              <button type="button" data-action="delete" className="danger" onClick={() => ask("delete")}>
                Delete
              </button>
            </p>
          )}
          {confirming === "release" && (
            <ConfirmBox
              id="confirm-q"
              question={`Release this ${kindNames[detail.kind].toLowerCase()} from ${detail.name}? It joins the inbox and sends now what it would have sent on arrival: the team's notification, and the sender's confirmation and the webhook where those are switched on.`}
              action="Release it"
              onConfirm={() => void act("release")}
              onCancel={() => ask(null)}
            />
          )}
          {confirming === "delete" && (
            <ConfirmBox
              id="confirm-q"
              danger
              question={`Delete this ${kindNames[detail.kind].toLowerCase()} from ${detail.name} and every copy of it${detail.resume ? ", its resume included" : ""}? This cannot be undone.`}
              action="Delete permanently"
              onConfirm={() => void act("delete")}
              onCancel={() => ask(null)}
            />
          )}
        </section>
      </div>
    </>
  );
}
