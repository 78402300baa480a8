import { scrubAnswer, type ErasureAnswer } from "@contracts/console-answers";
import { useState } from "react";
import { Link } from "react-router";
import { api, errorText } from "../../api";

/**
 * What the page shows once an erasure is done: what went, and, while another process still holds
 * old copies in the database's log, a way to try clearing them again.
 */
export function ErasedNotice(props: { answer: ErasureAnswer; wholePerson: boolean }) {
  const { wholePerson } = props;
  const [answer, setAnswer] = useState(props.answer);
  const [scrubNote, setScrubNote] = useState("");
  const what = `${answer.submissions} submission(s) (${answer.references.join(", ")}), ${answer.resumes} resume(s), ${answer.notes} note(s) and ${answer.messages} message(s)`;
  const retryScrub = async () => {
    setScrubNote("");
    try {
      const r = await api("erasure/scrub", scrubAnswer, {});
      if (r.scrubbed) setAnswer({ ...answer, scrubbed: true });
      else setScrubNote("Another process still reads the database. The server keeps trying; try again later.");
    } catch (err) {
      setScrubNote(errorText(err));
    }
  };
  return (
    <>
      <h1 tabIndex={-1}>
        {!answer.scrubbed
          ? "Erased, but old copies remain for now"
          : wholePerson
            ? "Person erased"
            : "Submissions erased"}
      </h1>
      {answer.scrubbed ? (
        <p role="status">
          {wholePerson ? "Everything held about this person was erased" : "Erased"}: {what}. The entry in the audit log
          stays, without their details.
        </p>
      ) : (
        <>
          <p role="status">
            Deleted {what}. Another process is reading the database, so old copies of these records remain in its log
            until it lets go. The server keeps trying to clear them for the next few minutes.
          </p>
          <p>
            <button type="button" onClick={() => void retryScrub()}>
              Try clearing again
            </button>
          </p>
          <div aria-live="polite">{scrubNote && <p className="hint">{scrubNote}</p>}</div>
        </>
      )}
      <p>
        <Link to="/">Back to the inbox</Link>
      </p>
    </>
  );
}
