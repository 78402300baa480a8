import {
  erasureAnswer,
  erasurePlanAnswer,
  noteAnswer,
  scrubAnswer,
  statusAnswer,
  submissionDetailAnswer,
} from "@contracts/console-answers";
import type { ErasureAnswer, ErasurePlanAnswer, SubmissionDetailAnswer } from "@contracts/console-answers";
import { useCallback, useEffect, useRef, useState } from "react";
import { can } from "@contracts/staff/permissions";
import { api, ApiError, deletionText, formatTime, kindNames, type Staff, errorText } from "../../api";
import { Assignment } from "./Assignment";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { DecisionHistory } from "./DecisionHistory";
import { DecisionMail, isDecision } from "./DecisionMail";
import { Link } from "react-router";
import { ReplyBox } from "./ReplyBox";
import { FutureRoles } from "./FutureRoles";
import { LeadSource } from "./LeadSource";
import { SubmissionDetails } from "./SubmissionDetails";
import { useNoteDraft } from "./useNoteDraft";
import { useTitle } from "../../ui/useTitle";
import { BackToView, ViewNeighbours } from "./ViewNeighbours";

const purposeNames: Record<string, string> = {
  notify: "Notification to the team",
  confirm: "Confirmation to the sender",
  webhook: "Webhook delivery",
  decision: "Decision e-mail to the candidate",
  assign: "Assignment e-mail to a colleague",
  reply: "Reply to the sender",
};

export function SubmissionPage({ id, staff }: { id: number; staff: Staff }) {
  const [detail, setDetail] = useState<SubmissionDetailAnswer | null>(null);
  const [error, setError] = useState("");
  const [status, setStatus] = useState("");
  const [saved, setSaved] = useState("");
  const [note, setNote] = useNoteDraft(staff.id, id);
  const [noteError, setNoteError] = useState("");
  const [plan, setPlan] = useState<ErasurePlanAnswer | null>(null);
  const [planNote, setPlanNote] = useState("");
  const [erased, setErased] = useState<{ answer: ErasureAnswer; wholePerson: boolean } | null>(null);
  const [scrubNote, setScrubNote] = useState("");
  const s = detail?.submission;
  useTitle(s ? (s.reference ?? `${kindNames[s.kind]} from ${s.name}`) : "Submission");

  const load = useCallback(async () => {
    try {
      const d = await api(`submissions/${id}`, submissionDetailAnswer);
      setDetail(d);
      setStatus(d.submission.status);
    } catch (e) {
      setError(errorText(e));
    }
  }, [id]);
  useEffect(() => void load(), [load]);
  // The heading shown while loading is replaced; the loaded one takes the focus it had.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (detail && document.activeElement === document.body) heading.current?.focus();
  }, [detail]);

  if (erased) {
    const { answer, wholePerson } = erased;
    const what = `${answer.submissions} submission(s) (${answer.references.join(", ")}), ${answer.resumes} resume(s), ${answer.notes} note(s) and ${answer.messages} message(s)`;
    const retryScrub = async () => {
      setScrubNote("");
      try {
        const r = await api("erasure/scrub", scrubAnswer, {});
        if (r.scrubbed) setErased({ answer: { ...answer, scrubbed: true }, wholePerson });
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
            {wholePerson ? "Everything held about this person was erased" : "Erased"}: {what}. The entry in the audit
            log stays, without their details.
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
  if (error) {
    return (
      <>
        <h1 tabIndex={-1}>Submission</h1>
        <p className="error" role="alert">
          {error}
        </p>
      </>
    );
  }
  if (!detail || !s) return <h1 tabIndex={-1}>Submission</h1>;

  const saveStatus = async () => {
    setSaved("");
    try {
      const r = await api(`submissions/${id}/status`, statusAnswer, { status });
      // A decision moves the deletion date (docs/decisions/033): said where the person looks.
      setSaved(`Status saved: ${status}.${r.deletion ? ` Deletion date: ${deletionText(r.deletion)}.` : ""}`);
      // Updated in place: reloading the page would log another view in the audit log.
      setDetail({ ...detail, submission: { ...s, status: r.status, deletion: r.deletion } });
    } catch (err) {
      setSaved(errorText(err));
    }
  };
  const addNote = async (e: React.FormEvent) => {
    e.preventDefault();
    setNoteError("");
    if (!note.trim()) return setNoteError("Write the note first.");
    try {
      const added = await api(`submissions/${id}/notes`, noteAnswer, { body: note });
      setNote("");
      setDetail({ ...detail, notes: [...detail.notes, added] });
    } catch (err) {
      setNoteError(errorText(err));
    }
  };
  // The plan is shown first; the erasure carries its ids and is refused if the set has changed.
  const showPlan = async (note = "") => {
    try {
      setPlan(await api(`submissions/${id}/erase`, erasurePlanAnswer));
      setPlanNote(note);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const erase = async () => {
    if (!plan) return;
    try {
      const answer = await api(`submissions/${id}/erase`, erasureAnswer, {
        confirm: true,
        submissions: plan.items.map((i) => i.id),
      });
      setErased({ answer, wholePerson: plan.wholePerson });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) return void showPlan(errorText(err));
      setError(errorText(err));
    }
  };

  const title = s.reference ? `Application ${s.reference}` : `${kindNames[s.kind]} from ${s.name}`;

  return (
    <>
      <BackToView />
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <ViewNeighbours id={id} noun={s.kind === "application" ? "application" : "submission"} />
      <LeadSource source={s.source} />
      {s.kind === "application" && can(staff, "submissions:read:application") && (
        <p className="candidate-address">
          <Link to={`/submissions/${id}/candidate`}>Every application from {s.email}</Link>
        </p>
      )}
      <div className="columns">
        <SubmissionDetails
          before={[
            ["Kind", kindNames[s.kind]],
            ["Received", formatTime(s.created_at)],
            ["Application number", s.reference],
            ["Role applied for", detail.role?.title ?? null],
            ["Deletion date", s.deletion ? deletionText(s.deletion) : null],
          ]}
          fields={s.fields}
          after={[
            ["IP address", s.ip || null],
            ["Browser", s.user_agent],
          ]}
          resume={detail.resume}
          resumeHref={`/admin/api/submissions/${id}/resume`}
        />
        <section aria-labelledby="h-handling">
          <h2 id="h-handling">Handling</h2>
          <Assignment id={id} kind={s.kind} staff={staff} />
          {can(staff, "submissions:update") ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void saveStatus();
              }}
              className="inline"
            >
              <label htmlFor="status">Status</label>
              <select id="status" value={status} onChange={(e) => setStatus(e.target.value)}>
                {detail.statuses.map((st) => (
                  <option key={st} value={st}>
                    {st}
                  </option>
                ))}
              </select>
              <button type="submit">Save status</button>
            </form>
          ) : (
            <p>Status: {s.status}</p>
          )}
          <div aria-live="polite">{saved && <p className="hint">{saved}</p>}</div>
          {s.future_roles !== null && can(staff, "applications:retention") && (
            <FutureRoles
              id={id}
              consented={s.future_roles}
              onSaved={(consented, deletion) =>
                setDetail({ ...detail, submission: { ...s, future_roles: consented, deletion } })
              }
            />
          )}
          {s.kind === "application" && isDecision(s.status) && can(staff, "decisions:send") && (
            <DecisionMail
              key={s.status}
              submissionId={id}
              status={s.status}
              onQueued={(mail) => setDetail((d) => d && { ...d, decisionMails: [...d.decisionMails, mail] })}
            />
          )}
          <DecisionHistory mails={detail.decisionMails} />
          {s.kind !== "application" && can(staff, "replies:send") && (
            <ReplyBox submissionId={id} name={s.name} replies={detail.replies} onSent={() => setStatus("answered")} />
          )}
          <h3>Notes</h3>
          {detail.notes.length === 0 ? (
            <p>No notes yet.</p>
          ) : (
            <ul className="notes">
              {detail.notes.map((n) => (
                <li key={n.id}>
                  <p className="note-body">{n.body}</p>
                  <p className="hint">
                    {n.staff_name}, {formatTime(n.created_at)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {can(staff, "submissions:update") && (
            <form onSubmit={(e) => void addNote(e)}>
              <label htmlFor="note">Note</label>
              <textarea id="note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={5000} />
              <div aria-live="polite">{noteError && <p className="error">{noteError}</p>}</div>
              <button type="submit">Add note</button>
            </form>
          )}
          <h3>Messages</h3>
          {detail.messages.length === 0 ? (
            <p>No messages were queued for this submission.</p>
          ) : (
            <ul className="messages">
              {detail.messages.map((m) => (
                <li key={m.id}>
                  <strong>{purposeNames[m.purpose] ?? m.purpose}</strong> to {m.recipient}: {m.status}
                  {m.status === "sent" && m.sent_at ? ` ${formatTime(m.sent_at)}` : ""}
                  {m.attempts > 0 && m.status !== "sent" ? `, ${m.attempts} attempt(s)` : ""}
                  {m.last_error ? ` (last error: ${m.last_error})` : ""}
                </li>
              ))}
            </ul>
          )}
          {can(staff, "submissions:erase") && <h3>Erasure</h3>}
          {!can(staff, "submissions:erase") ? null : !plan ? (
            <button type="button" className="danger" onClick={() => void showPlan()}>
              {can(staff, "submissions:erase:whole-person") ? "Erase this person" : "Erase what your role holds"}
            </button>
          ) : (
            <>
              <div aria-live="polite">{planNote && <p className="error">{planNote}</p>}</div>
              <p id="erase-list">
                {plan.wholePerson
                  ? "Everything held about this address is listed here: every submission, whatever its kind."
                  : "Your role erases only the submissions it can see, listed here. An administrator can erase the whole person."}
              </p>
              <ul className="erase-plan" aria-labelledby="erase-list">
                {plan.items.map((item) => (
                  <li key={item.id}>
                    <strong>
                      {kindNames[item.kind]} {item.reference}
                    </strong>
                    , received {formatTime(item.created_at)}
                    {item.quarantined ? ", in quarantine" : ""}: {item.notes} note(s), {item.messages} message(s)
                    {item.resume
                      ? `, resume ${item.resume.fileName} (${Math.ceil(item.resume.size / 1024)} KB, uploaded as “${item.resume.original_name}”)`
                      : ""}
                  </li>
                ))}
              </ul>
              {plan.items.length === 0 ? (
                <p>
                  Nothing from this address is left that your role may erase.{" "}
                  <button type="button" onClick={() => setPlan(null)}>
                    Close
                  </button>
                </p>
              ) : (
                <ConfirmBox
                  id="erase-q"
                  danger
                  question={`${plan.wholePerson ? "Erase everything held about" : "Erase these submissions of"} ${s.name} (${s.email})? The ${plan.items.length} submission(s) listed above, their resumes, notes and messages are deleted for good. Copies in mailboxes are not reached.`}
                  action="Erase permanently"
                  onConfirm={() => void erase()}
                  onCancel={() => {
                    setPlan(null);
                    setPlanNote("");
                  }}
                />
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}
